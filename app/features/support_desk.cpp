#include "features/support_desk.hpp"

#include "artshop/http/api.hpp"

namespace artshop::app {

SupportDesk::SupportDesk(Infrastructure& infrastructure, Staff& staff_feature,
                         const Authenticate& authenticate_calls)
    : shared(infrastructure),
      staff(staff_feature),
      authenticate(authenticate_calls),
      links(staff.authenticator,
            crypto::derive_subkey(staff.staff_key, "artshop support ticket links")),
      list(narrow<SupportTicketRepository>(shared.transactions)),
      get(narrow<SupportTicketRepository>(shared.transactions)),
      answer(narrow<SupportTicketRepository, MailOutbox, AuditLog>(shared.transactions),
             shared.clock, {.shop_url = shared.public_url, .links = links}),
      assign(narrow<SupportTicketRepository, StaffRepository, AuditLog>(shared.transactions),
             shared.clock),
      change_status(narrow<SupportTicketRepository, AuditLog>(shared.transactions), shared.clock),
      customer_tickets(narrow<SupportTicketRepository>(shared.transactions), shared.clock, links) {}

void SupportDesk::add_routes(http::Router& router) {
  http::add_support_desk_routes(router,
                                {.authenticate_staff = staff.authenticate,
                                 .authenticate = authenticate,
                                 .list = list,
                                 .get = get,
                                 .answer = answer,
                                 .assign = assign,
                                 .change_status = change_status,
                                 .customer_tickets = customer_tickets},
                                shared.config.client_addresses);
}

}  // namespace artshop::app
