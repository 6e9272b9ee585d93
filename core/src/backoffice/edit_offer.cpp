#include "artshop/core/backoffice/edit_offer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "artshop/core/money.hpp"
#include "artshop/core/staff/staff_services.hpp"
#include "artshop/core/text.hpp"

namespace artshop {
namespace {

using Changes = std::vector<std::pair<std::string, std::string>>;

// The fields of an edit, read and checked before the offer is looked at.
struct OfferFields {
  std::optional<std::string> title;
  std::optional<std::string> description;
  std::optional<std::string> category;
  std::optional<ArtStyle> style;
  std::optional<std::vector<std::string>> tags;
  std::optional<bool> exclusive;
  std::vector<std::pair<std::int64_t, std::int64_t>> prices;  // attribute, euro cents
};

std::optional<std::string> read_description(const std::string& text, ValidationErrors& errors) {
  const auto trimmed = std::string(text::trim(text));
  const auto length = text::utf8_length(trimmed);
  if (!length || *length > kMaxOfferDescription ||
      text::has_control_characters_besides_line_breaks(trimmed)) {
    errors.add("description", fmt::format("At most {} characters.", kMaxOfferDescription));
    return std::nullopt;
  }
  return trimmed;
}

// Tags trimmed, each once in the order given: up to 20 of 1 to 40 characters.
std::optional<std::vector<std::string>> read_tags(const std::vector<std::string>& sent,
                                                  ValidationErrors& errors) {
  std::vector<std::string> tags;
  for (const auto& tag : sent) {
    const auto trimmed = std::string(text::trim(tag));
    const auto length = text::utf8_length(trimmed);
    if (!length || *length == 0 || *length > kMaxOfferTag ||
        text::has_control_characters(trimmed)) {
      errors.add("tags", fmt::format("Each tag has 1 to {} characters.", kMaxOfferTag));
      return std::nullopt;
    }
    if (std::ranges::find(tags, trimmed) == tags.end()) tags.push_back(trimmed);
  }
  if (tags.size() > kMaxOfferTags) {
    errors.add("tags", fmt::format("At most {} tags.", kMaxOfferTags));
    return std::nullopt;
  }
  return tags;
}

OfferFields read_fields(const EditOfferCommand& command, ValidationErrors& errors) {
  OfferFields fields;
  if (command.title) fields.title = read_offer_title(command.title, errors);
  if (command.description) fields.description = read_description(*command.description, errors);
  if (command.category) {
    fields.category = query_text(command.category);
    if (!fields.category) errors.add("category", "Choose a category.");
  }
  if (command.style) fields.style = read_offer_style(*command.style, errors);
  fields.exclusive = command.exclusive;
  if (command.tags) fields.tags = read_tags(*command.tags, errors);
  for (const auto& change : command.prices) {
    const auto field = fmt::format("prices.{}", change.attribute);
    const auto cents = read_staff_amount(change.price, Currency::EUR, field, errors);
    if (!cents) continue;
    if (*cents < kMinOfferPriceEurCents) {
      errors.add(field, "At least 1.00 EUR.");
      continue;
    }
    fields.prices.emplace_back(change.attribute, *cents);
  }
  return fields;
}

std::string tags_text(const std::vector<std::string>& tags) {
  return fmt::format("{}", fmt::join(tags, ", "));
}

std::string price_text(std::int64_t cents) {
  return Money(cents, Currency::EUR).to_string();
}

// The attribute's name in the audit trail: "4K Personal".
std::string attribute_label(const OfferAttribute& attribute) {
  return fmt::format("{} {}", attribute.name, name(attribute.licence));
}

// The base price the standard sizes of the other kind are worked out from: an exclusive's one
// size is twelve times it, a regular offer's smallest size is it.
std::int64_t base_price_of(const Offer& offer) {
  const auto lowest = offer.lowest_price_eur_cents();
  if (offer.style == ArtStyle::Exclusive) return std::max(lowest / 12, kMinOfferPriceEurCents);
  return lowest;
}

}  // namespace

Result<StaffOfferFile> EditOffer::operator()(const EditOfferCommand& command) {
  using namespace catalogue_messages;
  if (auto allowed = require_permission(command.actor, StaffPermission::EditCatalogue); !allowed) {
    return std::unexpected(allowed.error());
  }
  ValidationErrors errors;
  auto fields = read_fields(command, errors);
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));
  const auto now = std::chrono::floor<std::chrono::seconds>(clock_.now());
  return transactions_.write([&](Ports::Scope& tx) -> Result<StaffOfferFile> {
    auto& offers = tx.get<OfferRepository>();
    auto& records = tx.get<CatalogueRecords>();
    auto found = offers.find_by_id(command.offer);
    if (!found) return std::unexpected(no_such_offer());
    const Offer before = *found;
    Offer after = before;
    Changes was;
    Changes now_is;
    const auto changed = [&](std::string name, std::string old_value, std::string new_value) {
      if (old_value == new_value) return false;
      was.emplace_back(name, std::move(old_value));
      now_is.emplace_back(std::move(name), std::move(new_value));
      return true;
    };
    if (fields.title && changed("title", before.title, *fields.title)) after.title = *fields.title;
    if (fields.description && changed("description", before.description, *fields.description)) {
      after.description = *fields.description;
    }
    if (fields.category && changed("category", before.category, *fields.category)) {
      if (!offers.category_exists(*fields.category)) {
        return std::unexpected(
            Error::validation(ValidationErrors("category", "No such category.")));
      }
      after.category = *fields.category;
    }
    if (fields.tags && changed("tags", tags_text(before.tags), tags_text(*fields.tags))) {
      after.tags = *fields.tags;
    }
    // The exclusive flag is the Exclusive style; turned off, the offer keeps the style sent,
    // or none.
    auto style = fields.style.value_or(before.style);
    if (fields.exclusive) {
      if (*fields.exclusive) {
        style = ArtStyle::Exclusive;
      } else if (style == ArtStyle::Exclusive) {
        style = ArtStyle::None;
      }
    }
    if (changed("style", std::string(name(before.style)), std::string(name(style)))) {
      after.style = style;
    }
    const bool kind_changes =
        (before.style == ArtStyle::Exclusive) != (after.style == ArtStyle::Exclusive);
    if (kind_changes) {
      if (!fields.prices.empty()) {
        return std::unexpected(
            Error::validation(ValidationErrors("prices", std::string(kPricesAfterTheFlag))));
      }
      if (records.ordered(before.id)) {
        return std::unexpected(
            Error::validation(ValidationErrors("exclusive", std::string(kOrderedKeepsItsSizes))));
      }
      changed("exclusive", before.style == ArtStyle::Exclusive ? "true" : "false",
              after.style == ArtStyle::Exclusive ? "true" : "false");
      after.attributes = standard_attributes(after.style, std::max(before.width, before.height),
                                             base_price_of(before));
    }
    for (const auto& [attribute, cents] : fields.prices) {
      const auto at =
          std::ranges::find(after.attributes, AttributeId{attribute}, &OfferAttribute::id);
      if (at == after.attributes.end()) {
        return std::unexpected(Error::validation(
            ValidationErrors(fmt::format("prices.{}", attribute), "This offer has no such size.")));
      }
      if (changed("price " + attribute_label(*at), price_text(at->price_eur_cents),
                  price_text(cents))) {
        at->price_eur_cents = cents;
      }
    }
    if (was.empty()) return StaffOfferFile{.offer = before, .ordered = records.ordered(before.id)};
    records.update(after);
    if (kind_changes) records.replace_attributes(after.id, after.attributes);
    auto record = offer_audit(command.actor, command.address, "offer.edit", before.id, now);
    record.before = audit_values(was);
    record.after = audit_values(now_is);
    tx.get<AuditLog>().append(record);
    auto stored = offers.find_by_id(before.id);
    if (!stored) return std::unexpected(no_such_offer());
    return StaffOfferFile{.offer = std::move(*stored), .ordered = records.ordered(before.id)};
  });
}

Result<StaffOfferFile> SetOfferState::publish(const StaffActor& actor, OfferId offer,
                                              const std::string& address) {
  return move(actor, offer, address, OfferStatus::Active);
}

Result<StaffOfferFile> SetOfferState::hide(const StaffActor& actor, OfferId offer,
                                           const std::string& address) {
  return move(actor, offer, address, OfferStatus::Hidden);
}

Result<StaffOfferFile> SetOfferState::move(const StaffActor& actor, OfferId offer,
                                           const std::string& address, OfferStatus to) {
  if (auto allowed = require_permission(actor, StaffPermission::EditCatalogue); !allowed) {
    return std::unexpected(allowed.error());
  }
  const auto now = std::chrono::floor<std::chrono::seconds>(clock_.now());
  return transactions_.write([&](Ports::Scope& tx) -> Result<StaffOfferFile> {
    auto& offers = tx.get<OfferRepository>();
    auto& records = tx.get<CatalogueRecords>();
    auto found = offers.find_by_id(offer);
    if (!found) return std::unexpected(no_such_offer());
    const auto sold = [] {
      return std::unexpected(
          Error::validation(ValidationErrors("", std::string(catalogue_messages::kSoldStays))));
    };
    if (found->status == OfferStatus::SoldOut) return sold();
    if (found->status != to) {
      // Guarded: an exclusive sold since it was read is not moved.
      if (!records.set_status(offer, found->status, to)) return sold();
      auto record = offer_audit(
          actor, address, to == OfferStatus::Active ? "offer.publish" : "offer.hide", offer, now);
      record.before = audit_values({{"state", state_name(found->status)}});
      record.after = audit_values({{"state", state_name(to)}});
      tx.get<AuditLog>().append(record);
      found->status = to;
    }
    return StaffOfferFile{.offer = std::move(*found), .ordered = records.ordered(offer)};
  });
}

}  // namespace artshop
