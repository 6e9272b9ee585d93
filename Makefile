# The two commands: `make run` serves the shop, `make test` runs every test suite.
# Both install what is missing (Debian/Ubuntu packages, npm packages), build incrementally,
# and are cheap to run again.

SHELL       := /bin/bash
.SHELLFLAGS := -o pipefail -c

BUILD_DIR   ?= build
BUILD_TYPE  ?= Release
FRONTEND    := frontend
ARTSHOP     := $(BUILD_DIR)/app/artshop

export ARTSHOP_HOST     ?= 127.0.0.1
export ARTSHOP_PORT     ?= 8080
export ARTSHOP_DATA_DIR ?= ./data
# ccache keys on paths relative to the checkout, so a second clone (or CI's) reuses the cache.
export CCACHE_BASEDIR ?= $(CURDIR)

# Every system package the project needs, in one place.
DEBIAN_PACKAGES := \
	build-essential cmake ninja-build pkg-config ccache git \
	libboost1.81-dev libboost-json1.81-dev libboost-url1.81-dev libspdlog-dev libfmt-dev \
	libsqlite3-dev libpq-dev postgresql-15 pgbouncer libssl-dev zlib1g-dev libargon2-dev libcurl4-openssl-dev libvips-dev libicu-dev libstemmer-dev \
	libgtest-dev libgmock-dev libbenchmark-dev \
	python3 python3-aiosmtpd chromium fonts-dejavu-core nginx-light

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test build deps system-packages node-packages backend frontend \
        test-backend test-frontend test-e2e test-cluster format lint clean

run: build
	@mkdir -p "$(ARTSHOP_DATA_DIR)"
	$(ARTSHOP) serve

test: build
	@status=0; summary=""; logs="$(BUILD_DIR)/test-logs"; mkdir -p "$$logs"; \
	printf '\n== ctest: unit, adapter, API (on SQLite and on PostgreSQL), PostgreSQL, pgbouncer and cluster tests ==\n'; \
	if ctest --test-dir $(BUILD_DIR) --output-on-failure -j2 --timeout 300; then summary="ctest: passed"; \
	else status=1; summary="ctest: FAILED: $$(cut -d: -f2 $(BUILD_DIR)/Testing/Temporary/LastTestsFailed.log 2>/dev/null | tr '\n' ' ')"; fi; \
	printf '\n== embedding: core installed as a CMake package, examples/embed built on it ==\n'; \
	if $(MAKE) --no-print-directory test-embed 2>&1 | tee "$$logs/embed.log"; then summary="$$summary\nembed: passed"; \
	else status=1; summary="$$summary\nembed: FAILED:\n$$(tail -20 "$$logs/embed.log")"; fi; \
	printf '\n== libFuzzer: a short pass over every fuzz target ==\n'; \
	if $(MAKE) --no-print-directory fuzz-smoke 2>&1 | tee "$$logs/fuzz.log"; \
	then summary="$$summary\n$$(grep '^fuzz: ' "$$logs/fuzz.log" | tail -1)"; \
	else status=1; summary="$$summary\nfuzz: FAILED: $$(grep -E '^fuzz: |CRASHED' "$$logs/fuzz.log" | head -8)"; fi; \
	printf '\n== vitest: front-end tests ==\n'; \
	if npm --prefix $(FRONTEND) test 2>&1 | tee "$$logs/vitest.log"; then summary="$$summary\nvitest: passed"; \
	else status=1; summary="$$summary\nvitest: FAILED:\n$$(grep -E '(FAIL|×) ' "$$logs/vitest.log" | head -20)"; fi; \
	printf '\n== playwright: end-to-end tests against the real server ==\n'; \
	if ARTSHOP_BINARY="$(abspath $(ARTSHOP))" npm --prefix $(FRONTEND) run e2e 2>&1 | tee "$$logs/playwright.log"; \
	then summary="$$summary\nplaywright: passed"; \
	else status=1; summary="$$summary\nplaywright: FAILED:\n$$(grep -E '✘|[0-9]+\) ' "$$logs/playwright.log" | head -20)"; fi; \
	printf '\n== summary ==\n%b\n' "$$summary"; \
	if [ $$status -ne 0 ]; then printf '\nSome tests FAILED.\n'; else printf '\nAll test suites passed.\n'; fi; \
	exit $$status

build: deps backend frontend

# The shop scaled out (docs/scale-out.md, "A cluster"): three servers on one PostgreSQL
# database and one S3 bucket (s3rver, from frontend's node packages) behind nginx; the money
# races and a server killed under load. `make test` runs it too, within ctest.
test-cluster: system-packages node-packages $(BUILD_DIR)/build.ninja
	cmake --build $(BUILD_DIR) --target artshop cluster_tests
	ctest --test-dir $(BUILD_DIR) -L cluster --output-on-failure

deps: system-packages node-packages

# Installs only the packages dpkg does not already report as installed.
system-packages:
	@missing=$$(for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${db:Status-Status}\n' $$p 2>/dev/null | grep -qx installed || echo $$p; \
	done); \
	if ! command -v node >/dev/null || ! command -v npm >/dev/null; then missing="$$missing nodejs npm"; fi; \
	if [ -n "$$missing" ]; then \
	  echo "Installing system packages:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

node-packages: $(FRONTEND)/node_modules/.package-lock.json

$(FRONTEND)/node_modules/.package-lock.json: $(FRONTEND)/package-lock.json $(FRONTEND)/package.json
	cd $(FRONTEND) && npm ci --no-audit --no-fund
	@touch $@

$(BUILD_DIR)/build.ninja:
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)

backend: $(BUILD_DIR)/build.ninja
	cmake --build $(BUILD_DIR)

FRONTEND_INPUTS := $(shell find $(FRONTEND)/src $(FRONTEND)/public $(FRONTEND)/scripts -type f 2>/dev/null) \
	$(wildcard $(FRONTEND)/index.html $(FRONTEND)/vite.config.ts $(FRONTEND)/tsconfig*.json $(FRONTEND)/package-lock.json)

frontend: $(FRONTEND)/dist/index.html

$(FRONTEND)/dist/index.html: $(FRONTEND_INPUTS) $(FRONTEND)/node_modules/.package-lock.json
	npm --prefix $(FRONTEND) run build
	@touch $@

format:
	clang-format -i $$(git ls-files '*.cpp' '*.hpp')
	npm --prefix $(FRONTEND) run format

# clang-tidy 16 and the front end's linters (ESLint, Prettier).
lint: tidy
	npm --prefix $(FRONTEND) run lint

clean:
	rm -rf $(BUILD_DIR) $(FRONTEND)/dist

# Reliability tooling (docs/reliability.md): libFuzzer targets, a sanitizer build of every test
# and an injection soak. Each target installs the packages it needs the way system-packages
# does; libclang-rt-16-dev holds libFuzzer and the sanitizer runtimes.
FUZZ_PACKAGES := clang-16 libclang-rt-16-dev
SOAK_PACKAGES := sqlmap

FUZZ_BUILD_DIR     ?= build-fuzz
ASAN_BUILD_DIR     ?= build-asan
TSAN_BUILD_DIR     ?= build-tsan
FUZZ_SECONDS       ?= 600
FUZZ_SMOKE_SECONDS ?= 15
SOAK_PORT          ?= 18089
CRASH_SOAK_PORT    ?= 18090

FUZZ_FLAGS := -O1 -gline-tables-only -fno-omit-frame-pointer \
	-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
# libstdc++ 12 declares std::expected only for compilers that announce concepts 202002L;
# clang 16 implements what it needs but still announces 201907L.
CLANG16_EXPECTED := -U__cpp_concepts -D__cpp_concepts=202002L
ASAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

.PHONY: fuzz fuzz-smoke fuzz-build fuzz-packages test-asan test-tsan soak soak-packages
.PHONY: soak-crash soak-sqlmap

# $(call install-missing,PACKAGES): installs those dpkg does not report as installed.
define install-missing
	@missing=$$(for p in $(1); do \
	  dpkg-query -W -f='$${db:Status-Status}\n' $$p 2>/dev/null | grep -qx installed || echo $$p; \
	done); \
	if [ -n "$$missing" ]; then \
	  echo "Installing system packages:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
endef

fuzz-packages:
	$(call install-missing,$(FUZZ_PACKAGES))

soak-packages:
	$(call install-missing,$(SOAK_PACKAGES))

# Warnings are the main build's business: clang's set differs from GCC's, and a clang-only
# warning in code under way must not stop the fuzzers.
$(FUZZ_BUILD_DIR)/build.ninja: | fuzz-packages
	cmake -S . -B $(FUZZ_BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Debug \
	  -DCMAKE_C_COMPILER=clang-16 -DCMAKE_CXX_COMPILER=clang++-16 \
	  -DBUILD_TESTING=OFF -DARTSHOP_FUZZ=ON -DARTSHOP_WARNINGS_AS_ERRORS=OFF \
	  -DCMAKE_C_FLAGS="$(FUZZ_FLAGS)" -DCMAKE_CXX_FLAGS="$(FUZZ_FLAGS) $(CLANG16_EXPECTED)"

fuzz-build: system-packages fuzz-packages $(FUZZ_BUILD_DIR)/build.ninja
	nice -n 10 cmake --build $(FUZZ_BUILD_DIR) --target artshop_fuzz_targets

# FUZZ_SECONDS per target (10 minutes by default); `make test` runs FUZZ_SMOKE_SECONDS each.
fuzz: fuzz-build
	tests/fuzz/run.sh $(FUZZ_BUILD_DIR) $(FUZZ_SECONDS)

fuzz-smoke: fuzz-build
	tests/fuzz/run.sh $(FUZZ_BUILD_DIR) $(FUZZ_SMOKE_SECONDS)

# Every ctest suite (unit, adapter, API against the real server) built with AddressSanitizer
# and UndefinedBehaviorSanitizer; the first report fails the test that made it. Warnings are
# not errors here: GCC's flow warnings misfire on sanitizer-instrumented code.
$(ASAN_BUILD_DIR)/build.ninja:
	cmake -S . -B $(ASAN_BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DARTSHOP_WARNINGS_AS_ERRORS=OFF \
	  -DARTSHOP_SANITIZE=address,undefined

# Every process the tests start (the servers too, stopped with SIGTERM so that LeakSanitizer
# checks them at exit) writes its sanitizer reports under $(SANITIZER_REPORTS); any report
# fails the run, even one from a server whose test passed.
SANITIZER_REPORTS := $(CURDIR)/$(ASAN_BUILD_DIR)/sanitizer-reports

test-asan: system-packages node-packages $(ASAN_BUILD_DIR)/build.ninja
	nice -n 10 cmake --build $(ASAN_BUILD_DIR)
	rm -rf $(SANITIZER_REPORTS) && mkdir -p $(SANITIZER_REPORTS)
	@status=0; \
	ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1:detect_leaks=1:log_path=$(SANITIZER_REPORTS)/asan \
	LSAN_OPTIONS=print_suppressions=0 \
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:log_path=$(SANITIZER_REPORTS)/ubsan \
	  ctest --test-dir $(ASAN_BUILD_DIR) --output-on-failure -j2 --timeout 900 || status=1; \
	if [ -n "$$(ls -A $(SANITIZER_REPORTS))" ]; then \
	  echo "Sanitizer reports:"; tail -n +1 $(SANITIZER_REPORTS)/*; status=1; \
	else echo "No sanitizer report from any process."; fi; \
	exit $$status

# ThreadSanitizer over the suites whose code shares state across threads: core's unit tests,
# the adapters (pools, mail, the answer cache, the read model), the HTTP server and the API
# against the sanitized server itself. Every process writes its reports under
# $(TSAN_REPORTS); any report fails the run, even one from a server whose test passed.
TSAN_LABELS  := ^(unit|adapter|http|api|contract)$$
TSAN_REPORTS := $(CURDIR)/$(TSAN_BUILD_DIR)/sanitizer-reports

$(TSAN_BUILD_DIR)/build.ninja:
	cmake -S . -B $(TSAN_BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DARTSHOP_WARNINGS_AS_ERRORS=OFF -DARTSHOP_SANITIZE=thread

test-tsan: system-packages node-packages $(TSAN_BUILD_DIR)/build.ninja
	nice -n 10 cmake --build $(TSAN_BUILD_DIR)
	rm -rf $(TSAN_REPORTS) && mkdir -p $(TSAN_REPORTS)
	@status=0; \
	TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1:log_path=$(TSAN_REPORTS)/tsan \
	  ctest --test-dir $(TSAN_BUILD_DIR) -L '$(TSAN_LABELS)' --output-on-failure -j2 --timeout 900 || status=1; \
	if [ -n "$$(ls -A $(TSAN_REPORTS))" ]; then \
	  echo "ThreadSanitizer reports:"; tail -n +1 $(TSAN_REPORTS)/*; status=1; \
	else echo "No ThreadSanitizer report from any process."; fi; \
	exit $$status

# sqlmap at level 5, risk 3 against every query and body parameter of the API, signed out
# and signed in, on a server of its own (loopback, fresh data folder, seeded catalogue).
soak-sqlmap: build soak-packages
	tests/soak/sqlmap_soak.py --binary $(ARTSHOP) --port $(SOAK_PORT)

# Crash safety: balance operations from several clients while the server is killed with SIGKILL
# 50 times and started again on the same data folder; no acknowledged operation lost or doubled.
soak-crash: system-packages $(BUILD_DIR)/build.ninja
	cmake --build $(BUILD_DIR) --target artshop
	tests/soak/crash_soak.py --binary $(ARTSHOP) --port $(CRASH_SOAK_PORT)

soak: soak-crash soak-sqlmap

# Performance (docs/benchmarks.md): the core micro-benchmarks and the HTTP load suite on
# loopback against the Release build, on 10,000 and 100,000 seeded offers; about ten minutes.
# Results go to bench/results/<date>.txt.
BENCH_PACKAGES := wrk

.PHONY: bench bench-packages

bench-packages:
	$(call install-missing,$(BENCH_PACKAGES))

bench: system-packages bench-packages $(BUILD_DIR)/build.ninja frontend
	cmake --build $(BUILD_DIR) --target artshop core_bench minimal_server search_peers
	bench/run.sh $(BUILD_DIR)
	bench/scale_out.sh $(BUILD_DIR)

# Embedding (docs/embedding.md): core installed from the build into a fresh prefix as the CMake
# package `artshop`, and examples/embed configured, built and run against it. The folder sits
# in the build directory so that ccache recognises the example's compilation from run to run.
EMBED_TEST_DIR := $(BUILD_DIR)/embed-test
EMBED_LAUNCHER := $(if $(shell command -v ccache),-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

.PHONY: test-embed

test-embed: $(BUILD_DIR)/build.ninja
	cmake --build $(BUILD_DIR) --target artshop_core
	rm -rf $(EMBED_TEST_DIR)
	cmake --install $(BUILD_DIR) --prefix $(EMBED_TEST_DIR)/prefix --component core >/dev/null
	cmake -S examples/embed -B $(EMBED_TEST_DIR)/build -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
	  -DCMAKE_PREFIX_PATH=$(abspath $(EMBED_TEST_DIR)/prefix) -DCMAKE_COMPILE_WARNING_AS_ERROR=ON \
	  $(EMBED_LAUNCHER) >/dev/null
	cmake --build $(EMBED_TEST_DIR)/build
	$(EMBED_TEST_DIR)/build/artshop_embed | tee $(EMBED_TEST_DIR)/output.txt
	@grep -Eq '^order [0-9]+ \(ord_[0-9a-f]+\) Paid' $(EMBED_TEST_DIR)/output.txt && \
	  grep -Eq '^  balanced: ' $(EMBED_TEST_DIR)/output.txt && \
	  grep -Eq '^mail to ada@example.com: ' $(EMBED_TEST_DIR)/output.txt && \
	  echo 'embed: the order was paid from the balance, its gift card mailed, its ledger posting balances' || \
	  { echo 'embed: the output names no paid order, gift-card mail and balanced ledger posting'; exit 1; }

# clang-tidy 16 with the root .clang-tidy over every project .cpp the build compiles (as its
# compile_commands.json lists them), TIDY_JOBS files at once and nice'd; any finding fails.
# TIDY_FILES narrows the run: make tidy TIDY_FILES='core/src/money.cpp core/src/text.cpp'.
TIDY_PACKAGES := clang-tidy-16
TIDY_JOBS     ?= 2
TIDY_FILES    ?=
# The build is GCC's: clang 16 spells its -std=c++23 "c++2b", and needs CLANG16_EXPECTED (above)
# to see libstdc++ 12's std::expected.
TIDY_ARGS := --quiet --warnings-as-errors='*' \
	$(foreach arg,-std=c++2b $(CLANG16_EXPECTED) -Wno-builtin-macro-redefined,--extra-arg=$(arg))

.PHONY: tidy tidy-packages

tidy-packages:
	$(call install-missing,$(TIDY_PACKAGES))

tidy: tidy-packages $(BUILD_DIR)/build.ninja
	@files="$(TIDY_FILES)"; \
	if [ -z "$$files" ]; then files=$$(git ls-files -co --exclude-standard '*.cpp' | while read -r f; do \
	  grep -qF "\"$(CURDIR)/$$f\"" $(BUILD_DIR)/compile_commands.json && echo "$$f"; done); fi; \
	printf '%s\n' $$files | xargs -P $(TIDY_JOBS) -n 4 nice -n 10 clang-tidy-16 -p $(BUILD_DIR) $(TIDY_ARGS)
