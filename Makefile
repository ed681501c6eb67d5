# Tindal: the two commands are `make run` and `make test`.
SHELL := /bin/bash
export PATH := /usr/local/go/bin:$(PATH)
# Go 1.26.8 on the machine has reachable standard-library vulnerabilities; the
# module proxy serves 1.27.3, which go.mod requires (go 1.27.3): pin exactly it.
export GOTOOLCHAIN := go1.27.3
# -trimpath: without it Go's build cache is keyed by the checkout's
# directory, and a clean clone at a new path compiles the whole repository
# again for vet, lint and every test binary (scripts/gotest.sh).
export GOFLAGS := $(strip $(filter-out -trimpath,$(GOFLAGS)) -trimpath)
GO ?= go
DEMO_PASSWORD ?= tindal-demo-2026
SERVICES := scripts/services.sh && source .services.env

.PHONY: run test services stop-services build generate check-generated vet fmt bench bench-smoke axe

## run: start PostgreSQL and MinIO if needed, migrate, seed demo data, serve on :8080
run: build
	@$(SERVICES) && export TINDAL_DEMO_PASSWORD="$${TINDAL_DEMO_PASSWORD:-$(DEMO_PASSWORD)}" \
	  TINDAL_SMS_URL="$${TINDAL_SMS_URL:-local}" \
	  && ./bin/tindal migrate up && ./bin/tindal seed demo && exec ./bin/tindal serve

## test: lint the contract from outside (lint-contract), start the services, go vet, make lint (golangci-lint), then the whole suite (scripts/gotest.sh: the race detector on every package but the pages' and the scale test, which run beside them without it), then govulncheck;
## each step's duration is printed as it ends and all of them at the end (scripts/step.sh)
STEP := scripts/step.sh
SUBMAKE := $(MAKE) --no-print-directory
test:
	@export TINDAL_STEPS=$$(mktemp) && trap '$(STEP) --summary; rm -f "$$TINDAL_STEPS"' EXIT \
	  && $(STEP) lint-contract $(SUBMAKE) lint-contract && $(STEP) axe $(SUBMAKE) axe \
	  && $(STEP) check-field $(SUBMAKE) check-field \
	  && $(STEP) services scripts/services.sh && source .services.env \
	  && $(STEP) vet $(GO) vet ./... && $(STEP) lint scripts/lint.sh \
	  && $(STEP) go-test env TINDAL_SCALE=1 scripts/gotest.sh \
	  && $(STEP) vulncheck $(SUBMAKE) vulncheck \
	  && $(STEP) bench-smoke $(SUBMAKE) bench-smoke

services:
	@scripts/services.sh

## axe: install the pinned axe-core the browser tests inject (tools/axe)
axe:
	@cd tools/axe && { [ -d node_modules ] || npm ci --no-audit --no-fund; }

stop-services:
	@scripts/services.sh stop

build:
	@mkdir -p bin && CGO_ENABLED=0 $(GO) build -trimpath -o bin/tindal ./cmd/tindal

## generate: regenerate code from openapi/openapi.yaml
generate:
	cd openapi && $(GO) generate ./...

## check-generated: fail when the generated code does not match the contract
check-generated:
	@tmp=$$(mktemp -d) && cp openapi/openapi.gen.go $$tmp/ && (cd openapi && $(GO) generate ./...) \
	  && if ! diff -q $$tmp/openapi.gen.go openapi/openapi.gen.go >/dev/null; then \
	       cp $$tmp/openapi.gen.go openapi/openapi.gen.go; echo "openapi.gen.go is stale: run make generate"; exit 1; fi

## lint: golangci-lint v2 (pinned in scripts/lint.sh, built once into ~/.cache/tindal-tools) with .golangci.yml
.PHONY: lint lint-fmt
lint:
	@scripts/lint.sh

## lint-fmt: rewrap long code lines as make lint wants them (golines)
lint-fmt:
	@scripts/lint.sh fmt

vet:
	$(GO) vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (gofmt -l $$(git ls-files '*.go'); exit 1)

## bench: every benchmark beside its raw baseline from the same run, written to bench/results/latest.md (with the load average and the commit)
bench:
	@$(SERVICES) && scripts/bench.sh full

## test-scale: a year of a state's history, the real push, pull, review queue, notices and jobs under auto_explain; fails on a sequential scan of a grown table (docs/SCALING.md §6; make test runs it too, with TINDAL_SCALE=1)
.PHONY: test-scale
test-scale:
	@$(SERVICES) && TINDAL_SCALE=1 $(GO) test -count=1 -timeout 30m ./scale

## bench-smoke: every benchmark once (-benchtime 1x), killed when it hangs; fails when one fails, hangs, skips or prints no result (part of make test)
bench-smoke:
	@$(SERVICES) && scripts/bench.sh smoke

## loadtest: the figures of docs/SYNC.md §5 in one command (throwaway database and server), e.g. LOADGEN_FLAGS="-devices 200 -push-only"
.PHONY: loadtest
loadtest:
	@scripts/loadtest.sh $(LOADGEN_FLAGS)

## soak: 200 phones for 10 minutes with photos, pulls and a job run, then every mutation applied once, every photo verified, RSS flat (throwaway database and server; not part of make test; docs/SYNC.md §10.1), written to bench/results/soak.md, e.g. SOAK_FLAGS="-devices 20 -duration 90s"
.PHONY: soak
soak:
	@scripts/soak.sh $(SOAK_FLAGS)

## loadgen: drive a running server with simulated phones (docs/SYNC.md §5; -db from TINDAL_DATABASE_URL), e.g. LOADGEN_FLAGS="-devices 200 -push-only"
.PHONY: loadgen
loadgen:
	@export TINDAL_DEMO_PASSWORD="$${TINDAL_DEMO_PASSWORD:-$(DEMO_PASSWORD)}" && $(GO) run ./bench/loadgen $(LOADGEN_FLAGS)

## lint-contract: Redocly and Spectral (with the OWASP ruleset) on the contract, pinned in tools/contract/package-lock.json
.PHONY: lint-contract docs-bundle
CONTRACT_TOOLS := cd tools/contract && { [ -d node_modules ] || npm ci --no-audit --no-fund; }
lint-contract:
	@$(CONTRACT_TOOLS) && npx redocly lint ../../openapi/openapi.yaml --format=summary \
	  && npx spectral lint -r .spectral.yaml --fail-severity=error ../../openapi/openapi.yaml

## docs-bundle: refresh the Redoc bundle /docs embeds from the pinned npm package
docs-bundle:
	@$(CONTRACT_TOOLS) && cp node_modules/redoc/bundles/redoc.standalone.js node_modules/redoc/bundles/redoc.standalone.js.LICENSE.txt ../../api/docsui/

## fuzz: run every fuzz target of scripts/fuzz.sh for FUZZTIME each (docs/FUZZING.md), e.g. FUZZTIME=10m FUZZ=FuzzReadExif
FUZZTIME ?= 60s
.PHONY: fuzz fuzz-ci vulncheck
fuzz:
	@FUZZTIME=$(FUZZTIME) FUZZ='$(FUZZ)' scripts/fuzz.sh

## fuzz-ci: every fuzz target for 5 s (not in make test, whose go test runs every target's seeds and corpus: docs/FUZZING.md §3)
fuzz-ci:
	@FUZZTIME=5s scripts/fuzz.sh

## vulncheck: govulncheck against ./... with an offline database built from golang.org/x/vulndb (docs/FUZZING.md)
vulncheck:
	@scripts/vulncheck.sh

## field: rebuild the inspector's field app (web/field: tsc --strict, esbuild, pinned in its package-lock.json) into web/field/dist, which is committed and embedded, so go build needs no Node
## check-field: fail when the committed web/field/dist (or src/messages.gen.ts) is not what the sources and web/messages/field.*.toml build (part of make test)
.PHONY: field check-field
FIELD := cd web/field && { [ -d node_modules ] || npm ci --no-audit --no-fund; }
field:
	@$(FIELD) && node build.mjs
check-field:
	@$(FIELD) && node build.mjs --check

## client-ts: the generated TypeScript client (clients/ts): install the pinned packages, check src/schema.ts is fresh, tsc --strict
## (make test runs it, and its offline day against a test server, through api's TestTypeScriptClientOfflineDay)
.PHONY: client-ts client-ts-generate
CLIENT_TS := cd clients/ts && { [ -d node_modules ] || npm ci --no-audit --no-fund; }
client-ts:
	@$(CLIENT_TS) && node scripts/generate.mjs --check && npx tsc -p .

## client-ts-generate: regenerate clients/ts/src/schema.ts from openapi/openapi.yaml
client-ts-generate:
	@$(CLIENT_TS) && node scripts/generate.mjs
