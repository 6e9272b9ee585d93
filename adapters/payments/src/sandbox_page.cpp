#include "sandbox_page.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include "artshop/payments/sandbox_gateway.hpp"

namespace artshop::payments {

namespace {

constexpr std::string_view kTitle = "Artshop sandbox payment";
// On every page of the sandbox, wherever it is served: nobody should mistake it for a real
// checkout.
constexpr std::string_view kBanner = "Test payments: no money moves";

constexpr std::string_view kStyle = R"(
body{margin:0;font-family:system-ui,sans-serif;background:#f4f4f6;color:#1b1b1f}
main{max-width:28rem;margin:3rem auto;padding:1.5rem 2rem;background:#fff;border-radius:8px;
box-shadow:0 1px 4px rgba(0,0,0,.15)}
h1{font-size:1.4rem;margin-top:0}
.banner{margin:0;padding:.6rem 1rem;background:#9a6700;color:#fff;font-weight:700;
text-align:center}
.note{padding:.75rem 1rem;background:#fff4d6;border-left:4px solid #9a6700;border-radius:4px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
.amount{font-size:1.25rem;font-weight:700}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.5rem}
button{font:inherit;padding:.6rem 1.4rem;border-radius:4px;border:1px solid #555;background:#fff;
color:#1b1b1f;cursor:pointer}
button[value=pay]{background:#1a56db;border-color:#1a56db;color:#fff}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
)";

std::string page(std::string_view content) {
  return fmt::format(
      "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta name=\"robots\" content=\"noindex\">\n"
      // The link carries the session: keep it out of Referer headers.
      "<meta name=\"referrer\" content=\"no-referrer\">\n"
      "<title>{}</title>\n<style>{}</style>\n</head>\n<body>\n"
      "<p class=\"banner\" role=\"status\">{}</p>\n"
      "<main>\n<h1>{}</h1>\n{}</main>\n"
      "</body>\n</html>\n",
      kTitle, kStyle, kBanner, kTitle, content);
}

}  // namespace

std::string escape_html(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string render_checkout_page(const SandboxSession& session, std::string_view token) {
  std::string details =
      fmt::format("<dt>Amount</dt><dd class=\"amount\">{}</dd>\n<dt>For</dt><dd>{}</dd>\n",
                  escape_html(session.amount.to_string()), escape_html(session.description));
  if (!session.customer_email.empty()) {
    details += fmt::format("<dt>Customer</dt><dd>{}</dd>\n", escape_html(session.customer_email));
  }
  if (!session.browser.empty()) {
    details += fmt::format("<dt>Browser</dt><dd>{}</dd>\n", escape_html(session.browser));
  }
  details +=
      fmt::format("<dt>Valid until</dt><dd>{:%Y-%m-%d %H:%M} UTC</dd>\n", session.expires_at);
  return page(fmt::format(
      "<p class=\"note\" role=\"note\"><strong>Test provider.</strong> This is Artshop's "
      "built-in sandbox: no card is asked for and no real money moves.</p>\n"
      "<dl>\n{}</dl>\n"
      "<form method=\"post\" action=\"{}\">\n"
      "<input type=\"hidden\" name=\"session\" value=\"{}\">\n"
      "<div class=\"actions\">\n"
      "<button type=\"submit\" name=\"action\" value=\"pay\">Pay</button>\n"
      "<button type=\"submit\" name=\"action\" value=\"decline\">Decline</button>\n"
      "<button type=\"submit\" name=\"action\" value=\"cancel\">Cancel</button>\n"
      "</div>\n</form>\n",
      details, escape_html(kSandboxCheckoutPath), escape_html(token)));
}

std::string render_problem_page(std::string_view message, std::string_view shop_url) {
  return page(fmt::format("<p role=\"alert\">{}</p>\n<p><a href=\"{}\">Back to the shop</a></p>\n",
                          escape_html(message), escape_html(shop_url)));
}

}  // namespace artshop::payments
