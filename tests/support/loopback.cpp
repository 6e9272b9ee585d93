#include "support/loopback.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace artshop::testing {

unsigned short closed_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  const bool bound = fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr*>(&address), length) == 0 &&
                     ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0;
  if (fd >= 0) ::close(fd);
  // Without a port of its own, 0 would be returned: a port no test can expect to be closed.
  if (!bound) throw std::runtime_error("no loopback port could be bound");
  return ntohs(address.sin_port);
}

int connections_with_unread_bytes(unsigned short port) {
  // Each line after the heading: "sl local rem st tx_queue:rx_queue ...", addresses and
  // queues in hex; state 01 is ESTABLISHED.
  std::ifstream table("/proc/net/tcp");
  std::string line;
  std::getline(table, line);
  int waiting = 0;
  while (std::getline(table, line)) {
    std::istringstream fields(line);
    std::string slot;
    std::string local;
    std::string remote;
    std::string state;
    std::string queues;
    fields >> slot >> local >> remote >> state >> queues;
    const auto colon = local.find(':');
    const auto queue_colon = queues.find(':');
    if (colon == std::string::npos || queue_colon == std::string::npos || state != "01") continue;
    if (std::stoul(local.substr(colon + 1), nullptr, 16) != port) continue;
    if (std::stoul(queues.substr(queue_colon + 1), nullptr, 16) > 0) ++waiting;
  }
  return waiting;
}

}  // namespace artshop::testing
