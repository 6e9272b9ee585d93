#include "form_encoding.hpp"

#include <boost/url/encode.hpp>
#include <boost/url/encoding_opts.hpp>
#include <boost/url/pct_string_view.hpp>
#include <boost/url/rfc/unreserved_chars.hpp>

namespace artshop::payments {

namespace {

std::optional<std::string> decode_component(std::string_view text) {
  const auto encoded = boost::urls::make_pct_string_view(text);
  if (!encoded) return std::nullopt;
  boost::urls::encoding_opts options;
  options.space_as_plus = true;
  return encoded->decode(options);
}

}  // namespace

std::string percent_encode(std::string_view text) {
  return boost::urls::encode(text, boost::urls::unreserved_chars);
}

std::string form_encode(const FormFields& fields) {
  std::string out;
  for (const auto& [name, value] : fields) {
    if (!out.empty()) out += '&';
    out += percent_encode(name);
    out += '=';
    out += percent_encode(value);
  }
  return out;
}

std::optional<FormFields> form_decode(std::string_view body) {
  FormFields fields;
  while (!body.empty()) {
    const auto ampersand = body.find('&');
    const std::string_view pair = body.substr(0, ampersand);
    body = ampersand == std::string_view::npos ? std::string_view{} : body.substr(ampersand + 1);
    if (pair.empty()) continue;
    const auto equals = pair.find('=');
    auto name = decode_component(pair.substr(0, equals));
    auto value = decode_component(equals == std::string_view::npos ? std::string_view{}
                                                                   : pair.substr(equals + 1));
    if (!name || !value) return std::nullopt;
    fields.emplace_back(std::move(*name), std::move(*value));
  }
  return fields;
}

std::optional<std::string_view> form_value(const FormFields& fields, std::string_view name) {
  for (const auto& [field, value] : fields) {
    if (field == name) return value;
  }
  return std::nullopt;
}

}  // namespace artshop::payments
