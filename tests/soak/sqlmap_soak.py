#!/usr/bin/env python3
"""SQL injection soak: sqlmap at --level 5 --risk 3 against every parameter of the API.

Starts the real server on a loopback port with a fresh data folder and a seeded catalogue,
then runs sqlmap once per parameter, with sqlmap's '*' marking that parameter: every query,
path and header parameter, and every value of a JSON body, nested ones included. Public
endpoints are tested signed out, the ones that need a customer signed in with the bearer
header of a customer made for that run (after checking that they answer 401 signed out), the
support form both ways. The endpoints and parameters come from docs/openapi.json, plus the few
the handlers read that it does not list (EXTRA_OPERATIONS). Fails when sqlmap reports an
injectable parameter or a run ends without sqlmap saying it tested its parameter. Prints the
requests the server answered (its own counter, /metrics) and the time taken.

    tests/soak/sqlmap_soak.py --binary build/app/artshop [--port 18089] [--only /api/orders]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OPENAPI = ROOT / "docs" / "openapi.json"

EMAIL = "soak@example.com"
PASSWORD = "Soak test password 1"

# A value for each parameter that gets an ordinary answer, so that sqlmap compares its payloads
# against a real page rather than against a refusal. Names are matched without regard to case.
# Passwords are deliberately wrong where a right one would change the account under test.
SAMPLE_VALUES: dict[str, object] = {
    "currency": "EUR",
    "sort": "LowToHigh",
    "orientation": "Horizontal",
    "style": "Abstract",
    "from": "1",
    "to": "500",
    "category": "abstract",
    "search": "blue",
    "page": 1,
    "pagesize": 12,
    "urlname": None,  # the first seeded offer's, filled in at start
    "email": EMAIL,
    "password": "Another soak password 2",
    "repeatedpassword": "Another soak password 2",
    "currentpassword": "not the current password",
    "agreedtoprivacypolicy": True,
    "agreedtopp_tos": True,
    "refreshtoken": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "code": "ABCD-EFGH",
    "firstname": "Ada",
    "lastname": "Lovelace",
    "country": "GB",
    "state": "Greater London",
    "city": "London",
    "address1": "12 St James Square",
    "zipcode": "SW1Y 4JH",
    "giftcardamount": "0",
    "depositamount": "25",
    "paybybalance": False,
    "giftcardnumber": "ABCD-EFGH-JKMN-PQRS",
    "cartitems": None,  # one line of the first seeded offer, filled in at start
    "id": 1,
    "name": "Ada Lovelace",
    "supporttickettype": "Other",
    "description": "A question about my order, long enough to be accepted as a ticket.",
    "javascriptenabled": True,
    "screenwidth": 1920,
    "screenheight": 1080,
    "timezoneoffset": -60,
    "acceptlanguage": "en-GB",
    "useragent": "Mozilla/5.0",
    "idempotency-key": "soak-key-1",
    "stripe-signature": "t=1795320000,v1=00",
}

# Handlers that read parameters docs/openapi.json does not list.
EXTRA_OPERATIONS = [
    {"method": "GET", "path": "/api/orders", "query": ["Page", "PageSize"], "signed_in": True},
    {
        "method": "POST",
        "path": "/api/support/create-ticket",
        "body": ["email", "name", "supportTicketType", "description"],
        "signed_in": None,  # either: tested both ways
    },
]

MARK = "__soak_injection_point__"


@dataclass
class Operation:
    method: str
    path: str
    query: list[str] = field(default_factory=list)
    path_params: list[str] = field(default_factory=list)
    headers: list[str] = field(default_factory=list)
    body: list[str] = field(default_factory=list)
    signed_in: bool | None = False  # True: needs a customer; None: answers either way

    @property
    def label(self) -> str:
        return f"{self.method} {self.path}"

    def injection_points(self) -> list[tuple[str, tuple]]:
        """Each scalar a client sends, as (kind, where): nested body values one by one."""
        points = [("query", (name,)) for name in self.query]
        points += [("path", (name,)) for name in self.path_params]
        points += [("header", (name,)) for name in self.headers]
        for name in self.body:
            points += [("body", where) for where in leaves(sample(name), (name,))]
        return points


def leaves(value: object, where: tuple) -> list[tuple]:
    if isinstance(value, list):
        return [leaf for i, item in enumerate(value) for leaf in leaves(item, where + (i,))]
    if isinstance(value, dict):
        return [leaf for key, item in value.items() for leaf in leaves(item, where + (key,))]
    return [where]


def schema_properties(spec: dict, schema: dict) -> list[str]:
    if "$ref" in schema:
        schema = spec["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return list(schema.get("properties", {}))


def operations_of(spec: dict) -> list[Operation]:
    found: dict[str, Operation] = {}
    for path, methods in spec["paths"].items():
        for method, operation in methods.items():
            op = Operation(method.upper(), path, signed_in=bool(operation.get("security")))
            for parameter in operation.get("parameters", []):
                {"query": op.query, "path": op.path_params, "header": op.headers}[
                    parameter["in"]].append(parameter["name"])
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body:
                op.body = schema_properties(spec, body["schema"])
            found[op.label.lower()] = op
    for extra in EXTRA_OPERATIONS:
        op = found.setdefault(
            f"{extra['method']} {extra['path']}".lower(),
            Operation(extra["method"], extra["path"], signed_in=extra["signed_in"]),
        )
        op.signed_in = extra["signed_in"]
        op.query += [q for q in extra.get("query", []) if q not in op.query]
        op.body += [b for b in extra.get("body", []) if b not in op.body]
    # Only what reads a parameter can be injected into.
    return [op for op in found.values() if op.injection_points()]


def sample(name: str) -> object:
    return SAMPLE_VALUES.get(name.lower(), "soak")


class Server:
    """The real artshop binary on a loopback port, in a folder of its own."""

    def __init__(self, binary: Path, port: int, workdir: Path):
        self.base = f"http://127.0.0.1:{port}"
        self.workdir = workdir
        (workdir / "static").mkdir()
        self.config = workdir / "artshop.conf"
        # Rate limits and the cap on unpaid orders would answer sqlmap 429 and 409 instead of
        # running its payloads; cheap password hashing keeps the login-shaped endpoints from
        # dominating the run. None of them changes which SQL a parameter reaches.
        limits = "\n".join(
            f"limit.{name} = 1000000/1s"
            for name in [
                "login_failures_per_email_and_ip",
                "login_failures_per_account",
                "login_failures_per_ip",
                "forgot_password_per_email",
                "forgot_password_per_ip",
                "reset_attempts_per_ip",
                "reset_attempts_per_account",
                "change_password_per_account",
                "registrations_per_ip",
                "support_tickets_per_ip",
                "gift_card_failures_per_user",
            ]
        )
        self.config.write_text(
            f"host = 127.0.0.1\nport = {port}\ndata_dir = {workdir / 'data'}\n"
            f"static_dir = {workdir / 'static'}\nlog_level = warn\nseed_offers = 22\n"
            "argon2.memory_kib = 1024\nargon2.iterations = 1\n"
            "orders.max_pending_orders = 1000\norders.max_pending_deposits = 1000\n"
            + limits + "\n"
        )
        subprocess.run([str(binary), "seed", "--config", str(self.config)], check=True,
                       stdout=subprocess.DEVNULL)
        self.log = open(workdir / "server.log", "wb")
        # ARTSHOP_* variables win over the file, and `make` exports some (port, data folder).
        server_env = {k: v for k, v in os.environ.items() if not k.startswith("ARTSHOP_")}
        self.process = subprocess.Popen([str(binary), "serve", "--config", str(self.config)],
                                        stdout=self.log, stderr=subprocess.STDOUT, env=server_env)
        deadline = time.monotonic() + 60
        while True:
            try:
                if self.get("/healthz")[0] == 200:
                    return
            except OSError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the server did not start; see {workdir / 'server.log'}")
            time.sleep(0.2)

    def request(self, method: str, path: str, body: object = None, token: str | None = None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def get(self, path: str):
        return self.request("GET", path)

    def requests_answered(self) -> int:
        _, text = self.get("/metrics")
        return sum(int(float(line.rsplit(" ", 1)[1])) for line in text.decode().splitlines()
                   if line.startswith("artshop_http_requests_total{"))

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


def new_customer(server: Server, number: int) -> str:
    """A customer of its own for one run, signed in: orders placed by one run's payloads stay
    within the limit of unpaid orders per customer, and no run sees another's changes."""
    email = f"soak-{number}@example.com"
    status, text = server.request("POST", "/api/Accounts/register", {
        "email": email, "password": PASSWORD, "repeatedPassword": PASSWORD,
        "agreedToPrivacyPolicy": True})
    if status != 200:
        raise SystemExit(f"cannot sign up: {status} {text[:200]!r}")
    status, text = server.request("POST", "/api/Accounts/login",
                                  {"email": email, "password": PASSWORD})
    if status != 200:
        raise SystemExit(f"cannot sign in: {status} {text[:200]!r}")
    return json.loads(text)["accessToken"]


# What creates the resource a path's {id} names, and where its id is in the answer: sqlmap needs
# the unmodified request to find something, or every answer is the same 404.
RESOURCES = {
    "/api/orders/{id}": ("/api/orders", "order"),
    "/api/balance/deposits/{id}": ("/api/balance/deposit", "deposit"),
}


def resource_id(server: Server, spec_ops: dict[str, Operation], path: str, token: str) -> int:
    creator, member = RESOURCES[path]
    op = spec_ops[f"POST {creator}"]
    status, text = server.request("POST", creator, {name: sample(name) for name in op.body},
                                  token)
    if status != 200:
        raise SystemExit(f"cannot create what {path} reads: {status} {text[:200]!r}")
    return json.loads(text)[member]["id"]


def marked_body(op: Operation, point: tuple) -> str:
    """The sample body as JSON, with sqlmap's '*' after the one value to inject into."""
    body = {name: json.loads(json.dumps(sample(name))) for name in op.body}
    holder = body
    for key in point[:-1]:
        holder = holder[key]
    original = holder[point[-1]]
    holder[point[-1]] = MARK
    marked = json.dumps(original)
    marked = marked[:-1] + '*"' if isinstance(original, str) else marked + "*"
    return json.dumps(body).replace(json.dumps(MARK), marked)


def sqlmap_command(server: Server, op: Operation, kind: str, point: tuple, token: str | None,
                   path_id: int | None, outdir: Path, all_dbms: bool) -> list[str]:
    """sqlmap against one injection point, marked with '*': sqlmap tests only marked places."""
    def value(name: str, where: str) -> str:
        text = str(path_id if where == "path" and path_id is not None else sample(name))
        return text + "*" if (kind, point) == (where, (name,)) else text

    path = op.path
    for name in op.path_params:
        path = path.replace("{" + name + "}", value(name, "path"))
    url = server.base + path
    if op.query:
        url += "?" + "&".join(
            f"{name}={urllib.request.quote(value(name, 'query'), safe='*')}" for name in op.query)
    command = ["sqlmap", "-u", url, "--method", op.method, "--level=5", "--risk=3", "--batch",
               "--flush-session", "--threads=4", "--disable-coloring", f"--output-dir={outdir}"]
    if not all_dbms:
        # SQLite is the one database: payloads of other engines cannot run anywhere.
        command.append("--dbms=SQLite")
    if op.path_params and path_id is None:
        # Nothing the soak can make exists there (an artwork needs a paid order): sqlmap goes on
        # past the 404 of the unmodified request instead of giving up.
        command.append("--ignore-code=404")
    # A header goes only into its own run: a fixed Idempotency-Key on every request would
    # answer the runs of the other parameters 409 (the same key with another request).
    headers = [f"{name}: {value(name, 'header')}" for name in op.headers if point == (name,)]
    if op.body:
        body = marked_body(op, point) if kind == "body" else json.dumps(
            {name: sample(name) for name in op.body})
        command += ["--data", body]
        headers.append("Content-Type: application/json")
    if token:
        headers.append(f"Authorization: Bearer {token}")
    if headers:
        command += ["--headers", "\n".join(headers)]
    return command


INJECTABLE = re.compile(r"identified the following injection point|parameter '.*' is '.*' injectable")
ALL_TESTED = "all tested parameters do not appear to be injectable"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", type=Path, default=ROOT / "build" / "app" / "artshop")
    parser.add_argument("--port", type=int, default=18089)
    parser.add_argument("--only", help="test only endpoints whose path contains this text")
    parser.add_argument("--all-dbms", action="store_true",
                        help="send every database engine's payloads, not only SQLite's")
    parser.add_argument("--run-timeout", type=int, default=1800,
                        help="seconds one sqlmap run may take before the soak fails")
    parser.add_argument("--log-dir", type=Path, default=ROOT / "build" / "soak-logs",
                        help="where each run's sqlmap output is kept")
    args = parser.parse_args()
    if not shutil.which("sqlmap"):
        raise SystemExit("sqlmap is not installed (make soak installs it)")

    spec = json.loads(OPENAPI.read_text())
    every_operation = operations_of(spec)
    by_label = {op.label: op for op in every_operation}
    operations = [op for op in every_operation if not args.only or args.only in op.path]
    args.log_dir.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="artshop-soak-") as scratch:
        workdir = Path(scratch)
        server = Server(args.binary.resolve(), args.port, workdir)
        try:
            _, text = server.get("/api/offers?Currency=EUR&PageSize=1")
            offer = json.loads(text)["items"][0]
            SAMPLE_VALUES["urlname"] = offer["urlName"]
            _, text = server.get(f"/api/offers/get-one?UrlName={offer['urlName']}&Currency=EUR")
            attribute = json.loads(text)["attributes"][0]["id"]
            SAMPLE_VALUES["cartitems"] = [{"offerId": offer["id"], "offerAttributeId": attribute}]
            findings, untested, total_requests, runs = [], [], 0, 0
            for op in operations:
                if op.signed_in:
                    status, _ = server.request(op.method, op.path.replace("{id}", "1"),
                                               {} if op.body else None)
                    print(f"{op.label:45} signed out: {status}", flush=True)
                    if status != 401:
                        findings.append(f"{op.label} answers {status} without a bearer token")
                modes = {False: [False], True: [True], None: [False, True]}[op.signed_in]
                for kind, point in op.injection_points():
                    for signed_in in modes:
                        runs += 1
                        token = new_customer(server, runs) if signed_in else None
                        path_id = (resource_id(server, by_label, op.path, token)
                                   if token and op.path in RESOURCES else None)
                        mode = "signed in" if signed_in else "signed out"
                        name = f"{op.label} {kind} {'.'.join(map(str, point))} {mode}"
                        before = server.requests_answered()
                        run_started = time.monotonic()
                        command = sqlmap_command(server, op, kind, point, token, path_id,
                                                 workdir / "sqlmap", args.all_dbms)
                        try:
                            output = subprocess.run(command, stdout=subprocess.PIPE,
                                                    stderr=subprocess.STDOUT, text=True,
                                                    timeout=args.run_timeout).stdout
                        except subprocess.TimeoutExpired as timeout:
                            output = (timeout.stdout or b"").decode(errors="replace")
                            output += f"\nsqlmap did not finish in {args.run_timeout} s"
                        # The counter's own two requests are not sqlmap's.
                        requests = server.requests_answered() - before - 1
                        total_requests += requests
                        log = args.log_dir / (re.sub(r"[^A-Za-z0-9]+", "_", name) + ".log")
                        log.write_text(" ".join(command) + "\n\n" + output)
                        if INJECTABLE.search(output):
                            findings.append(f"{name}: INJECTABLE, see {log}")
                            verdict = "INJECTABLE"
                        elif ALL_TESTED not in output:
                            untested.append(f"{name}: sqlmap stopped early, see {log}")
                            verdict = "NOT TESTED"
                        else:
                            verdict = "no injection"
                        print(f"{name:75} {requests:6} requests "
                              f"{time.monotonic() - run_started:5.0f} s  {verdict}", flush=True)
        finally:
            server.stop()

    minutes = (time.monotonic() - started) / 60
    for line in findings + untested:
        print(line)
    print(f"soak: {len(operations)} endpoints, {runs} sqlmap runs, {total_requests} requests, "
          f"{len(findings)} findings, {len(untested)} runs not completed, {minutes:.1f} min")
    return 1 if findings or untested else 0


if __name__ == "__main__":
    sys.exit(main())
