#pragma once

#include <string>
#include <vector>

#include "artshop/core/catalogue/priced_offer.hpp"
#include "artshop/core/catalogue/suggest_offers.hpp"

namespace artshop::http::handlers {

// The offer calls' answers, written straight into text, byte for byte what serializing the same
// document as a boost::json tree gives (tests/http/offer_json_test.cpp compares the two for
// every shape an offer takes): a page of 24 offers is some 10 KB of JSON, and building it as a
// tree first cost more than everything else the call does.

// {"id":…,"urlName":…,…,"price":{…},"attributes":[…]}: one offer, priced.
std::string offer_json(const PricedOffer& offer);
// {"items":[…]}: the latest offers.
std::string offer_list_json(const std::vector<PricedOffer>& offers);
// {"items":[…],"total":…,"page":…,"pageSize":…,"currency":…,"facets":{…},"didYouMean":…,
// "matchedWords":[…]}: one page of the listing.
std::string offer_page_json(const PricedOfferPage& page);
// {"suggestions":[{"kind":"title","text":…,"urlName":…,"price":{…}},{"kind":"tag","text":…}]}.
std::string suggestions_json(const std::vector<OfferSuggestion>& suggestions);

}  // namespace artshop::http::handlers
