#include <gtest/gtest.h>

#include "artshop/core/catalogue/offer.hpp"
#include "artshop/core/catalogue/offer_query.hpp"
#include "artshop/core/catalogue/priced_offer.hpp"

namespace artshop {
namespace {

OfferListParameters in(std::string currency) {
  OfferListParameters parameters;
  parameters.currency = std::move(currency);
  return parameters;
}

TEST(OfferQuery, WithOnlyACurrency_DefaultsToNewestFirstFirstPageOf24) {
  const auto query = validate_offer_query(in("usd"));
  ASSERT_TRUE(query);
  EXPECT_EQ(query->currency, Currency::USD);
  EXPECT_EQ(query->sort, OfferSort::NewToOld);
  EXPECT_EQ(query->page, 1);
  EXPECT_EQ(query->page_size, 24);
  EXPECT_FALSE(query->style || query->orientation || query->from || query->to);
}

TEST(OfferQuery, ReadsEveryFilterIgnoringCase) {
  auto parameters = in("JPY");
  parameters.sort = "lowtohigh";
  parameters.orientation = "VERTICAL";
  parameters.style = "popart";
  parameters.from = "1000";
  parameters.to = "5000";
  parameters.page = "2";
  parameters.page_size = "96";
  const auto query = validate_offer_query(parameters);
  ASSERT_TRUE(query);
  EXPECT_EQ(query->sort, OfferSort::LowToHigh);
  EXPECT_EQ(query->orientation, Orientation::Vertical);
  EXPECT_EQ(query->style, ArtStyle::PopArt);
  EXPECT_EQ(query->from, Money(1000, Currency::JPY));
  EXPECT_EQ(query->to, Money(5000, Currency::JPY));
  EXPECT_EQ(query->page_size, 96);
}

TEST(OfferQuery, ReportsEveryBadParameterUnderItsName) {
  OfferListParameters parameters;
  parameters.sort = "Cheapest";
  parameters.orientation = "Diagonal";
  parameters.style = "Baroque";
  parameters.from = "-5";
  parameters.to = "abc";
  parameters.page = "0";
  parameters.page_size = "97";
  const auto query = validate_offer_query(parameters);
  ASSERT_FALSE(query);
  for (const char* field :
       {"Currency", "Sort", "Orientation", "Style", "From", "To", "Page", "PageSize"}) {
    EXPECT_TRUE(query.error().has(field)) << field;
  }
  EXPECT_EQ(
      query.error().messages("Sort"),
      std::vector<std::string>{"Sort must be one of NewToOld, LowToHigh, HighToLow, Relevance."});
}

TEST(OfferQuery, RejectsAnInvertedRangeAndCentsOfYen) {
  auto inverted = in("EUR");
  inverted.from = "50";
  inverted.to = "10";
  EXPECT_TRUE(validate_offer_query(inverted).error().has("To"));
  auto yen = in("JPY");
  yen.from = "10.5";
  EXPECT_TRUE(validate_offer_query(yen).error().has("From"));
}

TEST(OfferQuery, AnUnknownCurrencyNamesTheFourteen) {
  const auto query = validate_offer_query(in("RUB"));
  ASSERT_FALSE(query);
  EXPECT_EQ(query.error().messages("Currency"),
            std::vector<std::string>{"Currency must be one of EUR, USD, GBP, NOK, CZK, PLN, CHF, "
                                     "AUD, AZN, KZT, SAR, JPY, CAD, NZD."});
}

// The euro-cent bounds must select exactly the prices whose displayed amount is in range.
TEST(EuroCentRange, SelectsExactlyThePricesShownWithinTheRange) {
  ExchangeRates rates;
  rates.set(Currency::JPY, Rate{162'450'000});
  auto query = validate_offer_query(in("JPY")).value();
  query.from = Money(1625, Currency::JPY);
  query.to = Money(3249, Currency::JPY);
  const auto range = euro_cent_range(query, rates);
  ASSERT_TRUE(range.min && range.max);
  for (std::int64_t cents = 900; cents <= 2100; ++cents) {
    const auto shown = rates.convert(Money(cents, Currency::EUR), Currency::JPY)->minor_units();
    const bool selected = cents >= *range.min && cents <= *range.max;
    EXPECT_EQ(selected, shown >= 1625 && shown <= 3249) << cents << " EUR cents shows " << shown;
  }
}

TEST(EuroCentRange, InEurosIsTheRangeItself) {
  auto query = validate_offer_query(in("EUR")).value();
  query.from = Money(1000, Currency::EUR);
  query.to = Money(2000, Currency::EUR);
  const auto range = euro_cent_range(query, ExchangeRates::defaults());
  EXPECT_EQ(range.min, 1000);
  EXPECT_EQ(range.max, 2000);
  EXPECT_FALSE(range.empty);
}

TEST(EuroCentRange, ARangeNoPriceCanShowIsEmpty) {
  ExchangeRates rates;
  rates.set(Currency::JPY, Rate{162'000'000});
  auto query = validate_offer_query(in("JPY")).value();
  // One cent is 1.62 yen: 2 yen is shown for 1 cent, nothing is shown as exactly 1 yen.
  query.from = Money(1, Currency::JPY);
  query.to = Money(1, Currency::JPY);
  EXPECT_TRUE(euro_cent_range(query, rates).empty);
}

TEST(StandardAttributes, ARegularOfferSellsHd4kAnd8kWithTheCommercialLicenceAt8k) {
  const auto attributes = standard_attributes(ArtStyle::Anime, 7680, 2000);
  ASSERT_EQ(attributes.size(), 3U);
  EXPECT_EQ(attributes[0].name, "HD");
  EXPECT_EQ(attributes[0].long_edge, 1920);
  EXPECT_EQ(attributes[0].licence, Licence::Personal);
  EXPECT_EQ(attributes[0].price_eur_cents, 2000);
  EXPECT_EQ(attributes[1].long_edge, 3840);
  EXPECT_EQ(attributes[2].long_edge, 7680);
  EXPECT_EQ(attributes[2].licence, Licence::Commercial);
  EXPECT_LT(attributes[1].price_eur_cents, attributes[2].price_eur_cents);
}

TEST(StandardAttributes, ASmallerPictureOffersNoSizeTwiceAndNoneLargerThanItself) {
  const auto attributes = standard_attributes(ArtStyle::None, 3000, 1000);
  ASSERT_EQ(attributes.size(), 2U);
  EXPECT_EQ(attributes[1].long_edge, 3000);
  EXPECT_EQ(attributes[1].name, "Full size") << "a 4K tier cut down to 3000 pixels is not 4K";
}

TEST(StandardAttributes, AnExclusiveOfferHasOneOriginalSizeExclusiveLicence) {
  const auto attributes = standard_attributes(ArtStyle::Exclusive, 7680, 2000);
  ASSERT_EQ(attributes.size(), 1U);
  EXPECT_EQ(attributes[0].licence, Licence::ExclusiveCommercial);
  EXPECT_EQ(attributes[0].long_edge, 7680);
}

TEST(Slugify, MakesLowerCaseHyphenatedUrlNames) {
  EXPECT_EQ(slugify("Misty Harbour at Dawn"), "misty-harbour-at-dawn");
  EXPECT_EQ(slugify("  Wizard's Tower -- No. 7!  "), "wizard-s-tower-no-7");
  EXPECT_EQ(slugify(std::string(200, 'a')).size(), 80U);
}

TEST(PriceOffer, ConvertsEveryAttributeAndFindsTheLowest) {
  Offer offer;
  offer.url_name = "x";
  offer.attributes = standard_attributes(ArtStyle::None, 7680, 1999);
  ExchangeRates rates;
  rates.set(Currency::JPY, Rate{162'450'000});
  const auto priced = price_offer(offer, Currency::JPY, rates);
  ASSERT_TRUE(priced);
  EXPECT_EQ(priced->lowest_price, Money(3247, Currency::JPY));
  EXPECT_EQ(priced->attributes.size(), 3U);
}

}  // namespace
}  // namespace artshop
