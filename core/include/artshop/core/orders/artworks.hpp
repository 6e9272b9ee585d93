#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "artshop/core/catalogue/offer.hpp"
#include "artshop/core/catalogue/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/order.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/blob_store.hpp"
#include "artshop/core/ports/image_generator.hpp"
#include "artshop/core/ports/image_processor.hpp"
#include "artshop/core/ports/transactions.hpp"

// The pictures a customer owns: GET /api/artworks and their downloads.
namespace artshop {

// The largest long edge the image generator draws (ImageGenerator's adapters refuse more).
inline constexpr int kGeneratorMaxLongEdge = 4096;

// The pixel size of a `width` x `height` picture scaled so that its longer side is
// `long_edge`: the shorter side keeps the proportions, rounded half-up to whole pixels and at
// least 1 (what ImageProcessor::render_at makes of it).
ImageSize size_at_long_edge(int width, int height, int long_edge) noexcept;

// An artwork with what a list of them shows: the offer's urlName and public thumbnail, and
// the pixel size of the bought picture.
struct OwnedArtwork {
  Artwork artwork;
  std::string url_name;
  OfferImages images;  // keys in the public blob store
  int width = 0;       // at the bought long edge
  int height = 0;
};

// GET /api/artworks: the picture sizes the caller owns, newest first.
class ListArtworks {
 public:
  using Ports = Transactions<ArtworkRepository, OfferRepository>;

  explicit ListArtworks(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<std::vector<OwnedArtwork>> operator()(UserId caller);

 private:
  Ports transactions_;
};

// What GET or HEAD /api/artworks/{id}/download asks for.
struct DownloadArtworkRequest {
  UserId caller;
  ArtworkId id;
  // The versions (blob keys) of the picture the client holds already; "*" stands for any.
  // When the stored picture is one of them, nothing is read and the answer is not_modified.
  std::vector<std::string> held_versions;
  bool bytes_wanted = true;  // false for a HEAD: the stored picture is not read
};

// A bought picture, ready to be sent as an attachment.
struct ArtworkFile {
  std::string file_name;      // "<urlName>-<sizeName>.jpg"
  std::string version;        // the picture's key in the private blob store: its entity tag
  bool not_modified = false;  // the client holds this version: `image` has no bytes
  EncodedImage image;         // JPEG, long edge exactly the bought one; no bytes unless wanted
};

// GET /api/artworks/{id}/download: the picture at exactly the bought long edge, as a JPEG.
// Each size of an offer is rendered once: the file is kept in the PRIVATE blob store (never
// served under /media/) and remembered per (offer, long edge, format), so later downloads of
// that size, by this owner or another, read the file. The first render of a generated offer
// draws it anew from its recipe at the bought size (the very picture its previews show, with
// all its detail); an imported one is rendered from its private original, which is at least
// as large as its largest size. Another user's artwork is NotFound.
//
// Rendering takes seconds and hundreds of megabytes at the largest sizes, so it runs outside
// any transaction; callers run this on a bounded executor, which limits parallel renders.
class DownloadArtwork {
 public:
  using Ports = Transactions<ArtworkRepository, OfferRepository>;

  DownloadArtwork(Ports transactions, ImageGenerator& generator, ImageProcessor& processor,
                  BlobStore& originals)
      : transactions_(std::move(transactions)),
        generator_(generator),
        processor_(processor),
        originals_(originals) {}
  Result<ArtworkFile> operator()(const DownloadArtworkRequest& request);

 private:
  Result<EncodedImage> render(const Artwork& artwork, const Offer& offer);

  Ports transactions_;
  ImageGenerator& generator_;
  ImageProcessor& processor_;
  BlobStore& originals_;
};

// "<urlName>-<sizeName>.jpg" with anything but ASCII letters, digits, '-' and '_' in the size
// name turned into '-': "misty-harbour-4K.jpg", "misty-harbour-Full-size.jpg".
std::string artwork_file_name(std::string_view url_name, std::string_view size_name);

}  // namespace artshop
