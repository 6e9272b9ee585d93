#pragma once

namespace artshop::testing {

// A loopback port nobody listens on: bound by the kernel's choice, then released. For a
// server that cannot report the port it was given for port 0 (nginx, PostgreSQL), and for a
// client test that needs a port where nothing answers.
unsigned short closed_port();

}  // namespace artshop::testing
