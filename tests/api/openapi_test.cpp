// Keeps docs/openapi.json true: every documented operation answers on the real server with one
// of the statuses documented for it (never an undocumented 404 or 405).
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <fstream>
#include <sstream>

#include "support/http_client.hpp"
#include "support/server_process.hpp"

namespace artshop::testing {
namespace {

namespace json = boost::json;

json::object read_document() {
  std::ifstream in(std::string(ARTSHOP_SOURCE_DIR) + "/docs/openapi.json");
  std::stringstream text;
  text << in.rdbuf();
  return json::parse(text.str()).as_object();
}

std::string upper(std::string text) {
  for (auto& c : text) c = c >= 'a' && c <= 'z' ? char(c - 32) : c;
  return text;
}

// The query string from the required parameters' examples.
std::string query_of(const json::object& operation) {
  std::string query;
  if (const auto* parameters = operation.if_contains("parameters")) {
    for (const auto& parameter : parameters->as_array()) {
      const auto& p = parameter.as_object();
      if (!p.at("required").as_bool()) continue;
      query += query.empty() ? "?" : "&";
      query +=
          std::string(p.at("name").as_string()) + "=" + std::string(p.at("example").as_string());
    }
  }
  return query;
}

TEST(OpenApi, EveryDocumentedOperationAnswersWithADocumentedStatus) {
  const auto document = read_document();
  ServerProcess server;
  // A signed-in caller for the operations that need one.
  const std::string email = "openapi@example.com";
  const std::string password = "purple otter lantern";
  ASSERT_EQ(post_json(server.url("/api/Accounts/register"),
                      json::serialize(json::object{{"email", email},
                                                   {"password", password},
                                                   {"repeatedPassword", password},
                                                   {"agreedToPrivacyPolicy", true}}))
                .status,
            200);
  const auto login =
      post_json(server.url("/api/Accounts/login"),
                json::serialize(json::object{{"email", email}, {"password", password}}));
  const std::string token(json::parse(login.body).at("accessToken").as_string());

  int operations = 0;
  for (const auto& [path, item] : document.at("paths").as_object()) {
    for (const auto& [method, value] : item.as_object()) {
      const auto& operation = value.as_object();
      RequestHeaders headers;
      if (operation.contains("security")) headers.emplace_back("Authorization", "Bearer " + token);
      std::string body;
      // A JSON body is sent as its example; a file upload's (an image) is sent empty.
      const auto* request_body = operation.if_contains("requestBody");
      const auto* json_body =
          request_body ? request_body->at("content").as_object().if_contains("application/json")
                       : nullptr;
      if (json_body != nullptr) {
        body = json::serialize(json_body->at("example"));
        headers.emplace_back("Content-Type", "application/json");
      }
      const auto url = server.url(std::string(path) + query_of(operation));
      const auto response = request(upper(std::string(method)), url, body, headers);
      const auto& documented = operation.at("responses").as_object();
      EXPECT_TRUE(documented.contains(std::to_string(response.status)))
          << upper(std::string(method)) << " " << path << " answered " << response.status << ": "
          << response.body;
      ++operations;
    }
  }
  EXPECT_GE(operations, 17);
}

}  // namespace
}  // namespace artshop::testing
