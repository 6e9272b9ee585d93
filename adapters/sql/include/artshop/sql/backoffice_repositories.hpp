#pragma once

#include "artshop/core/backoffice/repositories.hpp"
#include "artshop/core/backoffice/sales_reports.hpp"
#include "artshop/sql/connection.hpp"

namespace artshop::sql {

// Refunds and what they change of an order, over one connection, inside the transaction a
// unit of work opened on it. The guards are the schema's: an item given back is a row whose
// primary key keeps a second refund of it out, and the amount given back grows only while it
// stays within the order's total.
class SqlRefundRepository final : public RefundRepository {
 public:
  explicit SqlRefundRepository(Connection& connection) noexcept : db_(connection) {}
  std::optional<RefundId> insert(const Refund& refund) override;
  bool claim_items(const Refund& refund) override;
  void release_items(RefundId refund) override;
  bool add_refunded(OrderId order, std::int64_t amount_minor) override;
  std::optional<Refund> find(RefundId id) override;
  std::optional<Refund> find_by_key(OrderId order, std::string_view key) override;
  std::vector<Refund> list_for_order(OrderId order) override;
  bool update_status(RefundId id, RefundStatus from, RefundStatus to) override;
  void set_provider_reference(RefundId id, std::string_view provider_reference) override;
  std::vector<Refund> pending_before(std::chrono::sys_seconds before, int limit) override;
  void revoke_artworks(OrderId order, std::span<const AttributeId> attributes,
                       bool revoked) override;
  bool return_to_sale(OfferId offer) override;

 private:
  Connection& db_;
};

// The back office's reads of orders: the search, an order's postings and artworks.
class SqlStaffOrderReads final : public StaffOrderReads {
 public:
  explicit SqlStaffOrderReads(Connection& connection) noexcept : db_(connection) {}
  StaffOrderPage search(const OrderSearchQuery& query) override;
  std::vector<PostingRecord> postings(std::span<const std::string> references) override;
  std::vector<OrderArtwork> artworks_of(OrderId order) override;
  std::vector<PaymentStatusChange> payment_history(PaymentId payment) override;
  std::vector<WebhookEventRecord> webhook_events(std::string_view payment_reference) override;
  std::vector<OutboxMailRecord> mails_about(std::string_view about) override;

 private:
  Connection& db_;
};

// The dashboard's sums and counts, and the exports' pages (keyset: after the last row's id).
class SqlSalesReports final : public SalesReports {
 public:
  explicit SqlSalesReports(Connection& connection) noexcept : db_(connection) {}
  std::vector<LedgerDaySum> ledger_by_day(std::chrono::sys_days first,
                                          std::chrono::sys_days end) override;
  std::vector<StatusCount> orders_by_status() override;
  std::int64_t accounts_created_since(std::chrono::sys_seconds since) override;
  std::int64_t tickets_since(std::chrono::sys_seconds since) override;
  std::int64_t open_tickets() override;
  std::optional<std::chrono::sys_seconds> oldest_open_ticket() override;
  std::vector<OrderExportRow> orders_after(OrderId after, std::chrono::sys_seconds from,
                                           std::chrono::sys_seconds until, int limit) override;
  std::vector<LedgerExportRow> ledger_after(std::int64_t after, std::chrono::sys_seconds from,
                                            std::chrono::sys_seconds until, int limit) override;
  std::vector<CustomerExportRow> customers_after(UserId after, int limit) override;

 private:
  Connection& db_;
};

}  // namespace artshop::sql
