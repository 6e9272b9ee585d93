#include "artshop/core/catalogue/import_picture.hpp"

#include <fmt/format.h>

#include "artshop/core/catalogue/seed_plan.hpp"

namespace artshop {
namespace {

constexpr std::size_t kMaxTitle = 120;
constexpr std::size_t kMaxDescription = 2000;
constexpr std::int64_t kMinPriceCents = 100;
constexpr std::int64_t kMaxPriceCents = 1'000'000;

}  // namespace

StoredPicture store_picture(const PictureStores& stores, const std::string& original,
                            std::string_view extension) {
  StoredPicture picture;
  picture.size = stores.processor.probe(bytes_of(original));
  const auto made = make_derivatives(stores.processor, original);
  picture.images = store_derivatives(stores.public_media, made);
  picture.original_key = stores.originals.put(original, extension);
  return picture;
}

Offer offer_of_picture(const StoredPicture& picture, ArtStyle style,
                       std::int64_t base_price_eur_cents, OfferStatus status,
                       std::chrono::sys_seconds at) {
  Offer offer;
  offer.width = picture.size.width;
  offer.height = picture.size.height;
  offer.images = picture.images;
  offer.source.original_key = picture.original_key;
  offer.style = style;
  offer.orientation = orientation_of(offer.width, offer.height);
  offer.aspect_ratio = nearest_aspect_ratio(offer.width, offer.height);
  offer.created_at = at;
  offer.status = status;
  offer.attributes =
      standard_attributes(style, std::max(offer.width, offer.height), base_price_eur_cents);
  return offer;
}

ImportOutcome ImportPicture::operator()(const ImportRow& row,
                                        const std::optional<std::string>& original) {
  ImportOutcome outcome;
  auto& problems = outcome.problems;
  if (row.title.empty() || row.title.size() > kMaxTitle) {
    problems.push_back(fmt::format("title: 1 to {} characters", kMaxTitle));
  }
  if (row.description.size() > kMaxDescription) {
    problems.push_back(fmt::format("description: at most {} characters", kMaxDescription));
  }
  const auto style = parse_art_style(row.style.empty() ? "None" : row.style);
  if (!style) problems.push_back("style: not one of the 11 styles ('" + row.style + "')");
  std::int64_t base_price = kDefaultImportPriceEurCents;
  if (row.price && !row.price->empty()) {
    const auto price = Money::parse(*row.price, Currency::EUR);
    if (!price || price->minor_units() < kMinPriceCents || price->minor_units() > kMaxPriceCents) {
      problems.push_back("price: an amount in euros from 1.00 to 10000.00 ('" + *row.price + "')");
    } else {
      base_price = price->minor_units();
    }
  }
  if (!original) problems.push_back("file: cannot read '" + row.file + "'");
  outcome.url_name = slugify(row.title);
  if (outcome.url_name.empty() && !row.title.empty()) {
    problems.emplace_back("title: needs at least one letter or digit for its urlName");
  }

  const auto known = transactions_.read([&](Ports::Scope& tx) -> Result<std::pair<bool, bool>> {
    auto& offers = tx.get<OfferRepository>();
    return std::pair{offers.category_exists(row.category),
                     offers.find_by_url_name(outcome.url_name).has_value()};
  });
  if (!known) {
    problems.push_back(known.error().detail);
    return outcome;
  }
  if (!known->first) problems.push_back("category: no category '" + row.category + "'");
  // A missing picture or style is among the problems already; the condition restates it so that
  // the reads of both below are visibly safe.
  if (!problems.empty() || !original || !style) return outcome;
  if (known->second) {
    outcome.status = ImportOutcome::Status::AlreadyPresent;
    return outcome;
  }

  Offer offer;
  try {
    const auto dot = row.file.rfind('.');
    const auto picture = store_picture(stores_, *original,
                                       dot == std::string::npos ? "bin" : row.file.substr(dot + 1));
    offer = offer_of_picture(picture, *style, base_price, OfferStatus::Active,
                             std::chrono::floor<std::chrono::seconds>(clock_.now()));
  } catch (const std::exception& error) {
    problems.push_back("file: not a picture the shop can read (" + std::string(error.what()) + ")");
    return outcome;
  }
  offer.url_name = outcome.url_name;
  offer.title = row.title;
  offer.description = row.description;
  offer.category = row.category;
  offer.tags = row.tags;

  const auto inserted = transactions_.write([&](Ports::Scope& tx) -> Result<bool> {
    return tx.get<OfferRepository>().insert(offer).has_value();
  });
  if (!inserted) {
    problems.push_back(inserted.error().detail);
  } else {
    outcome.status =
        *inserted ? ImportOutcome::Status::Imported : ImportOutcome::Status::AlreadyPresent;
  }
  return outcome;
}

}  // namespace artshop
