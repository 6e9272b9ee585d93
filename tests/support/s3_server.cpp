#include "support/s3_server.hpp"

#include <stdexcept>
#include <vector>

namespace artshop::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// s3rver keeps the object "a/b.png" as the file "a/b.png._S3rver_object", beside its metadata.
constexpr std::string_view kObjectSuffix = "._S3rver_object";

const fs::path kScript = ARTSHOP_SOURCE_DIR "/frontend/node_modules/s3rver/bin/s3rver.js";

std::vector<std::string> command(const fs::path& folder, const std::string& bucket) {
  if (!fs::exists(kScript)) {
    throw std::runtime_error(kScript.string() + " is missing: run `npm ci` in frontend/");
  }
  return {"node",      kScript.string(),     "--directory", folder.string(),
          "--address", "127.0.0.1",          "--port",      "0",
          "--silent",  "--configure-bucket", bucket};
}

}  // namespace

S3Server::S3Server(std::string bucket)
    : bucket_(std::move(bucket)), process_(command(folder_.path(), bucket_)) {
  // It prints an empty line, then "S3rver listening on 127.0.0.1:PORT".
  constexpr std::string_view kListening = "S3rver listening on 127.0.0.1:";
  const std::string complaint = "s3rver did not start (is node on PATH?)";
  std::string line;
  while (!line.starts_with(kListening)) line = process_.read_line(20s, complaint);
  port_ = static_cast<unsigned short>(std::stoul(line.substr(kListening.size())));
}

// Node does not end when its input closes.
S3Server::~S3Server() {
  process_.stop();
}

std::string S3Server::endpoint() const {
  return "http://127.0.0.1:" + std::to_string(port_);
}

bool S3Server::holds(std::string_view name) const {
  return fs::is_regular_file(folder_.path() / bucket_ / std::string(name).append(kObjectSuffix));
}

std::size_t S3Server::object_count() const {
  std::size_t count = 0;
  for (const auto& entry : fs::recursive_directory_iterator(folder_.path() / bucket_)) {
    if (entry.is_regular_file() && entry.path().string().ends_with(kObjectSuffix)) ++count;
  }
  return count;
}

}  // namespace artshop::testing
