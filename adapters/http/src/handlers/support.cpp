#include "handlers/support.hpp"

#include <spdlog/spdlog.h>

#include <boost/json.hpp>

#include "artshop/http/json.hpp"
#include "handlers/money_json.hpp"
#include "handlers/request_fields.hpp"
#include "handlers/signed_in.hpp"

namespace artshop::http::handlers {

namespace json = boost::json;

Handler create_support_ticket(const SupportApi& api, const ClientAddresses& clients) {
  return signed_in_or_visitor(
      api.authenticate,
      [api, &clients](const Request& request, const std::optional<Caller>& caller) {
        const auto read = [&](JsonFields& fields) {
          return CreateSupportTicketCommand{
              .form = {.email = fields.string("email"),
                       .name = fields.string("name"),
                       .support_ticket_type = fields.string("supportTicketType"),
                       .description = fields.string("description")},
              .caller = caller ? std::optional(caller->user) : std::nullopt,
              .client_address = clients.rate_limit_key(request)};
        };
        return read_then_call(request, read, [&](CreateSupportTicketCommand command) {
          const auto created = api.create_ticket(std::move(command));
          if (!created) return error_response(created.error(), request.request_id);
          if (!created->mail_problem.empty()) {
            spdlog::warn("request {}: support ticket {} stored; its mails wait for a retry: {}",
                         request.request_id, created->reference, created->mail_problem);
          }
          return json_response(200, json::object{{"reference", created->reference},
                                                 {"createdAt", iso_time(created->created_at)},
                                                 {"supportTicketType", name(created->type)}});
        });
      });
}

}  // namespace artshop::http::handlers
