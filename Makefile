# Shelf: every target is a command or two and needs no network.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Debian packages the build and the tests need: ncurses headers; tmux and
# python3 and python3-pyte (a terminal emulator that replays every frame) for
# the end-to-end tests; locales names the Unicode version of the C library's
# character data for `make widths`; asciinema plays the recordings the tests make.
DEBS := libncursesw5-dev tmux python3 python3-pyte locales asciinema

.PHONY: deps build test check imports tsan bench goldens format run widths man docs

deps:
	@missing=""; for p in $(DEBS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) --no-print-directory tsan

# The concurrency tests (the live holders of ShelfDiff, the worker that runs
# ShelfUI's content chain off the main thread, the app's per-source diff
# queues feeding the chain and the table's holder) again under the thread
# sanitizer, in their own build folder; any report fails the run (exit code 66).
TSAN_TESTS := ShelfDiffTests\.(CollectionDataTests|CollectionSectionDataTests|ManualReloadTests|SynchronizerTests|ClockTests|LiveStressTests|EmptyArrayRaceTests|SuppliedDeltaTests)|ShelfUITests\.(aResultANewerQueryOvertookIsNeverDelivered|theWorkerAnswersTheNewestRequestLastAndOffTheCallersThread)|EndToEndTests\.SourceDeltaTests
tsan: deps
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter '$(TSAN_TESTS)'

# Module boundaries: a target may import only what it depends on.
imports: deps
	$(SWIFT) build --build-tests --explicit-target-dependency-import-check error

# Exactly what CI runs.
check: imports test

# The terminal and scale benchmarks run the release shelf built beside Benchmarks.
# fzf, when it installs, runs beside the `/` filter; without it that row is skipped.
bench: deps
	@dpkg -s fzf >/dev/null 2>&1 || $(SUDO) apt-get install -y -qq fzf || echo "bench: no fzf, its row is skipped"
	$(SWIFT) build -c release
	$(SWIFT) run -c release --skip-build Benchmarks

# Re-records every golden file, then fails so a re-record is never silently green.
goldens: deps
	-SHELF_RECORD_GOLDENS=1 $(SWIFT) test
	@echo "goldens re-recorded: review 'git diff Tests' and run make test"; exit 1

# Regenerates ShelfUI's character widths from this machine's C library (wcwidth);
# the tests check every scalar against it, so run this when the C library changes.
widths: deps
	/usr/bin/python3 Scripts/generate-widths.py

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

run: build
	$(SWIFT) run shelf

# The man page, shelf.1, from the command line's own definition (the argument
# parser's manual plugin, on the debug build); made on demand, never committed.
man: deps
	$(SWIFT) package generate-manual --configuration debug
	cp .build/plugins/GenerateManual/outputs/shelf/shelf.1 shelf.1

# The DocC reference and articles of each library as static HTML in
# .build/docs/<module>/ (index.html), from SwiftPM's symbol graphs and the
# toolchain's docc: no package dependency, so no other build pays for it.
# A docc warning (a broken link, an undocumented parameter) fails it. Serve it
# with `python3 -m http.server -d .build/docs` (DocC pages need a web server).
DOCC ?= docc
DOC_MODULES := ShelfDiff ShelfChain ShelfUI ShelfCatalog
docs: deps
	$(SWIFT) package dump-symbol-graph --minimum-access-level public
	rm -rf .build/docs .build/docs-symbols
	graphs=$$(dirname $$($(SWIFT) build --show-bin-path))/symbolgraph; \
	for m in $(DOC_MODULES); do \
	  mkdir -p .build/docs-symbols/$$m .build/docs/$$m && \
	  find $$graphs -name "$$m.symbols.json" -o -name "$$m@*.symbols.json" | \
	    xargs -I{} cp {} .build/docs-symbols/$$m/ && \
	  $(DOCC) convert Sources/$$m/$$m.docc --additional-symbol-graph-dir .build/docs-symbols/$$m \
	    --output-path .build/docs/$$m --transform-for-static-hosting --hosting-base-path $$m \
	    --fallback-display-name $$m --fallback-bundle-identifier shelf.$$m \
	    --warnings-as-errors || exit 1; \
	done
	@echo "documentation in .build/docs/{$(shell echo $(DOC_MODULES) | tr ' ' ,)}/index.html"
