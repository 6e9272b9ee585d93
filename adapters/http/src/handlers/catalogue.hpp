#pragma once

#include "artshop/http/api.hpp"

namespace artshop::http::handlers {

// The catalogue calls: GET /api/offers, /api/offers/latest, /api/offers/get-one,
// /api/offers/suggest, /api/offers/related and /api/categories. Prices are money objects {amount,
// currency, minorUnits}; pictures are URLs under /media/. The offer calls keep their answers
// (answer_cache.hpp): a question asked again over the same catalogue version and rates is answered
// with the same bytes, gzipped for a client that accepts gzip (Vary: Accept-Encoding).
//
// An offer call comes as its handler and the lookup of its kept answers: the route asks the
// lookup on the I/O thread and runs the handler, which computes an answer not yet kept, on
// its executor.
struct CatalogueCall {
  Handler handler;
  KeptAnswerLookup kept;
};
CatalogueCall browse_offers(BrowseOffers& use_case);
CatalogueCall latest_offers(LatestOffers& use_case);
CatalogueCall get_offer(GetOffer& use_case);
CatalogueCall suggest_offers(SuggestOffers& use_case);
CatalogueCall related_offers(RelatedOffers& use_case);
Handler list_categories(ListCategories& use_case);

}  // namespace artshop::http::handlers
