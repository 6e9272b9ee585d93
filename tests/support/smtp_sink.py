#!/usr/bin/python3
"""A real SMTP server for the mail adapter tests (aiosmtpd, Debian's python3-aiosmtpd).

Usage: /usr/bin/python3 smtp_sink.py DIRECTORY [--require-auth] [--port PORT]

Listens on 127.0.0.1 at PORT (default: a free port the kernel picks), prints that port on one
line of stdout, and keeps every message it accepts as two files in DIRECTORY:
  NNNN.eml       the DATA exactly as received (dots unstuffed, CRLF kept)
  NNNN.envelope  "mail_from: ADDR", one "rcpt_to: ADDR" per recipient and, when the client
                 authenticated, "auth_login: USER"
The envelope file appears last and atomically, so a reader that sees it sees the whole message.

With --require-auth the server refuses mail until the client logs in (AUTH PLAIN or LOGIN,
allowed without TLS) as TEST_USER / TEST_PASSWORD; any other credentials get 535.

It stops when stdin, if a pipe, closes (the test process ended or closed it), on SIGTERM, or after
MAX_LIFETIME_SECONDS, so a crashed test never leaves it running.
"""

import argparse
import asyncio
import itertools
import logging
import os
import signal
import stat
import sys
import warnings
from pathlib import Path

from aiosmtpd.controller import UnthreadedController
from aiosmtpd.smtp import AuthResult, LoginPassword

TEST_USER = "artshop-test"
TEST_PASSWORD = "s3cret pass"
MAX_LIFETIME_SECONDS = 300


class Sink:
    def __init__(self, directory: Path):
        self.directory = directory
        self.numbers = itertools.count(1)

    async def handle_DATA(self, server, session, envelope):
        base = self.directory / f"{next(self.numbers):04d}"
        base.with_suffix(".eml").write_bytes(envelope.original_content)
        lines = [f"mail_from: {envelope.mail_from}"]
        lines += [f"rcpt_to: {recipient}" for recipient in envelope.rcpt_tos]
        if session.authenticated:
            lines.append(f"auth_login: {session.auth_data}")
        temporary = base.with_suffix(".envelope.tmp")
        temporary.write_text("\n".join(lines) + "\n", encoding="utf-8")
        os.replace(temporary, base.with_suffix(".envelope"))
        return "250 OK: kept"


def authenticate(server, session, envelope, mechanism, auth_data):
    if not isinstance(auth_data, LoginPassword):
        return AuthResult(success=False, handled=False)
    if auth_data.login == TEST_USER.encode() and auth_data.password == TEST_PASSWORD.encode():
        return AuthResult(success=True, auth_data=TEST_USER)
    return AuthResult(success=False, handled=False)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("directory", type=Path)
    parser.add_argument("--require-auth", action="store_true")
    parser.add_argument("--port", type=int, default=0)
    arguments = parser.parse_args()
    arguments.directory.mkdir(parents=True, exist_ok=True)
    # AUTH without TLS is the point of the test; aiosmtpd's warnings about it are noise.
    warnings.simplefilter("ignore")
    logging.getLogger("mail.log").setLevel(logging.ERROR)

    auth = {}
    if arguments.require_auth:
        auth = dict(authenticator=authenticate, auth_required=True, auth_require_tls=False)
    loop = asyncio.new_event_loop()
    # Port 0: the kernel picks a free port while binding, so no other process can race for it.
    # A given port serves tests of a server that was configured before the sink started.
    controller = UnthreadedController(
        Sink(arguments.directory), hostname="127.0.0.1", port=arguments.port, loop=loop, **auth)
    controller.begin()
    print(controller.server.sockets[0].getsockname()[1], flush=True)

    if stat.S_ISFIFO(os.fstat(sys.stdin.fileno()).st_mode):
        loop.add_reader(sys.stdin.fileno(), lambda: sys.stdin.buffer.read1() or loop.stop())
    loop.add_signal_handler(signal.SIGTERM, loop.stop)
    loop.call_later(MAX_LIFETIME_SECONDS, loop.stop)
    loop.run_forever()
    controller.end()


if __name__ == "__main__":
    main()
