# Flipbook — every task is one make target; each installs what it needs first.
#   make demo    render presets/confetti.json to out/confetti.mp4
#   make test    build and run all tests (release mode: pixel loops are 20× slower in debug)
#   make bench   benchmarks, each figure as a ratio against a peer measured in the same run
#                (PREVIOUS=1: the shipped compositions against the previous release too, built
#                by bench/previous-release.sh from PREVIOUS_COMMIT, default d831f6b)
#   make lint    swift format lint
#   make lottie-corpus  the whole Lottie corpus against ThorVG and rlottie (docs/lottie.md)
#   make fuzz    coverage-guided fuzzing with libFuzzer, FUZZ_RUNS inputs per target (default 100000)

SWIFT ?= swift
CONFIG ?= release
BUILD_FLAGS = -c $(CONFIG)

FUZZ_RUNS ?= 100000
# Swift's own crash backtracer is turned off so that libFuzzer sees crashes and saves the input.
# libFuzzer needs its own build of everything (-sanitize=fuzzer instruments all modules), kept
# apart in .build/fuzz; lld links it (gold fails on the instrumented objects).
FUZZ_FLAGS = -c release --scratch-path .build/fuzz --product flipbook-fuzz \
	-Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING -Xcc -DFLIPBOOK_FUZZING \
	-Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld

.PHONY: deps tools build test snapshots schema api gallery demo bench lint fuzz clean lottie-corpus

deps:
	@scripts/install-deps.sh

# What a user needs: the `flipbook` tool and the library it is built on (the benchmark and the
# fuzzer build their own executables in `make bench` and `make fuzz`).
build: deps
	$(SWIFT) build $(BUILD_FLAGS) --product flipbook

# Test tools from PyPI (check-jsonschema), in .build/tools/venv.
tools:
	scripts/install-tools.sh

test: deps tools
	$(SWIFT) build $(BUILD_FLAGS) --build-tests
	$(SWIFT) test $(BUILD_FLAGS) --skip-build

# Re-records the reference images of the snapshot tests (review them before committing).
snapshots: deps
	$(SWIFT) build $(BUILD_FLAGS) --build-tests
	FLIPBOOK_RECORD_SNAPSHOTS=1 $(SWIFT) test $(BUILD_FLAGS) --skip-build --filter 'snapshotMatchesItsReference|portedExampleRendersAsItsReference'

# Regenerates schema/preset.schema.json and the docs' reference tables of keys, from the scenes'
# parameter readers and the keys' declarations.
schema: build
	.build/$(CONFIG)/flipbook schema > schema/preset.schema.json
	.build/$(CONFIG)/flipbook schema --markdown docs/compositions.md docs/audio.md docs/presets.md

# Regenerates docs/api.md's tables of public types from the built modules' symbol graphs.
api: deps
	$(SWIFT) build $(BUILD_FLAGS) --build-tests
	FLIPBOOK_RECORD_API=1 $(SWIFT) test $(BUILD_FLAGS) --skip-build --filter theDocumentedPublicAPIIsTheLibrarys

# Renders one poster per scene into docs/posters and regenerates docs/scenes.md.
gallery: build
	scripts/gallery.sh .build/$(CONFIG)/flipbook

demo: build
	@mkdir -p out
	.build/$(CONFIG)/flipbook render presets/confetti.json -o out/confetti.mp4

bench: build tools
	$(SWIFT) build $(BUILD_FLAGS) --product flipbook-bench
	@bench/peers/setup.sh
	@scripts/lottie-corpus.sh
	.build/$(CONFIG)/flipbook-bench $(if $(QUICK),--quick,) \
		$(if $(PREVIOUS),--previous-release "$$(bench/previous-release.sh $(PREVIOUS_COMMIT))",)

# The whole Lottie corpus (scripts/lottie-corpus.sh: rlottie's examples and lottie-android's
# LottieFiles snapshots, 306 files) against ThorVG and rlottie, as docs/lottie.md's table.
lottie-corpus: build tools
	scripts/lottie-corpus.sh
	.build/tools/venv/bin/python bench/lottie_corpus.py .build/lottie-corpus --flipbook .build/$(CONFIG)/flipbook \
	  --markdown --json .build/lottie-corpus.json

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests bench/Sources Fuzz Examples

fuzz: deps
	$(SWIFT) build $(FUZZ_FLAGS)
	@for target in preset raster cli captions composition; do \
	  mkdir -p .build/fuzz/corpus/$$target; \
	  echo "fuzzing $$target: $(FUZZ_RUNS) inputs"; \
	  SWIFT_BACKTRACE=enable=no FLIPBOOK_FUZZ_TARGET=$$target .build/fuzz/release/flipbook-fuzz -runs=$(FUZZ_RUNS) -timeout=10 \
	    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix=.build/fuzz/$$target- \
	    .build/fuzz/corpus/$$target Fuzz/Corpus/$$target || exit 1; \
	done

clean:
	rm -rf .build out
