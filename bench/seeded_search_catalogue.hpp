#pragma once

// The seeded catalogue as catalogue search reads it, for the search benchmarks: seed_plan's
// offers, each with its urlName and its category's title, and SearchIndex's documents over
// them. Offer numbers are places in the plan, newest first, as the shop numbers them.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "artshop/core/catalogue/search_index.hpp"
#include "artshop/core/catalogue/seed_plan.hpp"

namespace artshop::bench {

struct SeededSearchCatalogue {
  std::vector<SeedOffer> plan;
  std::vector<std::string> url_names;        // alongside plan
  std::vector<std::string> category_titles;  // alongside plan

  explicit SeededSearchCatalogue(int offers) : plan(seed_plan(offers)) {
    std::map<std::string, std::string, std::less<>> titles;
    for (const auto& category : default_categories()) titles[category.url_name] = category.title;
    url_names.reserve(plan.size());
    category_titles.reserve(plan.size());
    for (const auto& offer : plan) {
      url_names.push_back(slugify(offer.title));
      category_titles.push_back(titles[offer.category]);
    }
  }

  // What SearchIndex reads of each offer; views into this catalogue.
  std::vector<SearchDocument> documents() const {
    std::vector<SearchDocument> out;
    out.reserve(plan.size());
    for (std::size_t i = 0; i < plan.size(); ++i) {
      const auto& offer = plan[i];
      out.push_back({.offer = static_cast<std::uint32_t>(i),
                     .title = offer.title,
                     .tags = offer.tags,
                     .description = offer.description,
                     .category = category_titles[i],
                     .style = name(offer.style)});
    }
    return out;
  }
};

}  // namespace artshop::bench
