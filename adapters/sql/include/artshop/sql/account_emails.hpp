#pragma once

#include <cstdint>
#include <vector>

#include "artshop/core/ports/text_normaliser.hpp"
#include "artshop/sql/connection.hpp"

namespace artshop::sql {

struct RenormalisedEmails {
  int changed = 0;  // accounts whose stored e-mail was rewritten
  // Accounts left as they were because their new form is another account's address: the two
  // became one name, and which of them keeps it is a person's decision.
  std::vector<std::int64_t> collisions;
};

// Brings every account's stored e-mail to the normal form of today (normalize_email()), inside
// the caller's write transaction. Addresses were once folded for ASCII only, so "ÄNN@..." was
// stored as typed and could no longer be found. Only an address with a byte past ASCII can
// differ; the others are read and left.
RenormalisedEmails renormalise_account_emails(Connection& connection, const TextNormaliser& text);

}  // namespace artshop::sql
