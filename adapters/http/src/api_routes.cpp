#include "artshop/http/api.hpp"
#include "handlers/currencies.hpp"

namespace artshop::http {

Router api_routes(const Api& api) {
  Router router;
  router.add("GET", "/api/currencies", handlers::list_currencies(api.rates));
  return router;
}

}  // namespace artshop::http
