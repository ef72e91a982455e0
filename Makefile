# StageShop: `make run` builds and serves the shop with a demo catalog;
# `make test` runs every test suite. See README.md.

# The approved toolchain (go.mod asks for it; a machine starts on its own Go
# and fetches this one from the module proxy).
export GOTOOLCHAIN := go1.27.3

GO        ?= go
NPM       ?= npm
ADDR      ?= 127.0.0.1:8090
DATA      ?= pb_data
BIN       ?= ./stageshop

# The demo accounts `make run` creates and prints (local use only).
DEMO_ADMIN_EMAIL      ?= admin@stageshop.local
DEMO_ADMIN_PASSWORD   ?= StageAdmin1
DEMO_SUPERUSER_EMAIL  ?= root@stageshop.local
DEMO_SUPERUSER_PASSWORD ?= StageRoot12345

.DELETE_ON_ERROR:

.PHONY: print-race-flags run build app app-deps go-build test test-go test-app test-e2e e2e-deps lint lint-go bench clean test-ops test-ha bench-varnish bench-restore bench-pages

run: build
	$(BIN) migrate up --dir $(DATA)
	$(BIN) seed --dir $(DATA)
	$(BIN) admin create $(DEMO_ADMIN_EMAIL) $(DEMO_ADMIN_PASSWORD) --first Demo --last Admin --dir $(DATA)
	$(BIN) superuser upsert $(DEMO_SUPERUSER_EMAIL) $(DEMO_SUPERUSER_PASSWORD) --dir $(DATA) >/dev/null
	@echo ""
	@echo "  StageShop:        http://$(ADDR)"
	@echo "  Shop admin:       $(DEMO_ADMIN_EMAIL) / $(DEMO_ADMIN_PASSWORD)   (sign in at http://$(ADDR)/login)"
	@echo "  Dashboard (/_/):  $(DEMO_SUPERUSER_EMAIL) / $(DEMO_SUPERUSER_PASSWORD)   (http://$(ADDR)/_/)"
	@echo ""
	$(BIN) serve --http $(ADDR) --dir $(DATA)

build: app go-build

# npm ci only when node_modules is missing or older than the lock file.
app/node_modules/.package-lock.json: app/package-lock.json
	cd app && $(NPM) ci --no-audit --no-fund
	@touch $@

app-deps: app/node_modules/.package-lock.json

# The app is rebuilt only when one of its inputs changed (a second
# `make run` with nothing changed skips it): pb_public/index.html stands for
# the whole build, which also writes routes/firstscreen's generated files.
APP_INPUTS := $(shell find app/src app/public app/scripts -type f 2>/dev/null) \
  $(wildcard app/index.html app/vite.config.ts app/tsconfig*.json app/package.json) \
  app/node_modules/.package-lock.json

pb_public/index.html: $(APP_INPUTS)
	cd app && $(NPM) run build

app: pb_public/index.html

go-build:
	$(GO) build -o $(BIN) .

# Every suite, none skipped: the build, then the Go suite and the app's
# beside the journeys, each named with passed/FAILED in the closing lines
# (scripts/test-all.sh).
test:
	@MAKE="$(MAKE)" scripts/test-all.sh

# The payment tests talk to stripe-mock, pinned, installed by go install.
# The race detector instruments the shop, PocketBase and every other
# package, except modernc.org's SQLite: the C library translated to Go (with
# its libc), which synchronises itself as SQLite does in C and which no
# cgo driver would let the detector see into either. Instrumenting it
# (and checkptr, which -race turns on, checking its every unsafe.Pointer
# conversion) was most of the tests' CPU: TestSchemaGolden 37.7 s of CPU
# with it, 16.9 s without; internal/db 44.7 s with checkptr, 25.7 s
# without. A race in our code is still reported (see README, Tests).
RACE_FLAGS := -race -gcflags=modernc.org/...=-race=false
test-go: lint-go
	STRIPE_MOCK_PATH="$$(GO=$(GO) scripts/ensure-stripe-mock.sh)" $(GO) test $(RACE_FLAGS) -count=1 -timeout 30m ./...

# For scripts/test-times.sh, which times the tests as test-go runs them.
print-race-flags:
	@echo $(RACE_FLAGS)

test-app: app-deps
	cd app && $(NPM) run lint
	cd app && $(NPM) test

e2e/node_modules/.package-lock.json: e2e/package-lock.json
	cd e2e && $(NPM) ci --no-audit --no-fund
	@touch $@

e2e-deps: e2e/node_modules/.package-lock.json

# Journey 11 needs a real SMTP server: Mailpit, pinned, installed by go install.
# Journey 28 runs the Nu HTML Checker (npm vnu-jar) on Debian's Java and checks the
# sitemaps with xmllint (Debian's libxml2-utils): each installed by a project script.
test-e2e: build e2e-deps
	@CHROMIUM_PATH="$$(scripts/ensure-chromium.sh)" && MAILPIT_PATH="$$(GO=$(GO) scripts/ensure-mailpit.sh)" && \
	  STRIPE_MOCK_PATH="$$(GO=$(GO) scripts/ensure-stripe-mock.sh)" && \
	  JAVA_PATH="$$(scripts/ensure-java.sh)" && XMLLINT_PATH="$$(scripts/ensure-xmllint.sh)" && \
	  cd e2e && CHROMIUM_PATH="$$CHROMIUM_PATH" MAILPIT_PATH="$$MAILPIT_PATH" STRIPE_MOCK_PATH="$$STRIPE_MOCK_PATH" \
	  JAVA_PATH="$$JAVA_PATH" XMLLINT_PATH="$$XMLLINT_PATH" STAGESHOP_BIN=../stageshop $(NPM) test

lint: lint-go
	cd app && $(NPM) run lint

# gofmt, go vet and govulncheck (0 findings reachable from our code).
lint-go:
	@out="$$(gofmt -l $$(git ls-files '*.go'))"; if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	GO=$(GO) scripts/govulncheck.sh

# Lighthouse (test 6) needs Chromium: installed as for the browser tests.
bench: build
	@CHROME_PATH="$$(scripts/ensure-chromium.sh)" && \
	  cd bench && CHROME_PATH="$$CHROME_PATH" $(GO) run . -bin ../stageshop

# Operations (README, "Operating StageShop"): the slower checks against real
# S3 (VersityGW), Litestream and Varnish, each installed by a project script.
test-ops: build
	@TOOLS="$$(scripts/ensure-ops-tools.sh)" && \
	  PATH="$$TOOLS:$$PATH" $(GO) test -count=1 -tags ops -run 'Ops' -v ./bench

# The warm standby's drill (README, "Past one machine"): Litestream's
# follower, promote and the fence against VersityGW on loopback, with
# shoppers ordering; prints lost, RPO and RTO. Then three LiteFS nodes
# (FUSE: Linux and root) with shoppers on the read replicas; prints the
# read throughput, the forwarding's cost and the lag. About two minutes.
test-ha: build
	@TOOLS="$$(scripts/ensure-ops-tools.sh)" && LITEFS="$$(scripts/ensure-litefs.sh)" && \
	  PATH="$$TOOLS:$$LITEFS:$$PATH" $(GO) test -count=1 -tags ha -run 'HA' -v ./bench

bench-varnish: build
	scripts/ensure-varnish.sh >/dev/null
	cd bench && $(GO) run . -bin ../stageshop -ops varnish

bench-pages: build
	scripts/ensure-wrk.sh >/dev/null
	cd bench && $(GO) run . -bin ../stageshop -ops pages -d 10s

bench-restore: build
	@TOOLS="$$(scripts/ensure-ops-tools.sh)" && \
	  cd bench && PATH="$$TOOLS:$$PATH" $(GO) run . -bin ../stageshop -ops restore -cart 10s

clean:
	rm -rf $(BIN) $(DATA)
