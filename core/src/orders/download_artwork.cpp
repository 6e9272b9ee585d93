#include "artshop/core/orders/download_artwork.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <map>
#include <string_view>

#include "artshop/core/orders/artworks.hpp"
#include "artshop/core/ports/database_unavailable.hpp"

namespace artshop {

namespace {

// Whether the client holds `version` already.
bool held(const DownloadArtworkRequest& request, std::string_view version) {
  return std::ranges::any_of(request.held_versions,
                             [&](const std::string& tag) { return tag == version || tag == "*"; });
}

}  // namespace

Result<ArtworkFile> DownloadArtwork::operator()(const DownloadArtworkRequest& request) {
  struct Found {
    Artwork artwork;
    Offer offer;
    std::optional<std::string> version;
  };
  // Only the lookups run in transactions; the rendering holds no connection.
  auto found = transactions_.read([&](Ports::Scope& tx) -> Result<Found> {
    auto artwork = tx.get<ArtworkRepository>().find(request.id);
    if (!artwork || artwork->owner != request.caller) {
      return std::unexpected(Error::not_found("no such artwork"));
    }
    auto offer = tx.get<OfferRepository>().find_by_id(artwork->offer);
    if (!offer) {
      return std::unexpected(
          Error::internal(fmt::format("artwork {} names offer {}, which does not exist",
                                      request.id.value, artwork->offer.value)));
    }
    auto version =
        tx.get<ArtworkRepository>().rendered(offer->id, artwork->long_edge, ImageFormat::Jpeg);
    return Found{std::move(*artwork), std::move(*offer), std::move(version)};
  });
  if (!found) return std::unexpected(found.error());
  const auto& [artwork, offer, version] = *found;
  ArtworkFile file{.file_name = artwork_file_name(offer.url_name, artwork.size_name),
                   .version = {},
                   .not_modified = false,
                   .image = {.format = ImageFormat::Jpeg, .bytes = {}, .width = 0, .height = 0}};
  const auto size = size_at_long_edge(offer.width, offer.height, artwork.long_edge);
  file.image.width = size.width;
  file.image.height = size.height;

  try {
    // A remembered render whose file is gone (a restored backup) is rendered again.
    if (version && originals_.exists(*version)) {
      file.version = *version;
      file.not_modified = held(request, *version);
      if (file.not_modified || !request.bytes_wanted) return file;
      auto bytes = originals_.get(*version);
      if (!bytes) {
        return std::unexpected(Error::internal(
            fmt::format("the render of artwork {} ({}) vanished", request.id.value, *version)));
      }
      file.image.bytes = std::move(*bytes);
      return file;
    }
    auto rendered = render(artwork, offer);
    if (!rendered) return std::unexpected(rendered.error());
    file.version = originals_.put(rendered->bytes, extension(ImageFormat::Jpeg));
    const auto remembered = transactions_.write([&](Ports::Scope& tx) -> Result<bool> {
      tx.get<ArtworkRepository>().remember_rendered(offer.id, artwork.long_edge, ImageFormat::Jpeg,
                                                    file.version);
      return true;
    });
    if (!remembered) return std::unexpected(remembered.error());
    file.image = std::move(*rendered);
    // The same bytes get the same key, so a client may hold a render made again.
    file.not_modified = held(request, file.version);
    if (file.not_modified || !request.bytes_wanted) file.image.bytes.clear();
    return file;
  } catch (const DatabaseUnavailable&) {
    throw;  // not the render's fault: the adapter answers it 503 with Retry-After
  } catch (const TransactionContention&) {
    throw;
  } catch (const std::exception& error) {
    return std::unexpected(Error::internal(
        fmt::format("rendering artwork {} failed: {}", request.id.value, error.what())));
  }
}

Result<EncodedImage> DownloadArtwork::render(const Artwork& artwork, const Offer& offer) {
  if (offer.source.is_generated()) {
    // The recipe draws the same picture at any size (the previews came from a smaller
    // drawing), so it is drawn at the bought size itself, with all its detail. Catalogue sizes
    // stop at the generator's largest drawing (kGeneratedFullLongEdge); a larger one, which
    // only a hand-made offer could list, would be enlarged from that drawing. The rows go to
    // the encoder as they are drawn, so a large picture need not be held whole.
    const GenerationRequest recipe{.prompt = offer.source.prompt,
                                   .style = offer.style,
                                   .aspect_ratio = offer.aspect_ratio,
                                   .seed = offer.source.seed,
                                   .long_edge = std::min(artwork.long_edge, kGeneratorMaxLongEdge)};
    return processor_.encode_drawn(
        [&](PictureRows& rows) { generator_.generate_rows(recipe, rows); }, artwork.long_edge,
        ImageFormat::Jpeg);
  }
  const auto original = originals_.get(offer.source.original_key);
  if (!original) {
    return std::unexpected(Error::internal(fmt::format("the original of offer {} ({}) is missing",
                                                       offer.id.value, offer.source.original_key)));
  }
  return processor_.render_at(bytes_of(*original), artwork.long_edge, ImageFormat::Jpeg);
}

}  // namespace artshop
