#pragma once

#include "artshop/http/api.hpp"
#include "artshop/http/client_address.hpp"

namespace artshop::http::handlers {

// POST /api/support/create-ticket: {email, name, supportTicketType, description}, signed in or
// not. Answers {reference, createdAt, supportTicketType}. Tickets are limited per client address,
// as `clients` tells them apart (ClientAddresses::rate_limit_key()).
Handler create_support_ticket(const SupportApi& api, const ClientAddresses& clients);

}  // namespace artshop::http::handlers
