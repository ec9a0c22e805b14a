# Shelf: every target is a command or two and needs no network.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Debian packages the build and the tests need: ncurses headers; tmux and
# python3 and python3-pyte (a terminal emulator that replays every frame) for
# the end-to-end tests; libcurl's headers for `--url`; SQLite's for `--sqlite`; locales names the Unicode version of the C library's
# character data for `make widths`; asciinema plays the recordings the tests make.
# man-db formats the installed man page (`man -l`) in the install test.
# Covers: libjpeg62-turbo-dev decodes JPEG (scaled as it decodes), libstb-dev
# (stb_image) PNG and GIF, libwebp-dev WebP; libchafa-dev (with GLib's headers)
# turns them into cells. webp's cwebp writes the tests' WebP covers.
# ncurses-term has the terminfo entries (kitty) whose shifted keys the tests send.
DEBS := libncursesw5-dev libcurl4-openssl-dev libsqlite3-dev tmux python3 python3-pyte locales asciinema man-db \
  ncurses-term fzf libjpeg62-turbo-dev libstb-dev libchafa-dev libglib2.0-dev libwebp-dev webp

.PHONY: kitty-covers deps build test unit e2e slowest check prebuild imports tsan bench goldens format lint run widths man docs specialization client install uninstall

deps:
	@missing=""; for p in $(DEBS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi

build: deps
	$(SWIFT) build

# make unit: the engine, the chain, the UI, the catalog and the sources (seconds to a
# minute). make e2e: the terminal backend, the real binary in tmux and a pty,
# and the thread sanitizer. make test runs both, as CI does, then lists the
# five slowest tests of the run.
UNIT_TESTS := ShelfDiffTests|ShelfChainTests|ShelfUITests|ShelfCatalogTests|ShelfSourcesTests|ShelfCoversTests
E2E_TESTS := ShelfTerminalTests|EndToEndTests
# The tmux tests (the InTmux suite, one at a time) run in a process of their
# own beside the rest of E2E_TESTS: in one process, their one long chain waited
# behind the other suites' tests for the two threads Swift Testing runs
# synchronous tests on (minutes before its first test began), and set the
# stage's length. Both pass --ignore-lock, building nothing: whichever takes
# the build folder's lock first would make the other wait for its end.
E2E_TMUX := ^EndToEndTests\.InTmux/
test: unit e2e
	@$(MAKE) --no-print-directory slowest

unit: deps
	$(SWIFT) build --build-tests
	bash -o pipefail -c "$(SWIFT) test --skip-build --filter '^($(UNIT_TESTS))\.' 2>&1 | tee .build/unit-tests.log"

e2e: deps
	$(SWIFT) build --build-tests
	bash -o pipefail -c "$(SWIFT) test --skip-build --ignore-lock --filter '$(E2E_TMUX)' \
	  > .build/e2e-tmux-tests.log 2>&1" & tmux=$$!; \
	bash -o pipefail -c "$(SWIFT) test --skip-build --ignore-lock --filter '^($(E2E_TESTS))\.' --skip '$(E2E_TMUX)' \
	  2>&1 | tee .build/e2e-tests.log"; rest=$$?; \
	wait $$tmux; tmux=$$?; echo "the tmux tests (.build/e2e-tmux-tests.log):"; \
	cat .build/e2e-tmux-tests.log; [ $$rest = 0 ] && [ $$tmux = 0 ]
	$(MAKE) --no-print-directory tsan

slowest:
	@echo "the five slowest tests:"
	@cat .build/unit-tests.log .build/e2e-tests.log .build/e2e-tmux-tests.log 2>/dev/null | grep -v 'Test run with' | \
	  sed -nE 's/^.*Test (.*) (passed|failed) after ([0-9.]+) seconds.*$$/\3 s  \1/p' | sort -rn | head -5

# The concurrency tests again under the thread sanitizer, in their own build
# folder; any report fails the run (exit code 66). They are chosen by name:
# every suite whose tests run work on more than one thread (a live holder's
# queue, the content worker, the app's per-source diff queues, a filter's
# concurrent predicate, a watcher's, reader's, command's or fetch's queue) is
# named `...ConcurrencyTests`, and holds only such tests: a suite that also
# has single-threaded tests gives its threaded ones to a `...ConcurrencyTests`
# suite of their own. A new concurrent test joins such a suite, or starts one,
# and `make tsan` runs it with no change here.
TSAN_TESTS := ConcurrencyTests
tsan: deps
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter '$(TSAN_TESTS)'

# Module boundaries: a target may import only what it depends on.
imports: deps
	$(SWIFT) build --build-tests --explicit-target-dependency-import-check error

# The chain's links specialised for the benchmark's section and item types in
# its release build (cross-module optimisation exports them to clients): a
# link that falls back to unspecialised generic code runs several times
# slower. See ShelfChain.docc/Performance.md. Each link names its own in a
# `// make specialization:` line above its declaration (a ShelfChainTests test
# fails for a link without one); Benchmarks runs every link.
SPECIALIZED := $(shell sed -n 's|^// make specialization: ||p' Sources/ShelfChain/*.swift)
RELEASE_SCRATCH ?= .build
specialization: deps
	$(SWIFT) build -c release --product Benchmarks --scratch-path $(RELEASE_SCRATCH)
	@symbols=$$(nm "$$($(SWIFT) build -c release --scratch-path $(RELEASE_SCRATCH) --show-bin-path)/Benchmarks" | \
	  $(SWIFT) demangle --simplified); \
	missing=""; for f in $(SPECIALIZED); do \
	  echo "$$symbols" | grep -qF "specialized $$f" || missing="$$missing $$f"; done; \
	if [ -n "$$missing" ]; then echo "not specialised in Benchmarks:$$missing"; exit 1; fi; \
	echo "specialised in Benchmarks: $(SPECIALIZED)"

# A client package that depends on this one by path, as an app would by URL,
# and uses only the public API: ItemMap changing the item type, an observer token;
# then a model of UITableView through 2,000 random sectioned updates with
# forUIKit(), every batch accepted (it exits 1 otherwise); then, built in
# release as an app ships, misuse that is the caller's fault, each stopping
# with its message on stderr (the client reads it; exit 1 when one is lost).
client:
	cd Scripts/client-example && $(SWIFT) run ClientExample && $(SWIFT) run TableViewClient
	cd Scripts/client-example && $(SWIFT) run -c release MisuseClient

# The builds of CI's later stages, one after another, to run beside `make
# test` (whose tests mostly wait on terminals and timers): the thread
# sanitizer's (its own folder: make test's tsan step waits for its lock, then
# has nothing to build), the release Benchmarks in a folder of their own (the
# tests hold .build's lock) and the client package's two.
prebuild: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	$(SWIFT) build -c release --product Benchmarks --scratch-path .build-release
	cd Scripts/client-example && $(SWIFT) build && $(SWIFT) build -c release --product MisuseClient

# What CI runs, in order; .ci/run runs `make prebuild` beside `make test`.
check: lint imports test specialization docs client

# The manual check of pixel covers in kitty under Xvfb (Scripts/kitty-covers.sh):
# four screenshots in /tmp/shelf-kitty-covers (at rest, mid-motion, at rest, after q).
KITTY_DEBS := kitty xvfb imagemagick xdotool
kitty-covers: deps
	@missing=""; for p in $(KITTY_DEBS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get update -qq \
	  && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi
	$(SWIFT) build
	Scripts/kitty-covers.sh $$($(SWIFT) build --show-bin-path)/shelf

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
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift Scripts

# The toolchain's swift-format with its default rules, every finding an error:
# `make format` mends most of them.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift Scripts

run: build
	$(SWIFT) run shelf

# The man page, shelf.1, from the command line's own definition (the argument
# parser's manual plugin, on the debug build); made on demand, never committed.
# Scripts/finish-manual.py moves the sections the help text marks (EXAMPLES,
# ENVIRONMENT, ...) out of DESCRIPTION and makes the subcommand optional.
MANUAL := .build/plugins/GenerateManual/outputs/shelf/shelf.1
man: deps
	$(SWIFT) package generate-manual --configuration debug
	/usr/bin/python3 Scripts/finish-manual.py $(MANUAL)
	cp $(MANUAL) shelf.1

# `make install` puts the release shelf, the bundled catalog it shows with no
# source (share/shelf/), its man page and its bash, zsh and fish completions
# under PREFIX (inside DESTDIR when packaging); `make
# uninstall` removes exactly those files, and the folders they leave empty.
# INSTALL_FLAGS go to its swift commands: the install test, run by `swift
# test` (which holds the build folder's lock while building nothing), passes
# --ignore-lock, and CONFIGURATION=debug to install the build the tests just
# made rather than build the release one (minutes on this machine).
PREFIX ?= /usr/local
INSTALL_FLAGS ?=
CONFIGURATION ?= release
INSTALL_FILES := bin/shelf share/shelf/catalog.json share/man/man1/shelf.1 share/bash-completion/completions/shelf \
  share/zsh/site-functions/_shelf share/fish/vendor_completions.d/shelf.fish
INSTALL_DIRS := share/fish/vendor_completions.d share/fish share/zsh/site-functions share/zsh \
  share/bash-completion/completions share/bash-completion share/man/man1 share/man share/shelf share bin
install: deps
	$(SWIFT) build $(INSTALL_FLAGS) -c $(CONFIGURATION) --product shelf
	$(SWIFT) package $(INSTALL_FLAGS) generate-manual --configuration $(CONFIGURATION)
	/usr/bin/python3 Scripts/finish-manual.py $(MANUAL)
	@root='$(DESTDIR)$(PREFIX)'; bin="$$($(SWIFT) build $(INSTALL_FLAGS) -c $(CONFIGURATION) --show-bin-path)/shelf"; \
	set -e; for f in $(INSTALL_FILES); do install -d "$$root/$$(dirname $$f)"; done; \
	install -m 755 "$$bin" "$$root/bin/shelf"; \
	install -m 644 $(MANUAL) "$$root/share/man/man1/shelf.1"; \
	install -m 644 Resources/catalog.json "$$root/share/shelf/catalog.json"; \
	"$$bin" --generate-completion-script bash > "$$root/share/bash-completion/completions/shelf"; \
	"$$bin" --generate-completion-script zsh > "$$root/share/zsh/site-functions/_shelf"; \
	"$$bin" --generate-completion-script fish > "$$root/share/fish/vendor_completions.d/shelf.fish"; \
	echo "installed shelf in $$root"

uninstall:
	@root='$(DESTDIR)$(PREFIX)'; for f in $(INSTALL_FILES); do rm -f "$$root/$$f"; done; \
	for d in $(INSTALL_DIRS); do [ ! -d "$$root/$$d" ] || rmdir --ignore-fail-on-non-empty "$$root/$$d"; done; \
	echo "removed shelf from $$root"

# The DocC reference and articles of each library as static HTML in
# .build/docs/<module>/ (index.html), from SwiftPM's symbol graphs and the
# toolchain's docc: no package dependency, so no other build pays for it.
# dump-symbol-graph reads every module, the tests' too, so they are built
# first (nothing to do after `make test`; the whole debug build on a fresh clone).
# Extension block symbols give a library's extensions of another module's
# types (ShelfChain's CollectionSectionData.follow) pages of their own.
# A docc warning (a broken link, an undocumented parameter) fails it. Serve it
# with `python3 -m http.server -d .build/docs` (DocC pages need a web server).
DOCC ?= docc
DOC_MODULES := ShelfDiff ShelfChain ShelfUI ShelfCatalog
docs: deps
	$(SWIFT) build --build-tests
	$(SWIFT) package dump-symbol-graph --minimum-access-level public --emit-extension-block-symbols
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
