#include <fmt/chrono.h>

#include <boost/json.hpp>

#include "artshop/core/backoffice/customer_desk.hpp"
#include "artshop/http/api.hpp"
#include "artshop/http/body_stream.hpp"
#include "handlers/admin.hpp"
#include "handlers/money_json.hpp"
#include "handlers/signed_in.hpp"

// The back office's dashboard and exports (docs/back-office.md, "Dashboard" and "Exports").
namespace artshop::http::handlers {
namespace {

namespace json = boost::json;

json::object eur_json(std::int64_t micro_eur) {
  return money_json(eur_of_micro(micro_eur));
}

std::string date_text(std::chrono::sys_days day) {
  return fmt::format("{:%F}", day);
}

json::object period_json(const PeriodFigures& figures) {
  return {{"revenue", json::object{{"pictures", eur_json(figures.pictures)},
                                   {"giftCards", eur_json(figures.gift_cards)},
                                   {"generatedImages", eur_json(figures.generated_images)},
                                   {"total", eur_json(figures.revenue())}}},
          {"refunds", eur_json(figures.refunds)},
          {"net", eur_json(figures.net())},
          {"deposits", eur_json(figures.deposits)},
          {"newCustomers", figures.new_customers},
          {"tickets", figures.tickets}};
}

json::object dashboard_json(const Dashboard& dashboard) {
  json::object by_status{{"Pending", 0}, {"Paid", 0}, {"Failed", 0}, {"Expired", 0}};
  for (const auto& count : dashboard.orders_by_status) by_status[name(count.status)] = count.count;
  json::array daily;
  for (const auto& day : dashboard.daily) {
    daily.push_back(
        json::object{{"date", date_text(day.day)}, {"net", eur_json(day.net_micro_eur)}});
  }
  json::value oldest_age = nullptr;
  if (dashboard.oldest_open_ticket) oldest_age = (dashboard.now - *dashboard.oldest_open_ticket).count();
  return {{"today", date_text(dashboard.today)},
          {"periods", json::object{{"today", period_json(dashboard.today_figures)},
                                   {"last7Days", period_json(dashboard.last_7_days)},
                                   {"last30Days", period_json(dashboard.last_30_days)}}},
          {"ordersByStatus", std::move(by_status)},
          {"openTickets", json::object{{"count", dashboard.open_tickets},
                                       {"oldestAt", time_or_null(dashboard.oldest_open_ticket)},
                                       {"oldestAgeSeconds", oldest_age}}},
          {"daily", std::move(daily)}};
}

Handler show_dashboard(const AdminReportsApi& api) {
  return signed_in_staff(api.authenticate, [api](const Request& request, const StaffActor& actor) {
    const auto dashboard = api.dashboard(actor);
    if (!dashboard) return error_response(dashboard.error(), request.request_id);
    return json_response(200, dashboard_json(*dashboard));
  });
}

// The CSV goes out as the export writes it, chunked, from the exports' own threads: the
// handler runs there, and so does the body's producer after it (session.cpp).
Handler export_csv(const AdminReportsApi& api, ExportKind kind, const ClientAddresses& clients) {
  return signed_in_staff(
      api.authenticate, [api, kind, &clients](const Request& request, const StaffActor& actor) {
        auto started = api.exports(actor, {.kind = kind,
                                           .from = request.query_param("From"),
                                           .to = request.query_param("To"),
                                           .address = address_of(request, clients)});
        if (!started) return error_response(started.error(), request.request_id);
        Response response;
        response.set_header("Content-Type", "text/csv; charset=utf-8");
        response.set_header("Content-Disposition",
                            fmt::format("attachment; filename=\"{}\"", started->filename));
        response.set_header("Cache-Control", "no-store");
        response.stream = std::make_shared<BodyStream>(
            [write = std::move(started->write)](BodyStream& body) {
              write([&body](std::string_view bytes) { return body.write(bytes); });
            },
            api.stall_limit);
        return response;
      });
}

}  // namespace
}  // namespace artshop::http::handlers

namespace artshop::http {

void add_admin_report_routes(Router& router, const AdminReportsApi& reports,
                             const ClientAddresses& clients) {
  namespace h = handlers;
  router.add("GET", "/api/admin/dashboard", h::show_dashboard(reports));
  const RouteOptions on_export_work{.executor = &reports.export_work};
  router.add("GET", "/api/admin/exports/orders.csv",
             h::export_csv(reports, ExportKind::Orders, clients), on_export_work);
  router.add("GET", "/api/admin/exports/ledger.csv",
             h::export_csv(reports, ExportKind::Ledger, clients), on_export_work);
  router.add("GET", "/api/admin/exports/customers.csv",
             h::export_csv(reports, ExportKind::Customers, clients), on_export_work);
}

}  // namespace artshop::http
