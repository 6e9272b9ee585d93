#include "features/sales_reports.hpp"

#include "artshop/http/api.hpp"

namespace artshop::app {

SalesReportsFeature::SalesReportsFeature(Infrastructure& infrastructure, Staff& staff_feature)
    : shared(infrastructure),
      staff(staff_feature),
      dashboard(narrow<SalesReports>(shared.transactions), shared.clock),
      exports(narrow<SalesReports, AuditLog>(shared.transactions), shared.clock),
      export_work("exports", 1, 2, computation_priority(shared.config)) {}

void SalesReportsFeature::add_routes(http::Router& router) {
  http::add_admin_report_routes(
      router,
      {.authenticate = staff.authenticate,
       .dashboard = dashboard,
       .exports = exports,
       .export_work = export_work,
       .stall_limit = std::chrono::seconds(shared.config.read_timeout_seconds)},
      shared.config.client_addresses);
}

}  // namespace artshop::app
