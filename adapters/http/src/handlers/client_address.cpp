#include "artshop/http/client_address.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <charconv>
#include <optional>
#include <ranges>
#include <stdexcept>

#include "artshop/core/text.hpp"

namespace artshop::http {
namespace {

using Bytes = std::array<std::uint8_t, 16>;

constexpr unsigned kIpv4PrefixOffset = 96;  // an IPv4 address sits in the last 32 bits

bool is_ipv4_mapped(const Bytes& bytes) {
  return std::all_of(bytes.begin(), bytes.begin() + 10, [](auto b) { return b == 0; }) &&
         bytes[10] == 0xff && bytes[11] == 0xff;
}

// IPv4 ("10.0.0.1") or IPv6 ("::1", "[::1]") as 16 bytes, IPv4 mapped into IPv6.
std::optional<Bytes> parse_address(std::string_view text) {
  text = text::trim(text);
  if (text.size() > 2 && text.front() == '[' && text.back() == ']') {
    text = text.substr(1, text.size() - 2);
  }
  if (text.empty() || text.size() >= INET6_ADDRSTRLEN) return std::nullopt;
  const std::string address(text);
  Bytes bytes{};
  std::array<std::uint8_t, 4> v4{};
  if (::inet_pton(AF_INET, address.c_str(), v4.data()) == 1) {
    bytes[10] = 0xff;
    bytes[11] = 0xff;
    std::copy(v4.begin(), v4.end(), bytes.begin() + 12);
    return bytes;
  }
  if (::inet_pton(AF_INET6, address.c_str(), bytes.data()) == 1) return bytes;
  return std::nullopt;
}

std::string format_address(const Bytes& bytes) {
  std::array<char, INET6_ADDRSTRLEN> text{};
  if (is_ipv4_mapped(bytes)) {
    ::inet_ntop(AF_INET, bytes.data() + 12, text.data(), text.size());
  } else {
    ::inet_ntop(AF_INET6, bytes.data(), text.data(), text.size());
  }
  return text.data();
}

bool prefix_matches(const Bytes& a, const Bytes& b, unsigned prefix) {
  for (unsigned bit = 0; bit < prefix; bit += 8) {
    const unsigned bits = std::min(8U, prefix - bit);
    const auto mask = static_cast<std::uint8_t>(0xFFU << (8 - bits));
    if ((a[bit / 8] & mask) != (b[bit / 8] & mask)) return false;
  }
  return true;
}

// Every X-Forwarded-For hop in order, over all occurrences of the header.
std::vector<std::string_view> forwarded_hops(const Request& request) {
  std::vector<std::string_view> hops;
  for (const auto& [name, value] : request.headers) {
    if (!iequals(name, "X-Forwarded-For")) continue;
    std::string_view rest = value;
    while (!rest.empty()) {
      const auto comma = rest.find(',');
      hops.push_back(text::trim(rest.substr(0, comma)));
      rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    }
  }
  return hops;
}

}  // namespace

TrustedProxies TrustedProxies::parse(const std::vector<std::string>& entries) {
  TrustedProxies proxies;
  for (const auto& entry : entries) {
    const std::string_view text = text::trim(entry);
    if (text.empty()) continue;
    const auto slash = text.find('/');
    const auto address = parse_address(text.substr(0, slash));
    if (!address) throw std::invalid_argument("not an address or CIDR block: '" + entry + "'");
    const bool v4 = is_ipv4_mapped(*address);
    unsigned prefix = 128;
    if (slash != std::string_view::npos) {
      const auto digits = text.substr(slash + 1);
      unsigned bits = 0;
      const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), bits);
      if (error != std::errc{} || end != digits.data() + digits.size() || digits.empty() ||
          bits > (v4 ? 32U : 128U)) {
        throw std::invalid_argument("not a CIDR prefix length: '" + entry + "'");
      }
      prefix = v4 ? kIpv4PrefixOffset + bits : bits;
    }
    proxies.networks_.push_back({.bytes = *address, .prefix = prefix});
  }
  return proxies;
}

bool TrustedProxies::contains(std::string_view address) const {
  const auto bytes = parse_address(address);
  if (!bytes) return false;
  return std::any_of(networks_.begin(), networks_.end(), [&](const Network& network) {
    return prefix_matches(network.bytes, *bytes, network.prefix);
  });
}

std::string client_address(const Request& request, const TrustedProxies& proxies) {
  const auto peer = parse_address(request.remote_address);
  if (!peer) return request.remote_address;
  auto client = format_address(*peer);
  if (proxies.empty() || !proxies.contains(client)) return client;
  const auto hops = forwarded_hops(request);
  for (const std::string_view hop : std::views::reverse(hops)) {
    const auto address = parse_address(hop);
    if (!address) break;
    client = format_address(*address);
    if (!proxies.contains(client)) break;
  }
  return client;
}

std::string ClientAddresses::rate_limit_key(const Request& request) const {
  auto client = client_address(request, proxies);
  auto bytes = parse_address(client);
  if (!bytes || is_ipv4_mapped(*bytes) || ipv6_prefix >= 128) return client;
  for (unsigned bit = 0; bit < 128; bit += 8) {
    const unsigned kept = bit >= ipv6_prefix ? 0 : std::min(8U, ipv6_prefix - bit);
    (*bytes)[bit / 8] &= static_cast<std::uint8_t>(0xFF00U >> kept);
  }
  return format_address(*bytes) + "/" + std::to_string(ipv6_prefix);
}

}  // namespace artshop::http
