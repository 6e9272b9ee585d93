#pragma once

#include "artshop/concurrency/bounded_thread_pool.hpp"
#include "artshop/core/catalogue/browse_offers.hpp"
#include "artshop/core/catalogue/get_offer.hpp"
#include "artshop/core/catalogue/import_picture.hpp"
#include "artshop/core/catalogue/latest_offers.hpp"
#include "artshop/core/catalogue/list_categories.hpp"
#include "artshop/core/catalogue/related_offers.hpp"
#include "artshop/core/catalogue/seed_catalogue.hpp"
#include "artshop/core/catalogue/suggest_offers.hpp"
#include "artshop/core/ports/executor.hpp"
#include "artshop/http/router.hpp"
#include "infrastructure.hpp"

namespace artshop::app {

// The catalogue: browsing offers, seeding the sample catalogue and importing pictures. Its use
// cases and its routes.
struct Catalogue {
  explicit Catalogue(Infrastructure& shared);
  Catalogue(const Catalogue&) = delete;
  Catalogue& operator=(const Catalogue&) = delete;

  void add_routes(http::Router& router);

  Infrastructure& shared;
  // Draws the sample catalogue on the first start, one task per picture.
  concurrency::BoundedThreadPool seeding_work;
  // A listing or search not answered before is computed here: its cost grows with the
  // catalogue, so it queues (and a flood is shed, 503) apart from everything else.
  concurrency::BoundedThreadPool search_work;
  // The other offer calls (one offer, the latest few) cost little whatever the catalogue's
  // size: they are answered from memory on the I/O threads.
  InlineExecutor catalogue_work;

  BrowseOffers browse_offers;
  LatestOffers latest_offers;
  GetOffer get_offer;
  SuggestOffers suggest_offers;
  RelatedOffers related_offers;
  ListCategories list_categories;
  SeedCatalogue seed_catalogue;
  ImportPicture import_picture;
};

}  // namespace artshop::app
