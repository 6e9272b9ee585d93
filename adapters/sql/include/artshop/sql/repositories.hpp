#pragma once

#include <tuple>

#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/backoffice/catalogue_records.hpp"
#include "artshop/core/backoffice/customer_records.hpp"
#include "artshop/core/backoffice/repositories.hpp"
#include "artshop/core/backoffice/sales_reports.hpp"
#include "artshop/core/catalogue/repositories.hpp"
#include "artshop/core/generation/generated_image.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/leases.hpp"
#include "artshop/core/ports/mail_outbox.hpp"
#include "artshop/core/ports/settings.hpp"
#include "artshop/core/staff/repositories.hpp"
#include "artshop/core/support/repositories.hpp"

namespace artshop {

// Every repository port, bound to one transaction. A UnitOfWork hands this to the work it
// runs; each feature adds its repositories here, and to get() below.
struct Repositories {
  AccountRepository& accounts;
  RefreshTokenRepository& refresh_tokens;
  ResetCodeRepository& reset_codes;
  RateLimitRepository& rate_limits;
  OfferRepository& offers;
  SettingRepository& settings;
  PaymentRepository& payments;
  OrderRepository& orders;
  Ledger& ledger;
  GiftCardRepository& gift_cards;
  ArtworkRepository& artworks;
  PaymentEventRepository& payment_events;
  IdempotencyRepository& idempotency;
  GeneratedImageRepository& generated_images;
  SupportTicketRepository& support_tickets;
  LeaseRepository& leases;
  MailOutbox& mail_outbox;
  StaffRepository& staff;
  AuditLog& audit_log;
  CustomerRecords& customer_records;
  RefundRepository& refunds;
  StaffOrderReads& staff_orders;
  SalesReports& sales_reports;
  CatalogueRecords& catalogue_records;

  // The repository of type Port, so that `narrow` can pick one by type.
  template <class Port>
  Port& get() const noexcept {
    return std::get<Port&>(std::tie(accounts, refresh_tokens, reset_codes, rate_limits, offers,
                                    settings, payments, orders, ledger, gift_cards, artworks,
                                    payment_events, idempotency, generated_images, support_tickets,
                                    leases, mail_outbox, staff, audit_log, customer_records,
                                    refunds, staff_orders, sales_reports, catalogue_records));
  }
};

}  // namespace artshop
