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

# Every system package the project needs, in one place.
DEBIAN_PACKAGES := \
	build-essential cmake ninja-build pkg-config ccache git \
	libboost1.81-dev libboost-json1.81-dev libspdlog-dev libfmt-dev \
	libsqlite3-dev libssl-dev libargon2-dev libcurl4-openssl-dev libvips-dev \
	libgtest-dev libgmock-dev libbenchmark-dev \
	python3 python3-aiosmtpd chromium fonts-dejavu-core

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test build deps system-packages node-packages backend frontend \
        test-backend test-frontend test-e2e format lint clean

run: build
	@mkdir -p "$(ARTSHOP_DATA_DIR)"
	$(ARTSHOP) serve

test: build
	@status=0; summary=""; logs="$(BUILD_DIR)/test-logs"; mkdir -p "$$logs"; \
	printf '\n== ctest: unit, adapter and API tests ==\n'; \
	if ctest --test-dir $(BUILD_DIR) --output-on-failure -j2 --timeout 300; then summary="ctest: passed"; \
	else status=1; summary="ctest: FAILED: $$(cut -d: -f2 $(BUILD_DIR)/Testing/Temporary/LastTestsFailed.log 2>/dev/null | tr '\n' ' ')"; fi; \
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

lint: $(BUILD_DIR)/build.ninja
	clang-tidy -p $(BUILD_DIR) --quiet $$(git ls-files 'core/*.cpp' 'adapters/*.cpp' 'app/*.cpp')
	npm --prefix $(FRONTEND) run lint

clean:
	rm -rf $(BUILD_DIR) $(FRONTEND)/dist
