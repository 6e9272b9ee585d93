#include "handlers/admin.hpp"

#include <boost/json.hpp>
#include <functional>

#include "artshop/http/json.hpp"
#include "handlers/money_json.hpp"
#include "handlers/request_fields.hpp"
#include "handlers/signed_in.hpp"

namespace artshop::http::handlers {
namespace {

namespace json = boost::json;

// STAFF_ME: who is signed in and what the role may open, in the table's order.
json::object staff_me_json(const StaffActor& actor) {
  json::array permissions;
  for (const auto permission : all_staff_permissions()) {
    if (role_permits(actor.role, permission)) permissions.emplace_back(name_of(permission));
  }
  return {{"id", actor.id.value},
          {"email", actor.email},
          {"role", name_of(actor.role)},
          {"permissions", std::move(permissions)}};
}

json::object session_json(const StaffActor& actor, std::chrono::seconds idle) {
  return {{"expiresAt", iso_time(actor.expires_at)},
          {"idleMinutes", std::chrono::duration_cast<std::chrono::minutes>(idle).count()},
          {"staff", staff_me_json(actor)}};
}

json::object issued_json(const IssuedStaffSession& issued, std::chrono::seconds idle) {
  json::object session{{"token", issued.token}};
  for (auto& field : session_json(issued.actor, idle)) {
    session.emplace(field.key(), std::move(field.value()));
  }
  return session;
}

json::object staff_json(const StaffMember& member) {
  return {{"id", member.id.value},
          {"email", member.email},
          {"role", name_of(member.role)},
          {"status", name_of(member.status)},
          {"createdAt", iso_time(member.created_at)},
          {"lastSignInAt", time_or_null(member.last_sign_in_at)}};
}

// A record's changed values, stored as a JSON object's text.
json::value values_json(const std::string& stored) {
  if (stored.empty()) return nullptr;
  boost::system::error_code ec;
  auto parsed = json::parse(stored, ec);
  if (ec) return nullptr;
  return parsed;
}

json::object audit_json(const AuditRecord& record) {
  json::value actor = nullptr;
  if (record.actor)
    actor = json::object{{"id", record.actor->value}, {"email", record.actor_email}};
  return {{"id", record.id},
          {"at", iso_time(record.at)},
          {"actor", std::move(actor)},
          {"address", record.address},
          {"action", record.action},
          {"object", record.object},
          {"before", values_json(record.before)},
          {"after", values_json(record.after)}};
}

Handler signed_in_staff(const AdminApi& api,
                        std::function<Response(const Request&, const StaffActor&)> handler) {
  return handlers::signed_in_staff(api.authenticate, std::move(handler));
}

}  // namespace

json::value time_or_null(const std::optional<std::chrono::sys_seconds>& time) {
  if (!time) return nullptr;
  return json::value(iso_time(*time));
}

std::string address_of(const Request& request, const ClientAddresses& clients) {
  return client_address(request, clients.proxies);
}

Handler open_setup_link(const AdminApi& api) {
  return [api](const Request& request) {
    const auto page = api.open_setup_link(request.path_param("token").value_or(""));
    if (!page) return error_response(page.error(), request.request_id);
    return json_response(200, json::object{{"email", page->email},
                                           {"role", name_of(page->role)},
                                           {"needsPassword", page->needs_password},
                                           {"secret", page->secret},
                                           {"otpauthUrl", page->otpauth_url}});
  };
}

Handler complete_setup(const AdminApi& api, const ClientAddresses& clients) {
  return [api, &clients](const Request& request) {
    const auto read = [&](JsonFields& fields) {
      return CompleteSetupCommand{.token = std::string(request.path_param("token").value_or("")),
                                  .password = fields.string("password"),
                                  .code = fields.string("code"),
                                  .address = address_of(request, clients)};
    };
    return read_then_call(request, read, [&](const CompleteSetupCommand& command) {
      const auto done = api.complete_setup(command);
      if (!done) return error_response(done.error(), request.request_id);
      json::array codes;
      for (const auto& code : done->recovery_codes) codes.emplace_back(code);
      return json_response(200,
                           json::object{{"recoveryCodes", std::move(codes)},
                                        {"session", issued_json(done->session, api.session_idle)}});
    });
  };
}

Handler staff_sign_in(const AdminApi& api, const ClientAddresses& clients) {
  return [api, &clients](const Request& request) {
    const auto read = [&](JsonFields& fields) {
      return StaffSignInCommand{.email = fields.string("email"),
                                .password = fields.string("password"),
                                .code = fields.string("code"),
                                .address = address_of(request, clients),
                                .rate_limit_key = clients.rate_limit_key(request)};
    };
    return read_then_call(request, read, [&](StaffSignInCommand command) {
      const auto issued = api.sign_in(std::move(command));
      if (!issued) return error_response(issued.error(), request.request_id);
      return json_response(200, issued_json(*issued, api.session_idle));
    });
  };
}

Handler get_staff_session(const AdminApi& api) {
  return signed_in_staff(api, [api](const Request&, const StaffActor& actor) {
    return json_response(200, session_json(actor, api.session_idle));
  });
}

Handler staff_sign_out(const AdminApi& api, const ClientAddresses& clients) {
  return signed_in_staff(api, [api, &clients](const Request& request, const StaffActor& actor) {
    if (auto ended = api.sign_out(actor, address_of(request, clients)); !ended) {
      return error_response(ended.error(), request.request_id);
    }
    return Response{.status = 204};
  });
}

Handler list_staff(const AdminApi& api) {
  return signed_in_staff(api, [api](const Request& request, const StaffActor& actor) {
    const auto members = api.list_staff(actor);
    if (!members) return error_response(members.error(), request.request_id);
    json::array items;
    for (const auto& member : *members) items.push_back(staff_json(member));
    return json_response(200, json::object{{"items", std::move(items)}});
  });
}

Handler add_staff(const AdminApi& api, const ClientAddresses& clients) {
  return signed_in_staff(api, [api, &clients](const Request& request, const StaffActor& actor) {
    const auto read = [&](JsonFields& fields) {
      return AddStaffCommand{.actor = actor,
                             .email = fields.string("email"),
                             .role = fields.string("role"),
                             .address = address_of(request, clients)};
    };
    return read_then_call(request, read, [&](const AddStaffCommand& command) {
      const auto added = api.add_staff(command);
      if (!added) return error_response(added.error(), request.request_id);
      return json_response(201, json::object{{"staff", staff_json(added->member)},
                                             {"setupLink", added->setup_link}});
    });
  });
}

Handler change_staff(const AdminApi& api, const ClientAddresses& clients) {
  return signed_in_staff(api, [api, &clients](const Request& request, const StaffActor& actor) {
    const auto id = path_id(request, "id");
    if (!id) return error_response(Error::not_found(), request.request_id);
    const auto read = [&](JsonFields& fields) {
      return ChangeStaffCommand{.actor = actor,
                                .member = UserId{*id},
                                .role = fields.optional_string("role"),
                                .suspended = fields.optional_boolean("suspended"),
                                .address = address_of(request, clients)};
    };
    return read_then_call(request, read, [&](const ChangeStaffCommand& command) {
      const auto changed = api.change_staff(command);
      if (!changed) return error_response(changed.error(), request.request_id);
      return json_response(200, staff_json(*changed));
    });
  });
}

Handler new_setup_link(const AdminApi& api, const ClientAddresses& clients) {
  return signed_in_staff(api, [api, &clients](const Request& request, const StaffActor& actor) {
    const auto id = path_id(request, "id");
    if (!id) return error_response(Error::not_found(), request.request_id);
    const auto link = api.new_setup_link(actor, UserId{*id}, address_of(request, clients));
    if (!link) return error_response(link.error(), request.request_id);
    return json_response(200, json::object{{"setupLink", *link}});
  });
}

Handler list_audit(const AdminApi& api) {
  return signed_in_staff(api, [api](const Request& request, const StaffActor& actor) {
    const auto listing = api.list_audit(actor, {.page = request.query_param("Page"),
                                                .page_size = request.query_param("PageSize"),
                                                .actor = request.query_param("Actor"),
                                                .action = request.query_param("Action"),
                                                .from = request.query_param("From"),
                                                .to = request.query_param("To")});
    if (!listing) return error_response(listing.error(), request.request_id);
    json::array items;
    for (const auto& record : listing->records.items) items.push_back(audit_json(record));
    return json_response(200, json::object{{"items", std::move(items)},
                                           {"total", listing->records.total},
                                           {"page", listing->page},
                                           {"pageSize", listing->page_size}});
  });
}

}  // namespace artshop::http::handlers
