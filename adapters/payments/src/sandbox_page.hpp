#pragma once

#include <string>
#include <string_view>

#include "sandbox_session.hpp"

// The sandbox's HTML, self-contained and without script: the site's Content-Security-Policy
// allows no inline script, and a form needs none.
namespace artshop::payments {

std::string escape_html(std::string_view text);

// The amount, what it is for, a note that nothing real is charged, and one form posting the
// session back with Pay, Decline or Cancel.
std::string render_checkout_page(const SandboxSession& session, std::string_view token);

// Why the page cannot go on, with a link back to the shop.
std::string render_problem_page(std::string_view message, std::string_view shop_url);

}  // namespace artshop::payments
