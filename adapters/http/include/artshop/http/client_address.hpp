#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/http/message.hpp"

namespace artshop::http {

// The reverse proxies whose X-Forwarded-For the shop believes: single addresses or CIDR
// blocks, IPv4 or IPv6 (configuration `trusted_proxies`, empty by default).
class TrustedProxies {
 public:
  TrustedProxies() = default;
  // Throws std::invalid_argument naming an entry that is neither an address nor a block.
  static TrustedProxies parse(const std::vector<std::string>& entries);

  bool contains(std::string_view address) const;
  bool empty() const noexcept { return networks_.empty(); }

 private:
  struct Network {
    std::array<std::uint8_t, 16> bytes{};  // IPv4 as IPv4-mapped IPv6
    unsigned prefix = 0;                   // leading bits that must match, of 128
  };
  std::vector<Network> networks_;
};

// The address a request comes from, for rate limits and logs. It is the TCP peer unless the
// peer is a trusted proxy; then X-Forwarded-For is read from the right (each proxy appends the
// peer it saw), skipping trusted proxies, and the first hop that is not one is the client.
// Hops further left were written by the client itself and are never believed. A hop that is
// not an address ends the walk at the last proxy that was believed. IPv4-mapped IPv6
// addresses are answered as IPv4.
std::string client_address(const Request& request, const TrustedProxies& proxies);

// Who the rate limits count a request against.
struct ClientAddresses {
  TrustedProxies proxies;
  // The leading bits of an IPv6 address that name one client (configuration
  // `limit.ipv6_prefix_length`, 64 by default). A home or a phone is handed a whole /64 and may
  // pick any address in it, so counted per address one client would have 2^64 buckets.
  unsigned ipv6_prefix = 64;

  // client_address() for IPv4; for IPv6 its network, as "2001:db8:1:2::/64".
  std::string rate_limit_key(const Request& request) const;
};

}  // namespace artshop::http
