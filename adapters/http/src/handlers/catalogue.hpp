#pragma once

#include "artshop/http/api.hpp"

namespace artshop::http::handlers {

// The catalogue calls: GET /api/offers, /api/offers/latest, /api/offers/get-one and
// /api/categories. Prices are money objects {amount, currency, minorUnits}; pictures are
// URLs under /media/. The offer calls keep their answers (answer_cache.hpp): a question asked
// again over the same catalogue version and rates is answered with the same bytes, gzipped for
// a client that accepts gzip (Vary: Accept-Encoding).
Handler browse_offers(BrowseOffers& use_case);
Handler latest_offers(LatestOffers& use_case);
Handler get_offer(GetOffer& use_case);
Handler list_categories(ListCategories& use_case);

}  // namespace artshop::http::handlers
