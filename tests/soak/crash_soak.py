#!/usr/bin/env python3
"""Crash soak: the server killed with SIGKILL under a stream of balance operations loses none,
and every mail it acknowledged goes out exactly once.

Starts the real server on a loopback port with a fresh data folder, the sandbox payment
provider and a known webhook secret, then runs several customers at once, each repeating:
a deposit confirmed by a signed webhook, an order paid from the balance, a gift card bought by
an order paid by webhook (its number read from the order history) and redeemed, and generated
images paid from the balance once the day's free ones are used, a support ticket, and a password
reset code asked for. Meanwhile the server is killed
with SIGKILL at random moments and started again on the same data folder, each time once
/readyz answers. Clients retry what failed with the same Idempotency-Key, and webhooks are
delivered again until answered (and once more after, as providers do). A request that a kill
left waiting on its key (its reservation stored, no effect and no answer) answers 409 until the
key counts as abandoned, a minute on; the soak then ages those reservations by that minute in the
database (so as not to wait for the server's clock) and sends the same requests again with the
same keys, as their clients would, so that an operation carried out twice shows.

Afterwards, on a copy of the database: PRAGMA integrity_check is ok; every operation answered
2xx is in the ledger exactly once (matched by the ids the answers carried); no posting is in
the ledger twice and no customer has more orders, deposits or images than they asked for; every
posting balances, total debits equal total credits, and no customer balance is negative.

The mails go to the .eml folder through the mail outbox. Once the customers stop, the soak waits
for the outbox to empty, then reads the folder: every acknowledged ticket's confirmation and
notice and every acknowledged reset request's code arrived exactly once (a request a kill left
without an answer arrived at most once), and no mail is a dead letter. The last line is
"soak: K kills, N operations acknowledged, M mails, L lost, D duplicated, ledger balanced"; the
exit status is 1 when L or D is not 0. The server log and the final data folder are kept in
build/soak-logs/crash/ (the database as the last kill left it).

    tests/soak/crash_soak.py --binary build/app/artshop [--port 18090] [--kills 50]
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import http.client
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

WEBHOOK_SECRET = "crash-soak-webhook-secret-0123456789abcdef"
PASSWORD = "Crash soak password 1"
GIFT_CARD_EUR = 5
IMAGE_PRICE_CENTS = 20

# What a payer sends with an order or a deposit (SPEC.md section 3).
PAYER = {
    "firstName": "Ann",
    "lastName": "Example",
    "country": "DE",
    "state": "",
    "city": "Berlin",
    "address1": "Unter den Linden 1",
    "zipCode": "10117",
    "agreedToPP_TOS": True,
    "currency": "EUR",
    "javascriptEnabled": True,
    "acceptLanguage": "de-DE",
    "screenWidth": 1920,
    "screenHeight": 1080,
    "timeZoneOffset": -60,
    "userAgent": "artshop crash soak",
}

# Answers after which the same request is sent again: the server was killed under it, is
# starting, or the first request with that key never got to store its answer.
RETRIED_STATUSES = {409, 500, 502, 503, 504}
TRANSPORT_ERRORS = (OSError, http.client.HTTPException)
# IdempotencyKeys::kAbandonedAfter: a reservation this old with no answer may be taken over.
ABANDONED_AFTER_SECONDS = 60


class Server:
    """The real artshop binary on a loopback port; killed and started again on one folder."""

    def __init__(self, binary: Path, port: int, workdir: Path, seed_offers: int):
        # A copy, so that a rebuild during the run cannot stop a restart.
        self.binary = workdir / "artshop"
        shutil.copy2(binary, self.binary)
        self.base = f"http://127.0.0.1:{port}"
        self.workdir = workdir
        self.data_dir = workdir / "data"
        (workdir / "static").mkdir()
        self.config = workdir / "artshop.conf"
        # Customers sign up and log in from one address, and a kill can leave deposits and
        # orders unpaid: limits that would answer 429 or 409 to the soak are lifted. Cheap
        # password hashing keeps logins from dominating the run.
        self.config.write_text(
            f"host = 127.0.0.1\nport = {port}\ndata_dir = {self.data_dir}\n"
            f"static_dir = {workdir / 'static'}\nlog_level = warn\nseed_offers = {seed_offers}\n"
            "argon2.memory_kib = 1024\nargon2.iterations = 1\n"
            "limit.registrations_per_ip = 1000000/1s\nlimit.login_failures_per_ip = 1000000/1s\n"
            "limit.gift_card_failures_per_user = 1000000/1s\n"
            "limit.forgot_password_per_email = 1000000/1s\n"
            "limit.forgot_password_per_ip = 1000000/1s\n"
            "limit.support_tickets_per_ip = 1000000/1s\n"
            "limit.support_confirmations_per_recipient = 1000000/1s\n"
            # A killed server's claimed mails are sent by the next start a few seconds on.
            "mail.claim_seconds = 5\nmail.retry_seconds = 1\n"
            "orders.max_pending_orders = 1000\norders.max_pending_deposits = 1000\n"
            "payments.provider = sandbox\n"
            f"payments.webhook_secret = {WEBHOOK_SECRET}\n"
            "generation.provider = builtin\ngeneration.free_per_day = 1\n"
            f"generation.price_eur_cents = {IMAGE_PRICE_CENTS}\ngeneration.queue = 16\n"
        )
        # ARTSHOP_* variables win over the file, and `make` exports some (port, data folder).
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("ARTSHOP_")}
        subprocess.run([str(self.binary), "seed", "--config", str(self.config)], check=True,
                       stdout=subprocess.DEVNULL, env=self.env)
        self.log = open(workdir / "server.log", "ab")
        self.process: subprocess.Popen | None = None
        self.starts = 0
        self.restart_seconds: list[float] = []  # from each kill until /readyz answered 200
        self.start()

    def start(self) -> None:
        self.process = subprocess.Popen([str(self.binary), "serve", "--config", str(self.config)],
                                        stdout=self.log, stderr=subprocess.STDOUT, env=self.env)
        self.starts += 1
        deadline = time.monotonic() + 60
        while not self.ready():
            if self.process.poll() is not None or time.monotonic() > deadline:
                if self.process.poll() is None:
                    self.kill()
                raise SystemExit(f"start {self.starts}: the server did not become ready (exit "
                                 f"status {self.process.poll()}); see the server log")
            time.sleep(0.05)

    def ready(self) -> bool:
        try:
            with urllib.request.urlopen(self.base + "/readyz", timeout=2) as response:
                return response.status == 200
        except (urllib.error.HTTPError, *TRANSPORT_ERRORS):
            return False

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.kill()
        self.log.close()


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> dict:
        return json.loads(self.body)


def send(base: str, method: str, path: str, body: object = None, token: str | None = None,
         headers: dict[str, str] | None = None, raw: bytes | None = None) -> Answer:
    """One HTTP request; raises on a transport failure (the server died under it)."""
    data = raw if raw is not None else None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return Answer(response.status, dict(response.headers), response.read())
    except urllib.error.HTTPError as error:
        return Answer(error.code, dict(error.headers), error.read())


def signed_paid_event(event_id: str, reference: str, amount_minor: int) -> tuple[bytes, str]:
    """A checkout.session.completed event signed like the sandbox's (Stripe's scheme)."""
    body = json.dumps({
        "id": event_id, "object": "event", "type": "checkout.session.completed",
        "data": {"object": {"id": f"cs_soak_{reference}", "object": "checkout.session",
                            "client_reference_id": reference, "payment_status": "paid",
                            "amount_total": amount_minor, "currency": "eur"}},
    }).encode()
    stamp = str(int(time.time()))
    digest = hmac.new(WEBHOOK_SECRET.encode(), stamp.encode() + b"." + body, hashlib.sha256)
    return body, f"t={stamp},v1={digest.hexdigest()}"


@dataclass
class Record:
    """What one customer was told: the operations answered 2xx, and those a kill left without
    an answer (they may or may not have happened, but never twice)."""

    email: str
    deposits: list[dict] = field(default_factory=list)  # {id, reference}, webhook answered
    orders: list[dict] = field(default_factory=list)  # {id, reference}: balance and gift-card
    redeemed: list[int] = field(default_factory=list)  # ids of the orders that bought the cards
    images: list[dict] = field(default_factory=list)  # {prompt, returned}
    unanswered: Counter = field(default_factory=Counter)  # kind -> attempts left in doubt
    placed: set[int] = field(default_factory=set)  # every order id answered 200
    started: set[int] = field(default_factory=set)  # every deposit id answered 200
    # Requests with an Idempotency-Key left in doubt: (stage, method, path, body, key).
    waiting: list[tuple] = field(default_factory=list)
    image_attempts: dict[str, int] = field(default_factory=dict)  # prompt -> count asked
    refused: Counter = field(default_factory=Counter)  # kind:status of final non-2xx answers
    doubts: list[str] = field(default_factory=list)  # why each request was left in doubt
    tickets: list[str] = field(default_factory=list)  # references answered 200
    resets: int = 0  # reset codes asked for and answered 200
    retried: Counter = field(default_factory=Counter)  # kind:status of late retries

    def acknowledged(self) -> int:
        return (len(self.deposits) + len(self.orders) + len(self.redeemed) + len(self.images) +
                len(self.tickets) + self.resets)


class InDoubt(Exception):
    """The request never got its answer within the patience allowed."""


class Customer(threading.Thread):
    def __init__(self, number: int, base: str, cheapest: dict, stop: threading.Event,
                 patience: float):
        super().__init__(name=f"customer-{number}", daemon=True)
        self.number = number
        self.base = base
        self.cheapest = cheapest
        self.stop_event = stop
        self.patience = patience
        self.record = Record(email=f"crash-soak-{number}@example.com")
        self.token = ""
        self.operations = 0
        self.failure: str | None = None
        self.stage = ""  # the operation under way, to which a request left in doubt belongs

    # --- transport ------------------------------------------------------------------------

    def call(self, method: str, path: str, body: object = None, key: str | None = None,
             raw: bytes | None = None, headers: dict[str, str] | None = None,
             signed_in: bool = True) -> Answer:
        """Sends the request until it gets an answer that is not a crash's or a restart's,
        the same Idempotency-Key each time. Raises InDoubt past `patience` seconds."""
        deadline = time.monotonic() + self.patience
        last = "no answer"
        all_headers = dict(headers or {})
        if key:
            all_headers["Idempotency-Key"] = key
        while True:
            try:
                answer = send(self.base, method, path, body, self.token if signed_in else None,
                              all_headers, raw)
                last = f"{answer.status} {answer.body[:80].decode(errors='replace')}"
                if answer.status == 401 and signed_in:
                    self.sign_in()
                    continue
                if answer.status not in RETRIED_STATUSES:
                    return answer
                if answer.status == 409 and b"still being processed" not in answer.body:
                    return answer
            except TRANSPORT_ERRORS as error:
                last = f"no answer ({str(error)[:80]})"
            if time.monotonic() > deadline:
                if key:
                    self.record.waiting.append((self.stage, method, path, body, key))
                raise InDoubt(f"{method} {path}: still {last} after {self.patience:.0f} s")
            time.sleep(random.uniform(0.05, 0.25))

    def sign_in(self) -> None:
        answer = self.call("POST", "/api/Accounts/login",
                           {"email": self.record.email, "password": PASSWORD}, signed_in=False)
        if answer.status != 200:
            raise RuntimeError(f"cannot sign in: {answer.status} {answer.body[:200]!r}")
        self.token = answer.json()["accessToken"]

    def sign_up(self) -> None:
        answer = self.call("POST", "/api/Accounts/register",
                           {"email": self.record.email, "password": PASSWORD,
                            "repeatedPassword": PASSWORD, "agreedToPrivacyPolicy": True},
                           signed_in=False)
        if answer.status != 200:
            raise RuntimeError(f"cannot sign up: {answer.status} {answer.body[:200]!r}")
        self.sign_in()

    def key(self, kind: str) -> str:
        return f"soak-{self.number}-{kind}-{self.operations}"

    def deliver_paid(self, reference: str, amount_minor: int) -> None:
        """Delivers the paid event until the server answers 200, then once more: a provider
        re-sends until it hears back, and sometimes after."""
        for _ in range(2):
            body, signature = signed_paid_event(f"evt_soak_{reference}", reference, amount_minor)
            answer = self.call("POST", "/api/payments/webhook", raw=body, signed_in=False,
                               headers={"Stripe-Signature": signature})
            if answer.status != 200:
                raise RuntimeError(f"webhook for {reference}: {answer.status} {answer.body!r}")

    # --- the operations -------------------------------------------------------------------

    def deposit(self, euros: int) -> None:
        self.stage = "deposit"
        answer = self.call("POST", "/api/balance/deposit", {**PAYER, "depositAmount": str(euros)},
                           key=self.key("deposit"))
        if answer.status != 200:
            self.record.refused[f"deposit:{answer.status}"] += 1
            return
        deposit = answer.json()["deposit"]
        self.record.started.add(deposit["id"])
        self.stage = "deposit-webhook"
        self.deliver_paid(deposit["reference"], deposit["amount"]["minorUnits"])
        self.record.deposits.append({"id": deposit["id"], "reference": deposit["reference"]})

    def order_from_balance(self) -> None:
        self.stage = "order"
        item = {"offerId": self.cheapest["offerId"],
                "offerAttributeId": self.cheapest["offerAttributeId"]}
        answer = self.call("POST", "/api/orders",
                           {**PAYER, "cartItems": [item], "giftCardAmount": None,
                            "payByBalance": True}, key=self.key("order"))
        if answer.status != 200:
            self.record.refused[f"order:{answer.status}"] += 1
            return
        order = answer.json()["order"]
        self.record.placed.add(order["id"])
        self.record.orders.append({"id": order["id"], "reference": order["reference"]})

    def gift_card(self) -> None:
        self.stage = "gift-card-order"
        answer = self.call("POST", "/api/orders",
                           {**PAYER, "cartItems": [], "giftCardAmount": str(GIFT_CARD_EUR),
                            "payByBalance": False}, key=self.key("gift-card-order"))
        if answer.status != 200:
            self.record.refused[f"gift-card-order:{answer.status}"] += 1
            return
        order = answer.json()["order"]
        self.record.placed.add(order["id"])
        self.stage = "gift-card-webhook"
        self.deliver_paid(order["reference"], order["total"]["minorUnits"])
        self.record.orders.append({"id": order["id"], "reference": order["reference"]})
        number = self.gift_card_number(order["id"])
        self.stage = "redeem"
        answer = self.call("POST", "/api/balance/gift-card", {"giftCardNumber": number},
                           key=self.key("redeem"))
        if answer.status != 200:
            self.record.refused[f"redeem:{answer.status}"] += 1
            return
        self.record.redeemed.append(order["id"])

    def gift_card_number(self, order_id: int) -> str:
        """The number as the buyer's order history shows it."""
        answer = self.call("GET", "/api/orders?Page=1&PageSize=100")
        for order in answer.json()["items"]:
            if order["id"] == order_id and order["giftCards"][0]["number"]:
                return order["giftCards"][0]["number"]
        raise RuntimeError(f"order {order_id} paid but its gift card is not in the history")

    def generate(self, count: int) -> None:
        # No Idempotency-Key here: a request left without an answer is not sent again, and
        # each attempt has a prompt of its own, by which its images are found afterwards.
        self.stage = "image"
        prompt = f"crash soak {self.number} {self.operations}"
        self.record.image_attempts[prompt] = count
        try:
            answer = send(self.base, "POST", "/api/generated-images",
                          {"prompt": prompt, "style": "Abstract", "aspectRatio": "1x1",
                           "count": count, "seed": self.operations}, self.token)
        except TRANSPORT_ERRORS:
            self.record.unanswered["image"] += 1
            return
        if answer.status == 401:
            self.sign_in()
            return
        if answer.status in (200, 206):
            self.record.images.append({"prompt": prompt,
                                       "returned": int(answer.headers["X-Images-Returned"])})
        else:
            self.record.refused[f"image:{answer.status}"] += 1

    def support_ticket(self) -> None:
        """A ticket whose answer promises two mails: the confirmation and the notice."""
        self.stage = "ticket"
        answer = self.call("POST", "/api/support/create-ticket",
                           {"email": self.record.email, "name": "Crash Soak",
                            "supportTicketType": "Technical",
                            "description": f"Soak ticket {self.number}-{self.operations}."},
                           signed_in=False)
        if answer.status != 200:
            self.record.refused[f"ticket:{answer.status}"] += 1
            return
        self.record.tickets.append(answer.json()["reference"])

    def reset_code(self) -> None:
        """Asks for a reset code: an answer 200 promises one mail with a code."""
        self.stage = "reset"
        answer = self.call("POST", "/api/Accounts/forgot-password", {"email": self.record.email},
                           signed_in=False)
        if answer.status != 200:
            self.record.refused[f"reset:{answer.status}"] += 1
            return
        self.record.resets += 1

    def retry_waiting(self) -> None:
        """Sends each request left waiting on its key again, as its client would once the key
        is given up as abandoned: the same body, the same Idempotency-Key."""
        waiting, self.record.waiting = self.record.waiting, []
        for stage, method, path, body, key in waiting:
            self.stage = stage
            try:
                answer = self.call(method, path, body, key=key)
            except InDoubt as doubt:
                self.record.doubts.append(f"{self.record.email} again {doubt}")
                continue
            self.record.unanswered[stage] -= 1
            self.record.retried[f"{stage}:{answer.status}"] += 1
            if answer.status != 200:
                continue
            if "order" in answer.json():
                self.record.placed.add(answer.json()["order"]["id"])
            elif "deposit" in answer.json():
                self.record.started.add(answer.json()["deposit"]["id"])

    def run(self) -> None:
        steps = [lambda: self.deposit(20 + self.cheapest["euros"]), self.order_from_balance,
                 self.gift_card, lambda: self.generate(random.choice([1, 2])),
                 self.support_ticket, self.reset_code]
        try:
            self.sign_up()
            while not self.stop_event.is_set():
                for step in steps:
                    self.operations += 1
                    try:
                        step()
                    except InDoubt as doubt:
                        self.record.unanswered[self.stage] += 1
                        self.record.doubts.append(f"{self.record.email} {doubt}")
        except Exception as error:  # reported by the main thread, which fails the soak
            self.failure = f"{self.name}: {error!r}"


def killer(server: Server, kills: int, low: float, high: float, done: threading.Event) -> None:
    try:
        for _ in range(kills):
            time.sleep(random.uniform(low, high))
            killed = time.monotonic()
            server.kill()
            server.start()
            server.restart_seconds.append(time.monotonic() - killed)
    except (SystemExit, OSError) as error:  # the server did not come back: the soak fails
        print(error, flush=True)
    finally:
        done.set()


def age_reservations(database: Path, seconds: int) -> int:
    """Moves the unanswered Idempotency-Key reservations `seconds` into the past."""
    db = sqlite3.connect(database, timeout=30)
    with db:
        aged = db.execute("UPDATE idempotency_keys SET created_at = created_at - ? "
                          "WHERE state = 0", (seconds,)).rowcount
    db.close()
    return aged


def wait_for_mail(database: Path, timeout: float) -> int:
    """Waits until the running server has sent the whole outbox; answers the dead letters."""
    deadline = time.monotonic() + timeout
    while True:
        db = sqlite3.connect(database, timeout=30)
        pending, dead = db.execute(
            "SELECT count(*) FILTER (WHERE status = 'Pending'), "
            "count(*) FILTER (WHERE status = 'Dead') FROM mail_outbox").fetchone()
        db.close()
        if pending == 0 or time.monotonic() > deadline:
            if pending:
                print(f"{pending} mail(s) still in the outbox after {timeout:.0f} s", flush=True)
            return dead
        time.sleep(0.2)


def check_mail(outbox: Path, customers: list[Customer],
               dead: int) -> tuple[list[str], list[str], int]:
    """Answers (losses, duplicates, mails read) for the mails of the tickets and reset codes."""
    lost: list[str] = [f"{dead} dead letter(s) in the outbox"] if dead else []
    twice: list[str] = []
    mails = [p.read_bytes().decode(errors="replace") for p in sorted(outbox.glob("*.eml"))]
    confirmations: Counter = Counter()
    notices: Counter = Counter()
    codes: dict[str, Counter] = defaultdict(Counter)  # recipient -> code -> mails
    for text in mails:
        head, _, body = text.partition("\r\n\r\n")
        to = next((line[4:] for line in head.split("\r\n") if line.startswith("To: ")), "")
        subject = next((line for line in head.split("\r\n") if line.startswith("Subject: ")), "")
        if "Your Artshop support request" in subject:
            confirmations[subject.rsplit(" ", 1)[-1]] += 1
        elif "new support request" in subject:
            notices[subject.split("]")[0].removeprefix("Subject: [")] += 1
        elif "Your code: " in body:
            codes[to][body.split("Your code: ", 1)[1][:8]] += 1
    for customer in customers:
        record = customer.record
        for reference in record.tickets:
            for kind, seen in (("confirmation", confirmations), ("notice", notices)):
                if seen[reference] == 0:
                    lost.append(f"ticket {reference}: no {kind}")
        answered = sum(codes[record.email].values())
        in_doubt = record.unanswered["reset"]
        if answered < record.resets:
            lost.append(f"{record.email}: {record.resets} reset codes acknowledged, "
                        f"{answered} mailed")
        if answered > record.resets + in_doubt:
            twice.append(f"{record.email}: {answered} reset mails for {record.resets} "
                         f"acknowledged and {in_doubt} unanswered requests")
        twice += [f"{record.email}: reset code {code} mailed {n} times"
                  for code, n in codes[record.email].items() if n > 1]
    twice += [f"ticket {r}: {n} confirmations" for r, n in confirmations.items() if n > 1]
    twice += [f"ticket {r}: {n} notices" for r, n in notices.items() if n > 1]
    return lost, twice, len(mails)


# --- the checks, on a copy of the database ---------------------------------------------------

def copy_database(data_dir: Path, into: Path) -> Path:
    """The database and its write-ahead log as the last kill left them (opening the copy
    recovers from the log); the media, hundreds of megabytes of images, stay behind."""
    into.mkdir()
    for name in ("artshop.db", "artshop.db-wal"):
        if (data_dir / name).exists():
            shutil.copy2(data_dir / name, into / name)
    return into / "artshop.db"


def check(database: Path, customers: list[Customer]) -> tuple[list[str], list[str], dict]:
    """Answers (losses, duplicates, figures); figures["balanced"] is the ledger's verdict."""
    db = sqlite3.connect(database)
    lost: list[str] = []
    twice: list[str] = []
    doubled = 0  # operations carried out more than once
    integrity = db.execute("PRAGMA integrity_check").fetchone()[0]
    if integrity != "ok":
        lost.append(f"integrity_check: {integrity}")

    # One debit per posting in every flow (docs/ledger.md), so a second debit under one posting
    # reference is an operation booked twice.
    debits = Counter(dict(db.execute(
        "SELECT posting, count(*) FROM ledger_entries WHERE side = 'Debit' GROUP BY posting")))
    twice += [f"posting {p} has {n} debits" for p, n in debits.items() if n > 1]
    doubled += sum(n - 1 for n in debits.values() if n > 1)
    unbalanced = db.execute(
        "SELECT posting FROM ledger_entries GROUP BY posting HAVING "
        "sum(CASE side WHEN 'Debit' THEN amount_micro_eur ELSE -amount_micro_eur END) != 0"
    ).fetchall()
    lost += [f"posting {p} does not balance" for (p,) in unbalanced]
    total_debit, total_credit = db.execute(
        "SELECT coalesce(sum(CASE side WHEN 'Debit' THEN amount_micro_eur END), 0), "
        "coalesce(sum(CASE side WHEN 'Credit' THEN amount_micro_eur END), 0) FROM ledger_entries"
    ).fetchone()
    if total_debit != total_credit:
        lost.append(f"ledger: debits {total_debit} != credits {total_credit}")
    negative = db.execute(
        "SELECT account_id, sum(CASE side WHEN 'Credit' THEN amount_micro_eur "
        "ELSE -amount_micro_eur END) AS balance FROM ledger_entries "
        "WHERE account_kind = 'CustomerBalance' GROUP BY account_id HAVING balance < 0").fetchall()
    lost += [f"customer {a} has a negative balance: {b} micro-euros" for a, b in negative]

    def once(posting: str, what: str) -> None:
        if debits[posting] == 0:
            lost.append(f"{what}: answered 2xx, posting {posting} missing")

    for customer in customers:
        record = customer.record
        (account,) = db.execute("SELECT id FROM accounts WHERE email = ?",
                                (record.email,)).fetchone()
        deposits = dict(db.execute("SELECT id, reference FROM payments "
                                   "WHERE account_id = ? AND purpose = 'Deposit'", (account,)))
        for deposit in record.deposits:
            once(f"deposit:{deposit['reference']}", f"deposit {deposit['id']}")
        orders = dict(db.execute("SELECT orders.id, payments.reference FROM orders "
                                 "JOIN payments ON payments.id = orders.payment_id "
                                 "WHERE payments.account_id = ?", (account,)))
        for order in record.orders:
            once(f"order:{order['reference']}", f"order {order['id']}")
        for order_id in record.redeemed:
            row = db.execute("SELECT number_digest, redeemed_by FROM gift_cards "
                             "WHERE order_id = ?", (order_id,)).fetchone()
            if row is None or row[1] != account:
                lost.append(f"gift card of order {order_id}: redeemed, not by {record.email}")
            else:
                once(f"gift-card:{row[0]}", f"gift card of order {order_id}")
        # Every order and deposit stored for the customer is one they were answered for, or one
        # whose answer a kill took: more than that is a request carried out twice.
        for kind, stored, answered, in_doubt in [
            ("orders", set(orders), record.placed,
             record.unanswered["order"] + record.unanswered["gift-card-order"]),
            ("deposits", set(deposits), record.started, record.unanswered["deposit"]),
        ]:
            lost += [f"{kind[:-1]} {i}: answered, not stored" for i in answered - stored]
            if len(stored - answered) > in_doubt:
                doubled += len(stored - answered) - in_doubt
                twice.append(f"{record.email}: {kind} {sorted(stored - answered)} never answered, "
                             f"with {in_doubt} requests of that kind still unanswered: a request "
                             "carried out twice")
        images = defaultdict(list)
        for image_id, prompt, price in db.execute(
                "SELECT id, prompt, price_eur_cents FROM generated_images WHERE account_id = ?",
                (account,)):
            images[prompt].append((image_id, price))
            posting = f"generated-image:{image_id}"
            if price > 0:
                once(posting, f"image {image_id}")
            elif debits[posting]:
                twice.append(f"free image {image_id} was charged")
                doubled += 1
        for prompt, rows in images.items():
            if len(rows) > record.image_attempts.get(prompt, 0):
                doubled += len(rows) - record.image_attempts.get(prompt, 0)
                twice.append(f"{len(rows)} images for '{prompt}', "
                             f"{record.image_attempts.get(prompt, 0)} asked")
        for image in record.images:
            if len(images[image["prompt"]]) != image["returned"]:
                lost.append(f"'{image['prompt']}': {image['returned']} images answered, "
                            f"{len(images[image['prompt']])} stored")
    figures = {"duplicated": doubled,
               "balanced": total_debit == total_credit and not unbalanced and not negative,
               "entries": db.execute("SELECT count(*) FROM ledger_entries").fetchone()[0],
               "postings": len(debits), "micro_eur": total_debit}
    db.close()
    return lost, twice, figures


def catalogue_cheapest(base: str) -> dict:
    """The cheapest regular picture size, which every balance-paid order buys."""
    answer = send(base, "GET", "/api/offers?Currency=EUR&PageSize=96")
    cheapest = None
    for offer in answer.json()["items"]:
        for attribute in offer["attributes"]:
            if attribute["licence"] == "ExclusiveCommercial":
                continue
            cents = attribute["price"]["minorUnits"]
            if cheapest is None or cents < cheapest["cents"]:
                cheapest = {"offerId": offer["id"], "offerAttributeId": attribute["id"],
                            "cents": cents}
    if cheapest is None:
        raise SystemExit("the seeded catalogue has no regular picture")
    cheapest["euros"] = -(-cheapest["cents"] // 100)
    return cheapest


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", type=Path, default=ROOT / "build" / "app" / "artshop")
    parser.add_argument("--port", type=int, default=18090)
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--customers", type=int, default=4)
    parser.add_argument("--min-interval", type=float, default=1.0,
                        help="fewest seconds between a restart and the next kill")
    parser.add_argument("--max-interval", type=float, default=5.0,
                        help="most seconds between a restart and the next kill")
    parser.add_argument("--patience", type=float, default=20.0,
                        help="seconds a request is retried before it is left in doubt")
    parser.add_argument("--seed", type=int, default=None, help="random seed, to replay a run")
    parser.add_argument("--keep", type=Path, default=ROOT / "build" / "soak-logs" / "crash",
                        help="where the server log and the final database are kept")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    random.seed(seed)
    started = time.monotonic()
    aged = 0

    with tempfile.TemporaryDirectory(prefix="artshop-crash-soak-") as scratch:
        workdir = Path(scratch)
        server = Server(args.binary.resolve(), args.port, workdir, seed_offers=6)
        try:
            cheapest = catalogue_cheapest(server.base)
            stop = threading.Event()
            kills_done = threading.Event()
            customers = [Customer(n, server.base, cheapest, stop, args.patience)
                         for n in range(1, args.customers + 1)]
            for customer in customers:
                customer.start()
            chaos = threading.Thread(target=killer, daemon=True,
                                     args=(server, args.kills, args.min_interval,
                                           args.max_interval, kills_done))
            chaos.start()
            while not kills_done.wait(5):
                acknowledged = sum(c.record.acknowledged() for c in customers)
                print(f"  {server.starts - 1} kills so far, {acknowledged} operations acknowledged",
                      flush=True)
                if any(c.failure for c in customers):
                    break
            # The customers finish what they are doing against a server left running.
            stop.set()
            for customer in customers:
                customer.join(timeout=args.patience * 10)
            chaos.join()
            if server.process.poll() is not None:
                raise SystemExit("the server is down: the soak stops before its checks")
            # A request a kill left waiting on its Idempotency-Key answers 409 until the key
            # counts as abandoned (a minute), and its client then sends it again. Rather than
            # wait, the soak ages the reservations, and sends them again.
            aged = age_reservations(server.data_dir / "artshop.db", ABANDONED_AFTER_SECONDS + 1)
            for customer in customers:
                if not customer.failure:
                    customer.retry_waiting()
            dead = wait_for_mail(server.data_dir / "artshop.db", timeout=60)
            server.kill()
        finally:
            server.stop()
        args.keep.mkdir(parents=True, exist_ok=True)
        shutil.copy2(workdir / "server.log", args.keep / "server.log")
        kept = args.keep / "database"
        shutil.rmtree(kept, ignore_errors=True)
        database = copy_database(server.data_dir, kept)
        lost, twice, figures = check(database, customers)
        mail_lost, mail_twice, mail_count = check_mail(server.data_dir / "outbox", customers, dead)
        lost += mail_lost
        twice += mail_twice
        figures["duplicated"] += len(mail_twice)

    failures = [c.failure for c in customers if c.failure]
    failures += [f"{c.name} did not finish" for c in customers if c.is_alive()]
    acknowledged = sum(c.record.acknowledged() for c in customers)
    unanswered = sum((c.record.unanswered for c in customers), Counter())
    refused = sum((c.record.refused for c in customers), Counter())
    by_kind = Counter(deposits=sum(len(c.record.deposits) for c in customers),
                      orders=sum(len(c.record.orders) for c in customers),
                      redeemed=sum(len(c.record.redeemed) for c in customers),
                      image_requests=sum(len(c.record.images) for c in customers),
                      tickets=sum(len(c.record.tickets) for c in customers),
                      reset_codes=sum(c.record.resets for c in customers))
    for line in [d for c in customers for d in c.record.doubts] + failures + lost + twice:
        print(line)
    retried = sum((c.record.retried for c in customers), Counter())
    print(f"acknowledged: {dict(by_kind)}; left without an answer: {dict(+unanswered)}; "
          f"refused: {dict(refused)}; {aged} keys left reserved by a kill, sent again: "
          f"{dict(retried)}")
    print(f"ledger: {figures['postings']} postings, {figures['entries']} entries, "
          f"{figures['micro_eur']} micro-euros each side; restarts took "
          f"{min(server.restart_seconds, default=0):.2f} to "
          f"{max(server.restart_seconds, default=0):.2f} s; random seed {seed}; "
          f"{(time.monotonic() - started) / 60:.1f} min; database kept in {kept}")
    balanced = "ledger balanced" if figures["balanced"] else "ledger NOT balanced"
    print(f"soak: {server.starts - 1} kills, {acknowledged} operations acknowledged, "
          f"{mail_count} mails, {len(lost)} lost, {figures['duplicated']} duplicated, {balanced}")
    return 1 if lost or twice or failures or server.starts - 1 < args.kills else 0


if __name__ == "__main__":
    sys.exit(main())
