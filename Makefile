# Two commands a user needs: `make run` and `make test` (see README.md).
SHELL := /bin/bash
# Debian's Tesseract uses OpenMP and runs ~9x slower without this; the binary
# re-execs itself to guarantee it, and tests and scripts set it too.
export OMP_THREAD_LIMIT := 1

SWIFT ?= swift
STORE ?= receipts.sqlite
RELEASE_BIN = .build/release

.PHONY: deps test-deps build run serve test bench clean format lint

deps:
	@scripts/install-deps.sh

test-deps:
	@scripts/install-deps.sh --test

build: deps
	$(SWIFT) build -c release --product receipts

# The main job: ingest the fixture photos into the embedded store, then list the carts.
# A re-run skips photos already stored; a failed photo does not stop the listing.
run: build
	-$(RELEASE_BIN)/receipts ingest Fixtures/receipts --store $(STORE)
	$(RELEASE_BIN)/receipts carts --store $(STORE)

# The household server on the embedded store (Ctrl-C stops it).
serve: build
	$(RELEASE_BIN)/receipts serve --store $(STORE)

# The tests read receipts with Tesseract alone (exact, fast); the neural reader has tests of its own.
# Formatting: .swift-format (Hummingbird's, 150 columns); `make test` fails on a file not formatted.
format:
	$(SWIFT) format --in-place --parallel --recursive Sources Tests Package.swift

lint:
	$(SWIFT) format lint --strict --parallel --recursive Sources Tests Package.swift

test: test-deps lint
	$(SWIFT) build --build-tests
	RECEIPTS_NEURAL=off scripts/with-postgres.sh scripts/with-watchdog.sh 1500 $(SWIFT) test --skip-build
	scripts/js-tests.sh
	# A fixed seed by default, so a run repeats; FUZZ_SEED=$$RANDOM make test explores anew.
	FUZZ_SEED=$${FUZZ_SEED:-2517} scripts/fuzz-api.sh
	scripts/web-tests.sh

bench: test-deps
	$(SWIFT) build -c release
	$(RELEASE_BIN)/receipts-bench ocr
	scripts/with-postgres.sh $(RELEASE_BIN)/receipts-bench store
	$(RELEASE_BIN)/receipts-bench catalog
	$(RELEASE_BIN)/receipts-bench ingest
	# Real phone photos, where the neural reader and the rereads cost most (when ../shared is there).
	if [ -d ../shared/corpus/us-restaurant-photos/images ]; then \
	  $(RELEASE_BIN)/receipts-bench ingest --images ../shared/corpus/us-restaurant-photos/images --count 49 --memory-count 0; fi
	scripts/with-postgres.sh $(RELEASE_BIN)/receipts-bench server
	$(RELEASE_BIN)/receipts-bench live
	scripts/with-postgres.sh $(RELEASE_BIN)/receipts-bench live --across-instances

clean:
	rm -rf .build
