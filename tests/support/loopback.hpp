#pragma once

namespace artshop::testing {

// A loopback port nobody listens on: bound by the kernel's choice, then released. For a
// server that cannot report the port it was given for port 0 (nginx, PostgreSQL), and for a
// client test that needs a port where nothing answers.
unsigned short closed_port();

// The connections to the loopback `port` holding bytes its server has not read yet (the
// kernel's receive queue, from /proc/net/tcp): requests sent to a server that does not take
// them in, as one stopped (SIGSTOP) holds them.
int connections_with_unread_bytes(unsigned short port);

}  // namespace artshop::testing
