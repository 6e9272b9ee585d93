#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// application/x-www-form-urlencoded, as HTML forms post it and as Stripe's API takes it.
namespace artshop::payments {

using FormFields = std::vector<std::pair<std::string, std::string>>;

// Every byte but the RFC 3986 unreserved ones (A-Z a-z 0-9 - . _ ~) as %XX.
std::string percent_encode(std::string_view text);

// "name=value&..." with names and values percent-encoded.
std::string form_encode(const FormFields& fields);

// The fields in order, '+' read as a space; nullopt for a broken %XX escape.
std::optional<FormFields> form_decode(std::string_view body);

// The first value of `name`, or nullopt.
std::optional<std::string_view> form_value(const FormFields& fields, std::string_view name);

}  // namespace artshop::payments
