#include <boost/json.hpp>

#include "artshop/http/api.hpp"
#include "handlers/admin.hpp"
#include "handlers/money_json.hpp"
#include "handlers/request_fields.hpp"
#include "handlers/signed_in.hpp"

// The support desk (docs/back-office.md, "Support desk"): staff list, read, answer, assign,
// close and reopen tickets. And a ticket's conversation as its customer reads it
// (docs/support.md, "The conversation"): signed in, their own tickets; a visitor through the
// signed link of a reply mail, its token in the `t` query parameter.
namespace artshop::http::handlers {
namespace {

namespace json = boost::json;

json::value person_json(const std::optional<UserId>& id, std::string_view email) {
  if (!id) return nullptr;
  return json::object{{"id", id->value}, {"email", email}};
}

// TICKET_ROW: what the desk's list shows of a ticket.
json::object ticket_row_json(const DeskTicket& row) {
  const auto& ticket = row.ticket;
  return {{"id", ticket.id.value},
          {"reference", ticket.reference},
          {"type", name(ticket.type)},
          {"email", ticket.email},
          {"name", ticket.name},
          {"status", name_of(ticket.status)},
          {"assignee", person_json(ticket.assignee, row.assignee_email)},
          {"createdAt", iso_time(ticket.created_at)},
          {"lastMessageAt", iso_time(row.last_message_at)}};
}

// A message as staff read it: notes and who wrote each.
json::object staff_message_json(const TicketMessage& message) {
  return {{"id", message.id.value},
          {"at", iso_time(message.at)},
          {"author", name_of(message.author)},
          {"staff", person_json(message.staff, message.staff_email)},
          {"body", message.body},
          {"internal", message.internal}};
}

// A message as the customer reads it: "staff" wrote it, never which member.
json::object customer_message_json(const TicketMessage& message) {
  return {{"id", message.id.value},
          {"at", iso_time(message.at)},
          {"author", name_of(message.author)},
          {"body", message.body}};
}

json::object customer_ticket_json(const DeskTicket& row) {
  const auto& ticket = row.ticket;
  return {{"id", ticket.id.value},
          {"reference", ticket.reference},
          {"type", name(ticket.type)},
          {"status", name_of(ticket.status)},
          {"createdAt", iso_time(ticket.created_at)},
          {"lastMessageAt", iso_time(row.last_message_at)}};
}

json::object customer_conversation_json(const TicketConversation& conversation) {
  auto ticket = customer_ticket_json(conversation.ticket);
  json::array messages;
  for (const auto& message : conversation.messages) {
    messages.push_back(customer_message_json(message));
  }
  ticket.emplace("messages", std::move(messages));
  return ticket;
}

// A staff route of one ticket: the member and the ticket's id, or 404 for an id that cannot be
// one.
Handler for_ticket(
    const SupportDeskApi& api,
    std::function<Response(const Request&, const StaffActor&, SupportTicketId)> handler) {
  return signed_in_staff(
      api.authenticate_staff,
      [handler = std::move(handler)](const Request& request, const StaffActor& actor) {
        const auto id = path_id(request, "id");
        if (!id) return error_response(no_such_ticket(), request.request_id);
        return handler(request, actor, SupportTicketId{*id});
      });
}

Handler list_tickets(const SupportDeskApi& api) {
  return signed_in_staff(
      api.authenticate_staff, [api](const Request& request, const StaffActor& actor) {
        const auto listing = api.list(actor, {.status = request.query_param("Status"),
                                              .type = request.query_param("Type"),
                                              .assignee = request.query_param("Assignee"),
                                              .query = request.query_param("Query"),
                                              .sort = request.query_param("Sort"),
                                              .page = request.query_param("Page"),
                                              .page_size = request.query_param("PageSize")});
        if (!listing) return error_response(listing.error(), request.request_id);
        json::array items;
        for (const auto& row : listing->items) items.push_back(ticket_row_json(row));
        return json_response(200, json::object{{"items", std::move(items)},
                                               {"total", listing->total},
                                               {"page", listing->page.page},
                                               {"pageSize", listing->page.page_size}});
      });
}

Handler get_ticket(const SupportDeskApi& api) {
  return for_ticket(api, [api](const Request& request, const StaffActor& actor,
                               SupportTicketId id) {
    const auto found = api.get(actor, id);
    if (!found) return error_response(found.error(), request.request_id);
    auto ticket = ticket_row_json(found->ticket);
    const auto& account = found->ticket.ticket.account;
    ticket.emplace("accountId", account ? json::value(account->value) : json::value(nullptr));
    json::array messages;
    for (const auto& message : found->messages) messages.push_back(staff_message_json(message));
    return json_response(200, json::object{{"ticket", std::move(ticket)}, {"messages", messages}});
  });
}

Handler answer_ticket(const SupportDeskApi& api, const ClientAddresses& clients) {
  return for_ticket(
      api, [api, &clients](const Request& request, const StaffActor& actor, SupportTicketId id) {
        const auto read = [&](JsonFields& fields) {
          return AnswerTicketCommand{.actor = actor,
                                     .ticket = id,
                                     .body = fields.optional_string("body"),
                                     .internal = fields.boolean("internal"),
                                     .address = address_of(request, clients)};
        };
        return read_then_call(request, read, [&](const AnswerTicketCommand& command) {
          const auto written = api.answer(command);
          if (!written) return error_response(written.error(), request.request_id);
          return json_response(201, staff_message_json(*written));
        });
      });
}

Handler assign_ticket(const SupportDeskApi& api, const ClientAddresses& clients) {
  return for_ticket(api, [api, &clients](const Request& request, const StaffActor& actor,
                                         SupportTicketId id) {
    const auto read = [&](JsonFields& fields) {
      const auto member = fields.optional_int64("staffId");
      return AssignTicketCommand{.actor = actor,
                                 .ticket = id,
                                 .assignee = member ? std::optional(UserId{*member}) : std::nullopt,
                                 .address = address_of(request, clients)};
    };
    return read_then_call(request, read, [&](const AssignTicketCommand& command) {
      const auto assigned = api.assign(command);
      if (!assigned) return error_response(assigned.error(), request.request_id);
      return json_response(200, ticket_row_json(*assigned));
    });
  });
}

Handler change_ticket_status(const SupportDeskApi& api, const ClientAddresses& clients,
                             bool closing) {
  return for_ticket(api, [api, &clients, closing](const Request& request, const StaffActor& actor,
                                                  SupportTicketId id) {
    const auto address = address_of(request, clients);
    const auto changed = closing ? api.change_status.close(actor, id, address)
                                 : api.change_status.reopen(actor, id, address);
    if (!changed) return error_response(changed.error(), request.request_id);
    return json_response(200, ticket_row_json(*changed));
  });
}

// A route of one ticket as its customer reads it: signed in, or a visitor with the link's token.
Handler for_customer_ticket(
    const SupportDeskApi& api, bool visitor,
    std::function<Response(const Request&, const TicketReader&, SupportTicketId)> handler) {
  const auto with_reader = [handler, visitor](const Request& request, const TicketReader& reader) {
    const auto id = path_id(request, "id");
    if (!id) {
      return error_response(visitor ? bad_ticket_link() : no_such_ticket(), request.request_id);
    }
    return handler(request, reader, SupportTicketId{*id});
  };
  if (visitor) {
    return [with_reader](const Request& request) {
      return with_reader(
          request, {.customer = std::nullopt, .token = request.query_param("t").value_or("")});
    };
  }
  return signed_in(api.authenticate, [with_reader](const Request& request, const Caller& caller) {
    return with_reader(request, {.customer = caller.user, .token = {}});
  });
}

Handler get_customer_ticket(const SupportDeskApi& api, bool visitor) {
  return for_customer_ticket(
      api, visitor, [api](const Request& request, const TicketReader& reader, SupportTicketId id) {
        const auto found = api.customer_tickets.get(reader, id);
        if (!found) return error_response(found.error(), request.request_id);
        return json_response(200, customer_conversation_json(*found));
      });
}

Handler answer_customer_ticket(const SupportDeskApi& api, bool visitor) {
  return for_customer_ticket(
      api, visitor, [api](const Request& request, const TicketReader& reader, SupportTicketId id) {
        const auto read = [&](JsonFields& fields) { return fields.optional_string("body"); };
        return read_then_call(request, read, [&](const std::optional<std::string>& body) {
          const auto written = api.customer_tickets.reply(reader, id, body);
          if (!written) return error_response(written.error(), request.request_id);
          return json_response(201, customer_message_json(*written));
        });
      });
}

Handler list_customer_tickets(const SupportDeskApi& api) {
  return signed_in(api.authenticate, [api](const Request& request, const Caller& caller) {
    const auto found = api.customer_tickets.list(caller.user);
    if (!found) return error_response(found.error(), request.request_id);
    json::array items;
    for (const auto& row : *found) items.push_back(customer_ticket_json(row));
    return json_response(200, json::object{{"items", std::move(items)}});
  });
}

}  // namespace
}  // namespace artshop::http::handlers

namespace artshop::http {

void add_support_desk_routes(Router& router, const SupportDeskApi& desk,
                             const ClientAddresses& clients) {
  namespace h = handlers;
  router.add("GET", "/api/admin/tickets", h::list_tickets(desk));
  router.add("GET", "/api/admin/tickets/{id}", h::get_ticket(desk));
  router.add("POST", "/api/admin/tickets/{id}/messages", h::answer_ticket(desk, clients));
  router.add("POST", "/api/admin/tickets/{id}/assign", h::assign_ticket(desk, clients));
  router.add("POST", "/api/admin/tickets/{id}/close", h::change_ticket_status(desk, clients, true));
  router.add("POST", "/api/admin/tickets/{id}/reopen",
             h::change_ticket_status(desk, clients, false));
  router.add("GET", "/api/support/tickets", h::list_customer_tickets(desk));
  router.add("GET", "/api/support/tickets/{id}", h::get_customer_ticket(desk, false));
  router.add("POST", "/api/support/tickets/{id}/messages", h::answer_customer_ticket(desk, false));
  router.add("GET", "/api/support/visitor-tickets/{id}", h::get_customer_ticket(desk, true));
  router.add("POST", "/api/support/visitor-tickets/{id}/messages",
             h::answer_customer_ticket(desk, true));
}

}  // namespace artshop::http
