#pragma once

#include "artshop/core/catalogue/repositories.hpp"
#include "artshop/sql/connection.hpp"

namespace artshop::sql {

class SqlOfferRepository final : public OfferRepository {
 public:
  explicit SqlOfferRepository(Connection& connection) noexcept : db_(connection) {}
  OfferPage search(const OfferSearch& search) override;
  std::vector<Offer> latest(int count) override;
  std::optional<Offer> find_by_url_name(std::string_view url_name) override;
  std::optional<Offer> find_by_id(OfferId id) override;
  bool mark_sold_out(OfferId id) override;
  std::vector<Category> categories() override;
  bool has_categories() override;
  // The categories by title, their offers not counted (offer_count 0): what the catalogue read
  // model reads, at a million offers without reading the offers' index.
  std::vector<Category> category_titles();
  bool category_exists(std::string_view url_name) override;
  void upsert_category(const Category& category) override;
  std::optional<OfferId> insert(const Offer& offer) override;
  int count() override;

  // Every offer visitors may see (Active and SoldOut) with its attributes and tags, in three
  // passes over the tables whatever their size: what the catalogue read model loads. Held by
  // the million, they are held compactly: equal picture keys share one block, vectors hold no
  // spare room, and the generator's prompt is left out (a download reads its offer here).
  std::vector<Offer> visible_offers();

 private:
  // Reads the offers a statement selects (the offer columns first), then their attributes
  // and tags in one query each.
  std::vector<Offer> read_offers(Statement& rows);
  Connection& db_;
};

}  // namespace artshop::sql
