#include "support/smtp_sink.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "support/eventually.hpp"

extern char** environ;

namespace artshop::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  return content.str();
}

std::string numbered(int number) {
  std::array<char, 16> name{};
  std::snprintf(name.data(), name.size(), "%04d", number);
  return name.data();
}

ReceivedMail read_mail(const fs::path& base) {
  ReceivedMail mail;
  mail.data = read_file(fs::path(base).replace_extension(".eml"));
  std::istringstream envelope(read_file(fs::path(base).replace_extension(".envelope")));
  for (std::string line; std::getline(envelope, line);) {
    const auto colon = line.find(": ");
    const std::string key = line.substr(0, colon);
    const std::string value = line.substr(colon + 2);
    if (key == "mail_from") mail.mail_from = value;
    if (key == "rcpt_to") mail.rcpt_to.push_back(value);
    if (key == "auth_login") mail.auth_login = value;
  }
  return mail;
}

}  // namespace

SmtpSink::SmtpSink(fs::path folder, bool require_auth, unsigned short port)
    : folder_(std::move(folder)) {
  const std::string script = ARTSHOP_SOURCE_DIR "/tests/support/smtp_sink.py";
  std::vector<std::string> arguments{"/usr/bin/python3", script, folder_.string()};
  if (require_auth) arguments.emplace_back("--require-auth");
  if (port != 0) {
    arguments.emplace_back("--port");
    arguments.push_back(std::to_string(port));
  }
  start(arguments);
}

SmtpSink::~SmtpSink() {
  ::close(stdin_);
  ::close(stdout_);
  if (eventually([this] { return ::waitpid(pid_, nullptr, WNOHANG) == pid_; }, 5s)) return;
  ::kill(pid_, SIGKILL);
  ::waitpid(pid_, nullptr, 0);
}

std::vector<ReceivedMail> SmtpSink::received() const {
  std::vector<ReceivedMail> mails;
  for (int number = 1;; ++number) {
    const fs::path base = folder_ / numbered(number);
    if (!fs::exists(fs::path(base).replace_extension(".envelope"))) return mails;
    mails.push_back(read_mail(base));
  }
}

void SmtpSink::start(const std::vector<std::string>& arguments) {
  std::array<int, 2> to_child{};
  std::array<int, 2> from_child{};
  if (::pipe2(to_child.data(), O_CLOEXEC) != 0 || ::pipe2(from_child.data(), O_CLOEXEC) != 0) {
    throw std::runtime_error("pipe2 failed");
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, to_child[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, from_child[1], STDOUT_FILENO);
  std::vector<char*> argv;
  for (const std::string& argument : arguments) {
    argv.push_back(const_cast<char*>(argument.c_str()));
  }
  argv.push_back(nullptr);
  const int spawned = ::posix_spawn(&pid_, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(to_child[0]);
  ::close(from_child[1]);
  stdin_ = to_child[1];
  stdout_ = from_child[0];
  if (spawned != 0) throw std::runtime_error("cannot start /usr/bin/python3");
  port_ = read_port();
}

unsigned short SmtpSink::read_port() const {
  std::string line;
  const auto deadline = std::chrono::steady_clock::now() + 20s;
  while (!line.ends_with('\n') && std::chrono::steady_clock::now() < deadline) {
    pollfd readable{.fd = stdout_, .events = POLLIN, .revents = 0};
    if (::poll(&readable, 1, 100) <= 0) continue;
    char c = 0;
    if (::read(stdout_, &c, 1) != 1) break;
    line += c;
  }
  if (!line.ends_with('\n')) {
    throw std::runtime_error("smtp_sink.py printed no port (is python3-aiosmtpd installed?)");
  }
  return static_cast<unsigned short>(std::stoul(line));
}

unsigned short closed_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  ::bind(fd, reinterpret_cast<sockaddr*>(&address), length);
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  ::close(fd);
  return ntohs(address.sin_port);
}

}  // namespace artshop::testing
