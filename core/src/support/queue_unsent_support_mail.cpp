#include "artshop/core/support/queue_unsent_support_mail.hpp"

#include "../whole_seconds.hpp"
#include "artshop/core/support/mails.hpp"

namespace artshop {

using detail::seconds;

Result<int> QueueUnsentSupportMail::operator()() {
  const auto now = seconds(clock_.now());
  return transactions_.write([&](Ports::Scope& tx) -> Result<int> {
    int queued = 0;
    for (const auto& ticket : tx.get<SupportTicketRepository>().take_unqueued(now - kWindow, now)) {
      if (!ticket.notice_sent_at) {
        tx.get<MailOutbox>().enqueue(support_notice_mail(ticket, mailing_.support_address, true),
                                     now, {});
        ++queued;
      }
      if (!ticket.confirmation_sent_at) {
        tx.get<MailOutbox>().enqueue(support_confirmation_mail(ticket, mailing_.shop_url), now, {});
        ++queued;
      }
    }
    return queued;
  });
}

}  // namespace artshop
