#pragma once

#include <string>
#include <string_view>

#include "backstage.hpp"
#include "cluster/cluster_fixture.hpp"

namespace artshop::testing {

// An owner of the shop (set up through server 0) who calls one server in particular, as two
// members of staff behind one load balancer may reach two servers at once.
class ClusterStaff {
 public:
  ClusterStaff(ShopCluster& cluster, const std::string& email) : cluster_(cluster) {
    // One connection is all the command needs: the three servers' pools hold most of the
    // database's.
    const auto link =
        staff_link_by_command(cluster.server(0), email, "owner",
                              cluster.command_environment() + "ARTSHOP_DATABASE_POOL_SIZE='1' ");
    member_ = set_up_staff(cluster.server(0).base_url(), link, email);
  }

  HttpResponse call(std::size_t server, std::string_view method, const std::string& path,
                    const std::string& body = {}, const std::string& key = {},
                    std::string content_type = "application/json") const {
    RequestHeaders headers{{"Authorization", "Bearer " + member_.token},
                           {"Content-Type", std::move(content_type)}};
    if (!key.empty()) headers.emplace_back("Idempotency-Key", key);
    return request(method, cluster_.server(server).url(path), body, headers);
  }

 private:
  ShopCluster& cluster_;
  Member member_;
};

}  // namespace artshop::testing
