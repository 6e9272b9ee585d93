#pragma once

#include "artshop/core/backoffice/support_desk.hpp"
#include "artshop/core/support/customer_tickets.hpp"
#include "artshop/http/router.hpp"
#include "features/staff.hpp"
#include "infrastructure.hpp"

namespace artshop::app {

// The support desk (docs/back-office.md, "Support desk") and a ticket's conversation as its
// customer reads and answers it (docs/support.md, "The conversation"). Staff are the Staff
// feature's; a visitor's link is signed under a key derived from the staff secret key, which
// every server of the shop shares.
struct SupportDesk {
  SupportDesk(Infrastructure& shared, Staff& staff, const Authenticate& authenticate);
  SupportDesk(const SupportDesk&) = delete;
  SupportDesk& operator=(const SupportDesk&) = delete;

  void add_routes(http::Router& router);

  Infrastructure& shared;
  Staff& staff;
  const Authenticate& authenticate;
  VisitorTicketLinks links;
  ListTickets list;
  GetTicketForStaff get;
  AnswerTicket answer;
  AssignTicket assign;
  ChangeTicketStatus change_status;
  CustomerTickets customer_tickets;
};

}  // namespace artshop::app
