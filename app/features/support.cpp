#include "features/support.hpp"

#include <spdlog/spdlog.h>

#include <exception>

#include "artshop/http/api.hpp"

namespace artshop::app {

Support::Support(Infrastructure& infrastructure, const Authenticate& authenticate_calls)
    : shared(infrastructure),
      authenticate(authenticate_calls),
      create_support_ticket(
          narrow<SupportTicketRepository, RateLimitRepository, MailOutbox>(shared.transactions),
          shared.random, support_mailing(), shared.clock, shared.config.limits),
      queue_unsent_mail(narrow<SupportTicketRepository, MailOutbox>(shared.transactions),
                        support_mailing(), shared.clock) {}

SupportMailing Support::support_mailing() {
  return {.support_address = shared.config.mail.support_address, .shop_url = shared.public_url};
}

void Support::add_routes(http::Router& router) {
  http::add_support_routes(router,
                           {.authenticate = authenticate, .create_ticket = create_support_ticket},
                           shared.config.client_addresses);
}

void Support::queue_unsent_support_mail() {
  try {
    if (const auto queued = queue_unsent_mail(); !queued) {
      spdlog::error("queueing the unsent support mails failed: {}", queued.error().detail);
    } else if (*queued > 0) {
      spdlog::info("{} support mail(s) stored before the mail outbox queued in it", *queued);
    }
  } catch (const std::exception& e) {
    spdlog::error("queueing the unsent support mails failed: {}", e.what());
  }
}

}  // namespace artshop::app
