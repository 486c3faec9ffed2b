# Flipbook — every task is one make target; each installs what it needs first.
#   make demo    render presets/confetti.json to out/confetti.mp4
#   make test    build and run all tests (release mode: pixel loops are 20× slower in debug)
#   make bench   benchmarks, each figure as a ratio against a peer measured in the same run
#   make lint    swift format lint

SWIFT ?= swift
CONFIG ?= release
BUILD_FLAGS = -c $(CONFIG)

.PHONY: deps build test demo bench lint clean

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

test: deps
	$(SWIFT) build $(BUILD_FLAGS) --build-tests
	$(SWIFT) test $(BUILD_FLAGS) --skip-build

demo: build
	@mkdir -p out
	.build/$(CONFIG)/flipbook render presets/confetti.json -o out/confetti.mp4

bench: build
	@bench/peers/setup.sh
	.build/$(CONFIG)/flipbook-bench $(if $(QUICK),--quick,)

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests bench/Sources

clean:
	rm -rf .build out
