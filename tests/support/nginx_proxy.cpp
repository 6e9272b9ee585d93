#include "support/nginx_proxy.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "support/eventually.hpp"
#include "support/loopback.hpp"

namespace artshop::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// Answers whether something accepts connections on the loopback port.
bool accepts(unsigned short port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return false;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const bool connected =
      ::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0;
  ::close(fd);
  return connected;
}

std::string configuration(const fs::path& folder, unsigned short port,
                          const std::vector<unsigned short>& upstream_ports) {
  std::ostringstream out;
  // nginx started by root hands its workers to an unprivileged user, who must reach the
  // folder; root keeps them, so the folder needs no other owner.
  if (::geteuid() == 0) out << "user root;\n";
  out << "worker_processes 2;\n"
      << "pid " << (folder / "nginx.pid").string() << ";\n"
      << "error_log " << (folder / "error.log").string() << " warn;\n"
      << "events { worker_connections 1024; }\n"
      << "http {\n"
      << "  access_log off;\n"
      << "  client_body_temp_path " << (folder / "body").string() << ";\n"
      << "  proxy_temp_path " << (folder / "proxy").string() << ";\n"
      << "  fastcgi_temp_path " << (folder / "fastcgi").string() << ";\n"
      << "  uwsgi_temp_path " << (folder / "uwsgi").string() << ";\n"
      << "  scgi_temp_path " << (folder / "scgi").string() << ";\n"
      << "  client_max_body_size 20m;\n"
      << "  upstream shop {\n";
  for (const auto upstream : upstream_ports) {
    out << "    server 127.0.0.1:" << upstream << " max_fails=1 fail_timeout=2s;\n";
  }
  out << "    keepalive 32;\n"
      << "  }\n"
      << "  server {\n"
      << "    listen 127.0.0.1:" << port << ";\n"
      << "    location / {\n"
      << "      proxy_pass http://shop;\n"
      << "      proxy_http_version 1.1;\n"
      << "      proxy_set_header Connection \"\";\n"
      << "      proxy_set_header Host $host;\n"
      << "      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;\n"
      << "      proxy_set_header X-Forwarded-Proto $scheme;\n"
      << "      proxy_connect_timeout 2s;\n"
      << "      proxy_read_timeout 60s;\n"
      // A refused connection never reached a server: the next one may take the request,
      // whatever its method. Anything later is not retried elsewhere (the first server may
      // have done it), as nginx does by default for POST.
      << "      proxy_next_upstream error timeout;\n"
      // Which server answered (several, comma separated, when nginx passed the request on),
      // so that a test can tell each server's share, and who a 502 came from.
      << "      add_header X-Upstream $upstream_addr always;\n"
      << "    }\n"
      << "  }\n"
      << "}\n";
  return out.str();
}

}  // namespace

NginxProxy::NginxProxy(const std::vector<unsigned short>& upstream_ports) : port_(closed_port()) {
  const auto config =
      folder_.write("nginx.conf", configuration(folder_.path(), port_, upstream_ports));
  process_ = std::make_unique<ChildProcess>(
      std::vector<std::string>{"/usr/sbin/nginx", "-p", folder_.path().string(), "-c",
                               config.string(), "-g", "daemon off;"});
  if (!eventually([this] { return accepts(port_); }, 20s)) {
    throw std::runtime_error("nginx did not start on port " + std::to_string(port_) + ": " +
                             error_log());
  }
}

NginxProxy::~NginxProxy() {
  // SIGQUIT: a graceful stop, waiting for requests in flight; ChildProcess then waits for it.
  if (process_) ::kill(process_->pid(), SIGQUIT);
}

std::string NginxProxy::base_url() const {
  return "http://127.0.0.1:" + std::to_string(port_);
}

std::string NginxProxy::url(std::string_view path) const {
  return base_url() + std::string(path);
}

std::string NginxProxy::error_log() const {
  std::ifstream in(folder_.path() / "error.log");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace artshop::testing
