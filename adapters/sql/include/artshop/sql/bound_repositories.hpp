#pragma once

#include "artshop/core/orders/gift_card.hpp"
#include "artshop/sql/account_repositories.hpp"
#include "artshop/sql/backoffice_repositories.hpp"
#include "artshop/sql/catalogue_records.hpp"
#include "artshop/sql/connection.hpp"
#include "artshop/sql/customer_records.hpp"
#include "artshop/sql/generated_image_repository.hpp"
#include "artshop/sql/lease_repository.hpp"
#include "artshop/sql/mail_outbox.hpp"
#include "artshop/sql/offer_repository.hpp"
#include "artshop/sql/order_repositories.hpp"
#include "artshop/sql/setting_repository.hpp"
#include "artshop/sql/staff_repositories.hpp"
#include "artshop/sql/support_ticket_repository.hpp"
#include "artshop/sql/unit_of_work.hpp"

namespace artshop::sql {

// The repositories of one transaction, all bound to its connection: what a driver's unit of
// work hands the use cases, whichever database it opened the transaction on.
struct BoundRepositories {
  BoundRepositories(Connection& connection, const GiftCardNumberCipher* gift_card_cipher)
      : accounts(connection),
        refresh_tokens(connection),
        reset_codes(connection),
        rate_limits(connection),
        offers(connection),
        settings(connection),
        payments(connection),
        orders(connection),
        ledger(connection),
        gift_cards(connection, gift_card_cipher),
        artworks(connection),
        payment_events(connection),
        idempotency(connection),
        generated_images(connection),
        support_tickets(connection),
        leases(connection),
        mail_outbox(connection),
        staff(connection),
        audit_log(connection),
        customer_records(connection),
        refunds(connection),
        staff_orders(connection),
        sales_reports(connection),
        catalogue_records(connection) {}

  SqlAccountRepository accounts;
  SqlRefreshTokenRepository refresh_tokens;
  SqlResetCodeRepository reset_codes;
  SqlRateLimitRepository rate_limits;
  SqlOfferRepository offers;
  SqlSettingRepository settings;
  SqlPaymentRepository payments;
  SqlOrderRepository orders;
  SqlLedger ledger;
  SqlGiftCardRepository gift_cards;
  SqlArtworkRepository artworks;
  SqlPaymentEventRepository payment_events;
  SqlIdempotencyRepository idempotency;
  SqlGeneratedImageRepository generated_images;
  SqlSupportTicketRepository support_tickets;
  SqlLeaseRepository leases;
  SqlMailOutbox mail_outbox;
  SqlStaffRepository staff;
  SqlAuditLog audit_log;
  SqlCustomerRecords customer_records;
  SqlRefundRepository refunds;
  SqlStaffOrderReads staff_orders;
  SqlSalesReports sales_reports;
  SqlCatalogueRecords catalogue_records;
  Repositories view{.accounts = accounts,
                    .refresh_tokens = refresh_tokens,
                    .reset_codes = reset_codes,
                    .rate_limits = rate_limits,
                    .offers = offers,
                    .settings = settings,
                    .payments = payments,
                    .orders = orders,
                    .ledger = ledger,
                    .gift_cards = gift_cards,
                    .artworks = artworks,
                    .payment_events = payment_events,
                    .idempotency = idempotency,
                    .generated_images = generated_images,
                    .support_tickets = support_tickets,
                    .leases = leases,
                    .mail_outbox = mail_outbox,
                    .staff = staff,
                    .audit_log = audit_log,
                    .customer_records = customer_records,
                    .refunds = refunds,
                    .staff_orders = staff_orders,
                    .sales_reports = sales_reports,
                    .catalogue_records = catalogue_records};
};

}  // namespace artshop::sql
