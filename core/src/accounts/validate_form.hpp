#pragma once

#include <expected>
#include <utility>

#include "artshop/core/validation.hpp"

namespace artshop::detail {

// Runs `check(form, errors)`, which cleans the form up in place and records every problem,
// and answers the clean form or all of the problems at once.
template <class Form, class Check>
std::expected<Form, ValidationErrors> validate_form(Form form, Check&& check) {
  ValidationErrors errors;
  std::forward<Check>(check)(form, errors);
  if (!errors.empty()) return std::unexpected(std::move(errors));
  return form;
}

}  // namespace artshop::detail
