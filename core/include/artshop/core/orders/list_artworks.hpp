#pragma once

#include <string>
#include <utility>
#include <vector>

#include "artshop/core/catalogue/offer.hpp"
#include "artshop/core/catalogue/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/order.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

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

}  // namespace artshop
