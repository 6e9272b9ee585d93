#include "artshop/payments/loopback.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <algorithm>
#include <array>
#include <cstddef>

#include "artshop/core/text.hpp"

namespace artshop::payments {
namespace {

constexpr unsigned char kLoopbackNetwork = 127;

bool is_loopback_ipv4(const std::string& host) {
  std::array<unsigned char, 4> address{};
  // inet_pton takes exactly four decimal numbers: "127.1" and "127.0.0.1.nip.io" are not IPs.
  return ::inet_pton(AF_INET, host.c_str(), address.data()) == 1 && address[0] == kLoopbackNetwork;
}

bool is_loopback_ipv6(const std::string& host) {
  std::array<unsigned char, 16> address{};
  if (::inet_pton(AF_INET6, host.c_str(), address.data()) != 1) return false;
  const auto zeros_until = [&](std::size_t end) {
    return std::all_of(address.begin(), address.begin() + static_cast<std::ptrdiff_t>(end),
                       [](unsigned char byte) { return byte == 0; });
  };
  if (zeros_until(15) && address[15] == 1) return true;  // ::1
  // ::ffff:127.x.y.z is the IPv4 loopback seen through an IPv6 socket.
  return zeros_until(10) && address[10] == 0xff && address[11] == 0xff &&
         address[12] == kLoopbackNetwork;
}

}  // namespace

bool is_loopback_host(std::string_view host) {
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  if (host.ends_with('.')) host.remove_suffix(1);  // the root label: "localhost." is localhost
  if (text::equal_ignoring_ascii_case(host, "localhost")) return true;
  const std::string text(host);
  return is_loopback_ipv4(text) || is_loopback_ipv6(text);
}

std::optional<std::string> url_host(std::string_view url) {
  const auto scheme_end = url.find("://");
  if (scheme_end == std::string_view::npos) return std::nullopt;
  const auto scheme = text::to_lower_ascii(url.substr(0, scheme_end));
  if (scheme != "http" && scheme != "https") return std::nullopt;
  auto authority = url.substr(scheme_end + 3);
  authority = authority.substr(0, authority.find_first_of("/?#"));
  // Browsers take everything up to the last '@' as user info: http://user@127.0.0.1@evil
  // goes to evil.
  if (const auto at = authority.rfind('@'); at != std::string_view::npos) {
    authority = authority.substr(at + 1);
  }
  std::string_view host;
  if (authority.starts_with('[')) {
    const auto close = authority.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    host = authority.substr(1, close - 1);
    const auto rest = authority.substr(close + 1);
    if (!rest.empty() && !rest.starts_with(':')) return std::nullopt;
  } else {
    host = authority.substr(0, authority.find(':'));
  }
  if (host.empty()) return std::nullopt;
  return std::string(host);
}

bool is_loopback_url(std::string_view url) {
  const auto host = url_host(url);
  return host && is_loopback_host(*host);
}

}  // namespace artshop::payments
