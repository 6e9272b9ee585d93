#include "features/catalogue_desk.hpp"

#include "artshop/http/api.hpp"

namespace artshop::app {

namespace {
// Uploads waiting for the upload thread; more are answered 503 with Retry-After.
constexpr std::size_t kUploadQueue = 4;
}  // namespace

CatalogueDesk::CatalogueDesk(Infrastructure& infrastructure, Staff& staff_feature)
    : shared(infrastructure),
      staff(staff_feature),
      upload_work("uploads", 1, kUploadQueue),
      search(narrow<CatalogueRecords>(shared.transactions)),
      get(narrow<OfferRepository, CatalogueRecords>(shared.transactions)),
      upload(narrow<OfferRepository, AuditLog>(shared.transactions),
             {shared.processor, *shared.public_media, *shared.originals}, shared.clock),
      edit(narrow<OfferRepository, CatalogueRecords, AuditLog>(shared.transactions), shared.clock),
      set_state(narrow<OfferRepository, CatalogueRecords, AuditLog>(shared.transactions),
                shared.clock) {}

void CatalogueDesk::add_routes(http::Router& router) {
  http::add_admin_catalogue_routes(router,
                                   {.authenticate = staff.authenticate,
                                    .search = search,
                                    .get = get,
                                    .upload = upload,
                                    .edit = edit,
                                    .set_state = set_state,
                                    .upload_work = &upload_work},
                                   shared.config.client_addresses);
}

}  // namespace artshop::app
