#pragma once

#include "artshop/concurrency/bounded_thread_pool.hpp"
#include "artshop/core/backoffice/catalogue_desk.hpp"
#include "artshop/core/backoffice/edit_offer.hpp"
#include "artshop/core/backoffice/upload_offer.hpp"
#include "artshop/http/router.hpp"
#include "features/staff.hpp"
#include "infrastructure.hpp"

namespace artshop::app {

// The back office's catalogue: the offers list, an offer's page, uploads, edits, publishing and
// hiding (docs/back-office.md, "Catalogue"). Staff sessions are the Staff feature's.
struct CatalogueDesk {
  CatalogueDesk(Infrastructure& shared, Staff& staff);
  CatalogueDesk(const CatalogueDesk&) = delete;
  CatalogueDesk& operator=(const CatalogueDesk&) = delete;

  void add_routes(http::Router& router);

  Infrastructure& shared;
  Staff& staff;
  // Uploads are decoded and made into derivatives here, one at a time: a few seconds of a core
  // each, and rare.
  concurrency::BoundedThreadPool upload_work;
  SearchOffersForStaff search;
  GetOfferForStaff get;
  UploadOffer upload;
  EditOffer edit;
  SetOfferState set_state;
};

}  // namespace artshop::app
