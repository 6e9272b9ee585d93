#include "url.hpp"

#include <boost/url/encoding_opts.hpp>
#include <boost/url/pct_string_view.hpp>

namespace artshop::http {

std::optional<std::string> percent_decode(std::string_view text, bool plus_is_space) {
  // Validation stops at the escapes: a target Beast accepted may carry characters RFC 3986
  // would have escaped ('|', '"', UTF-8), and browsers send some of them as they are.
  const auto encoded = boost::urls::make_pct_string_view(text);
  if (!encoded) return std::nullopt;
  boost::urls::encoding_opts options;
  options.space_as_plus = plus_is_space;
  return encoded->decode(options);
}

std::string_view raw_path(std::string_view target) noexcept {
  return target.substr(0, target.find('?'));
}

bool parse_target(Request& request) {
  const std::string_view target = request.target;
  if (!target.starts_with('/')) return false;
  auto path = percent_decode(raw_path(target));
  if (!path) return false;
  request.path = std::move(*path);
  request.query.clear();

  const auto question = target.find('?');
  if (question == std::string_view::npos) return true;
  std::string_view rest = target.substr(question + 1);
  while (!rest.empty()) {
    const auto amp = rest.find('&');
    const auto pair = rest.substr(0, amp);
    rest = amp == std::string_view::npos ? std::string_view{} : rest.substr(amp + 1);
    if (pair.empty()) continue;
    const auto equals = pair.find('=');
    auto name = percent_decode(pair.substr(0, equals), true);
    auto value = percent_decode(
        equals == std::string_view::npos ? std::string_view{} : pair.substr(equals + 1), true);
    if (!name || !value) return false;
    request.query.emplace_back(std::move(*name), std::move(*value));
  }
  return true;
}

}  // namespace artshop::http
