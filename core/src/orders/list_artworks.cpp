#include "artshop/core/orders/list_artworks.hpp"

#include <fmt/format.h>

#include "artshop/core/orders/artworks.hpp"

namespace artshop {

Result<std::vector<OwnedArtwork>> ListArtworks::operator()(UserId caller) {
  return transactions_.read([&](Ports::Scope& tx) -> Result<std::vector<OwnedArtwork>> {
    std::map<OfferId, std::optional<Offer>> offers;
    std::vector<OwnedArtwork> owned;
    for (auto& artwork : tx.get<ArtworkRepository>().list_for_user(caller)) {
      auto [known, inserted] = offers.try_emplace(artwork.offer);
      if (inserted) known->second = tx.get<OfferRepository>().find_by_id(artwork.offer);
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

}  // namespace artshop
