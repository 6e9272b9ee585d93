#pragma once

#include <string_view>

#include "artshop/core/text.hpp"

namespace artshop::http {

// Calls visit(item) for each trimmed, non-empty item of a list such as a header's value
// ("gzip, br;q=0.5" with ',' or "gzip;q=0.5" with ';').
template <class Visit>
void for_each_item(std::string_view list, char separator, Visit visit) {
  while (!list.empty()) {
    const auto end = list.find(separator);
    if (const auto item = text::trim(list.substr(0, end)); !item.empty()) visit(item);
    list = end == std::string_view::npos ? std::string_view{} : list.substr(end + 1);
  }
}

}  // namespace artshop::http
