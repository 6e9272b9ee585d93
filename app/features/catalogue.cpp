#include "features/catalogue.hpp"

#include <cstddef>

#include "artshop/http/api.hpp"

namespace artshop::app {

Catalogue::Catalogue(Infrastructure& infrastructure)
    : shared(infrastructure),
      seeding_work("seeding", cores(), static_cast<std::size_t>(kDefaultSeedOffers)),
      // Below the I/O threads, so that unseen searches never delay the shop's cheap calls.
      search_work("search", shared.config.search_pool.threads, shared.config.search_pool.queue,
                  concurrency::BoundedThreadPool::Priority::Low),
      browse_offers(shared.catalogue, *shared.rate_source),
      latest_offers(shared.catalogue, *shared.rate_source),
      get_offer(shared.catalogue, *shared.rate_source),
      suggest_offers(shared.catalogue, *shared.rate_source),
      related_offers(shared.catalogue, *shared.rate_source),
      list_categories(shared.catalogue),
      seed_catalogue(narrow<OfferRepository, SettingRepository>(shared.transactions),
                     shared.generator, shared.processor, *shared.public_media, shared.clock,
                     seeding_work),
      import_picture(narrow<OfferRepository>(shared.transactions),
                     {shared.processor, *shared.public_media, *shared.originals}, shared.clock) {}

void Catalogue::add_routes(http::Router& router) {
  http::add_catalogue_routes(router, {.browse_offers = browse_offers,
                                      .latest_offers = latest_offers,
                                      .get_offer = get_offer,
                                      .suggest_offers = suggest_offers,
                                      .related_offers = related_offers,
                                      .list_categories = list_categories,
                                      .search_work = search_work,
                                      .executor = &catalogue_work});
}

}  // namespace artshop::app
