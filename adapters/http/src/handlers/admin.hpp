#pragma once

#include <boost/json/value.hpp>
#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include "artshop/http/api.hpp"
#include "artshop/http/client_address.hpp"

// The back office's routes (the staff API contract, docs/back-office.md). Without a live staff
// session every call but set-up and sign-in is answered 403 "Sign in to the back office.", not
// 401: a 401 makes the shop's client refresh a customer's token, which means nothing here.
namespace artshop::http::handlers {

Handler open_setup_link(const AdminApi& api);                                 // GET setup
Handler complete_setup(const AdminApi& api, const ClientAddresses& clients);  // POST setup
Handler staff_sign_in(const AdminApi& api, const ClientAddresses& clients);   // POST session
Handler get_staff_session(const AdminApi& api);                               // GET session
Handler staff_sign_out(const AdminApi& api, const ClientAddresses& clients);  // DELETE session
Handler list_staff(const AdminApi& api);                                      // GET staff
Handler add_staff(const AdminApi& api, const ClientAddresses& clients);       // POST staff
Handler change_staff(const AdminApi& api, const ClientAddresses& clients);    // PATCH staff/{id}
Handler new_setup_link(const AdminApi& api, const ClientAddresses& clients);  // POST setup-link
Handler list_audit(const AdminApi& api);                                      // GET audit

// A time, or null for none.
boost::json::value time_or_null(const std::optional<std::chrono::sys_seconds>& time);
// The client's address, as the audit trail records it.
std::string address_of(const Request& request, const ClientAddresses& clients);

}  // namespace artshop::http::handlers
