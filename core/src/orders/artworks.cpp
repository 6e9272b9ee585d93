#include "artshop/core/orders/artworks.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <exception>
#include <map>

namespace artshop {
namespace {

// Holds one of the semaphore's places for as long as it lives.
class RenderSlot {
 public:
  explicit RenderSlot(std::counting_semaphore<DownloadArtwork::kMaxParallelLimit>& places)
      : places_(places) {
    places_.acquire();
  }
  ~RenderSlot() { places_.release(); }
  RenderSlot(const RenderSlot&) = delete;
  RenderSlot& operator=(const RenderSlot&) = delete;

 private:
  std::counting_semaphore<DownloadArtwork::kMaxParallelLimit>& places_;
};

bool is_file_name_safe(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_';
}

}  // namespace

ImageSize size_at_long_edge(int width, int height, int long_edge) noexcept {
  if (width <= 0 || height <= 0 || long_edge <= 0) return {};
  const std::int64_t longer = std::max(width, height);
  const std::int64_t shorter = std::min(width, height);
  const auto scaled = static_cast<int>(
      std::max<std::int64_t>(1, (shorter * long_edge * 2 + longer) / (2 * longer)));
  return width >= height ? ImageSize{long_edge, scaled} : ImageSize{scaled, long_edge};
}

std::string artwork_file_name(std::string_view url_name, std::string_view size_name) {
  std::string size(size_name);
  for (auto& c : size) {
    if (!is_file_name_safe(c)) c = '-';
  }
  return fmt::format("{}-{}.jpg", url_name, size);
}

Result<std::vector<OwnedArtwork>> ListArtworks::operator()(UserId caller) {
  return transactions_.read([&](Repositories& repos) -> Result<std::vector<OwnedArtwork>> {
    std::map<OfferId, std::optional<Offer>> offers;
    std::vector<OwnedArtwork> owned;
    for (auto& artwork : repos.artworks.list_for_user(caller)) {
      auto [known, inserted] = offers.try_emplace(artwork.offer);
      if (inserted) known->second = repos.offers.find_by_id(artwork.offer);
      const auto& offer = known->second;
      if (!offer) {
        return std::unexpected(
            Error::internal(fmt::format("artwork {} names offer {}, which does not exist",
                                        artwork.id.value, artwork.offer.value)));
      }
      const auto size = size_at_long_edge(offer->width, offer->height, artwork.long_edge);
      owned.push_back({.artwork = std::move(artwork),
                       .url_name = offer->url_name,
                       .images = offer->images,
                       .width = size.width,
                       .height = size.height});
    }
    return owned;
  });
}

Result<ArtworkFile> DownloadArtwork::operator()(UserId caller, ArtworkId id) {
  struct Found {
    Artwork artwork;
    Offer offer;
  };
  // Only the lookup runs in a transaction; the rendering holds no connection.
  auto found = transactions_.read([&](Repositories& repos) -> Result<Found> {
    auto artwork = repos.artworks.find(id);
    if (!artwork || artwork->owner != caller) {
      return std::unexpected(Error::not_found("no such artwork"));
    }
    auto offer = repos.offers.find_by_id(artwork->offer);
    if (!offer) {
      return std::unexpected(Error::internal(fmt::format(
          "artwork {} names offer {}, which does not exist", id.value, artwork->offer.value)));
    }
    return Found{std::move(*artwork), std::move(*offer)};
  });
  if (!found) return std::unexpected(found.error());
  const auto& [artwork, offer] = *found;

  const RenderSlot slot(renders_);
  try {
    EncodedImage rendered;
    if (offer.source.is_generated()) {
      // The recipe draws the same picture at any size (the previews came from a smaller
      // drawing), so it is drawn at the bought size itself, with all its detail; only sizes
      // past what the generator draws are enlarged from its largest.
      const auto picture =
          generator_.generate({.prompt = offer.source.prompt,
                               .style = offer.style,
                               .aspect_ratio = offer.aspect_ratio,
                               .seed = offer.source.seed,
                               .long_edge = std::min(artwork.long_edge, kGeneratorMaxLongEdge)});
      rendered = processor_.encode_at(picture, artwork.long_edge, ImageFormat::Jpeg);
    } else {
      const auto original = originals_.get(offer.source.original_key);
      if (!original) {
        return std::unexpected(
            Error::internal(fmt::format("the original of offer {} ({}) is missing", offer.id.value,
                                        offer.source.original_key)));
      }
      rendered = processor_.render_at(bytes_of(*original), artwork.long_edge, ImageFormat::Jpeg);
    }
    return ArtworkFile{.file_name = artwork_file_name(offer.url_name, artwork.size_name),
                       .image = std::move(rendered)};
  } catch (const std::exception& error) {
    return std::unexpected(
        Error::internal(fmt::format("rendering artwork {} failed: {}", id.value, error.what())));
  }
}

}  // namespace artshop
