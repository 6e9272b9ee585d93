#pragma once

#include <string>
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

namespace artshop {

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

}  // namespace artshop
