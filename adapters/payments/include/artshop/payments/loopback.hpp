#pragma once

#include <optional>
#include <string>
#include <string_view>

// Whether an address reaches this machine only. The sandbox provider takes no money, so its
// Pay button is safe only where nobody else can press it; these checks parse the address
// instead of matching text, so that "127.evil.example" is a name like any other.
namespace artshop::payments {

// 127.0.0.0/8 written as four decimal numbers, ::1 (also in brackets, and as the IPv4-mapped
// ::ffff:127.x.y.z), or the name localhost in any case, with or without its final dot.
// Wildcards (0.0.0.0, ::) serve every interface, so they are not loopback.
bool is_loopback_host(std::string_view host);

// The host of an http or https URL, without the brackets of an IPv6 literal, the user info
// (up to the last '@', as browsers read it) or the port; nullopt when the text is no such URL.
std::optional<std::string> url_host(std::string_view url);

// Whether the URL's host is a loopback host; false for anything that is not an http(s) URL.
bool is_loopback_url(std::string_view url);

}  // namespace artshop::payments
