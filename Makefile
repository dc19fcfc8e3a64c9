# cvkit build.  `make` builds lib/libcvkit.a and the tools in bin/.
# Every lib/*.c and lib/*/*.c goes into the library (one folder per engine,
# record formats and shared helpers apart), every bin/cv-*.c is a tool,
# every tests/unit/*.c is a TAP unit test, every fuzz/fuzz_*.c a fuzz target.

CC      ?= cc
PKGS    := libpcre2-8 yaml-0.1
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS))
PKG_LIBS   := $(shell pkg-config --libs $(PKGS))
OPT     ?= -O2
CFLAGS  ?= $(OPT) -g
WARN    := -std=c11 -Wall -Wextra -Werror -Wno-unused-parameter
LIB_DIRS := lib $(sort $(patsubst %/,%,$(dir $(wildcard lib/*/*.h))))
CPPFLAGS += -D_POSIX_C_SOURCE=200809L $(addprefix -I,$(LIB_DIRS))
LDLIBS  += $(PKG_LIBS) -lpthread
PREFIX  ?= /usr/local
VERSION := 0.1.0

LIB_SRC  := $(sort $(wildcard lib/*.c lib/*/*.c))
LIB_HDR  := $(wildcard lib/*.h lib/*/*.h)
# The public interface: lib/cvkit.h and what it includes, transitively (the
# headers a program built on the library sees); the others are internal.
# Installed flat into include/cvkit/, where their "name.h" includes find
# each other.
PUB_HDR   = $(sort $(filter lib/%,$(shell $(CC) $(CPPFLAGS) $(PKG_CFLAGS) -MM -x c lib/cvkit.h)))
LIB_OBJ  := $(LIB_SRC:.c=.o)
TOOL_SRC := $(sort $(wildcard bin/cv-*.c))
TOOLS    := $(TOOL_SRC:.c=)
UNIT_SRC := $(sort $(wildcard tests/unit/*.c))
UNITS    := $(patsubst tests/unit/%.c,tests/bin/%,$(UNIT_SRC))
FUZZ_SRC := $(sort $(wildcard fuzz/fuzz_*.c))

ALL_CFLAGS = $(WARN) $(CFLAGS) $(PKG_CFLAGS) -DCV_VERSION='"$(VERSION)"' -DCV_SPECDIR='"$(SPECDIR)"'
SPECDIR ?= $(PREFIX)/share/cvkit/specs

.PHONY: all check check-slow asan check-aarch64 fuzz bench install clean
all: lib/libcvkit.a $(TOOLS) $(UNITS)

lib/%.o: lib/%.c $(LIB_HDR)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

lib/libcvkit.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

bin/cv-%: bin/cv-%.c lib/libcvkit.a
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -o $@ $< lib/libcvkit.a $(LDFLAGS) $(LDLIBS)

tests/bin/%: tests/unit/%.c tests/unit/tap.h lib/libcvkit.a
	@mkdir -p tests/bin
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -o $@ $< lib/libcvkit.a $(LDFLAGS) $(LDLIBS)

# Fast suite: unit tests (C, TAP) and tool tests (bats, TAP).
# A skipped test fails it as a failed one does (.ci/prove-strict): every
# tool the tests need is on .ci/packages.
check: all bench/match
	CVKIT_SPECS=$(CURDIR)/specs sh .ci/prove-strict tests/run-units.t $(sort $(wildcard tests/*.bats))

# Deep perft counts that take minutes.
check-slow: all
	CVKIT_SPECS=$(CURDIR)/specs CVKIT_SLOW=1 prove -f tests/slow/

# The whole suite under AddressSanitizer and UBSan.  It runs in a copy of
# the tree (build/asan) so the normal build is left alone.
SAN := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
asan:
	rm -rf build/asan && mkdir -p build/asan
	tar cf - --exclude=./build --exclude=./.git --exclude='*.o' --exclude='*.a' --exclude=./tests/bin \
	  --exclude=./fuzz/bin --exclude=./fuzz/corpus . | tar xf - -C build/asan
	$(MAKE) -C build/asan clean-objs
	CVKIT_SANITIZED=1 ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  $(MAKE) -C build/asan check CFLAGS="-O1 -g $(SAN)" LDFLAGS="$(SAN)"

# The library, unit tests and cv-perft cross-built for aarch64 in a copy
# of the tree (build/aarch64) and run under qemu: the portable bitboard
# paths, which an x86-64 build never takes.  Needs gcc-aarch64-linux-gnu,
# qemu-user and the arm64 libpcre2-dev and libyaml-dev (multiarch).
# Linked statically: Debian 12's qemu-aarch64 (7.2) hangs in the first
# pthread_create of a dynamically linked program on newer kernels (a
# five-line program that starts one thread hangs the same way), and the
# counts run on threads.
AARCH64_CC   ?= aarch64-linux-gnu-gcc
AARCH64_QEMU ?= qemu-aarch64 -L /usr/aarch64-linux-gnu
AARCH64_LDFLAGS ?= -static
AARCH64_PKGCONFIG ?= /usr/lib/aarch64-linux-gnu/pkgconfig
check-aarch64:
	rm -rf build/aarch64 && mkdir -p build/aarch64
	tar cf - --exclude=./build --exclude=./.git --exclude='*.o' --exclude='*.a' --exclude=./tests/bin \
	  --exclude=./fuzz/bin --exclude=./fuzz/corpus . | tar xf - -C build/aarch64
	$(MAKE) -C build/aarch64 clean-objs
	PKG_CONFIG_LIBDIR=$(AARCH64_PKGCONFIG) $(MAKE) -C build/aarch64 CC=$(AARCH64_CC) LDFLAGS="$(AARCH64_LDFLAGS)" \
	  lib/libcvkit.a bin/cv-perft $(UNITS)
	# each binary by its exit status and 'not ok' lines (t_san numbers its
	# TAP with a gap, which tests/run-units.t renumbers for prove)
	cd build/aarch64 && for t in $(UNITS); do \
	  out=$$(CVKIT_SPECS=$(CURDIR)/specs $(AARCH64_QEMU) $$t 2>&1) || { echo "$$out"; echo "FAIL $$t"; exit 1; }; \
	  if echo "$$out" | grep '^not ok'; then echo "FAIL $$t"; exit 1; fi; \
	  echo "ok $$t: $$(echo "$$out" | grep -c '^ok ') tests"; done
	cd build/aarch64 && CVKIT_SPECS=$(CURDIR)/specs $(AARCH64_QEMU) bin/cv-perft --suite corpus/chess/perft.txt -d 3

FUZZ_TIME ?= 30
fuzz:
	@mkdir -p fuzz/bin
	for f in $(FUZZ_SRC); do n=$$(basename $$f .c); \
	  clang $(CPPFLAGS) -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all $(PKG_CFLAGS) -DCV_VERSION='"$(VERSION)"' -DCV_SPECDIR='"$(CURDIR)/specs"' \
	    -o fuzz/bin/$$n $$f $(LIB_SRC) $(PKG_LIBS) -lpthread || exit 1; \
	done
	for f in $(FUZZ_SRC); do n=$$(basename $$f .c); mkdir -p fuzz/corpus/$$n; \
	  CVKIT_SPECS=$(CURDIR)/specs fuzz/bin/$$n -max_total_time=$(FUZZ_TIME) -max_len=4096 fuzz/corpus/$$n fuzz/seeds/$$n || exit 1; \
	done

# The match runner (bench/match.c) is the bench's own: built for it, linked
# with the library, never one of the tools `make all` builds or installs.
bench/match: bench/match.c lib/libcvkit.a
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -o $@ $< lib/libcvkit.a $(LDFLAGS) $(LDLIBS) -lm

# MATCH=1: the long matches (200 games a pair at 1 s a move, hours).
bench: all bench/match
	BENCH_MATCH=$(MATCH) bench/run

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include/cvkit \
	  $(DESTDIR)$(SPECDIR) $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/man/man5 $(DESTDIR)$(PREFIX)/share/man/man7 \
	  $(DESTDIR)$(PREFIX)/share/doc/cvkit/rules
	install -m 755 $(TOOLS) $(DESTDIR)$(PREFIX)/bin/
	install -m 644 lib/libcvkit.a $(DESTDIR)$(PREFIX)/lib/
	install -m 644 $(PUB_HDR) $(DESTDIR)$(PREFIX)/include/cvkit/
	install -m 644 specs/*.yaml $(DESTDIR)$(SPECDIR)/
	install -m 644 $(wildcard docs/*.1) $(DESTDIR)$(PREFIX)/share/man/man1/
	for f in $(wildcard docs/*.5); do install -m 644 $$f $(DESTDIR)$(PREFIX)/share/man/man5/; done
	for f in $(wildcard docs/*.7); do install -m 644 $$f $(DESTDIR)$(PREFIX)/share/man/man7/; done
	install -m 644 $(wildcard docs/rules/*.md) $(DESTDIR)$(PREFIX)/share/doc/cvkit/rules/

clean-objs:
	rm -f lib/*.o lib/*/*.o lib/libcvkit.a $(TOOLS) tests/bin/*

clean: clean-objs
	rm -rf tests/bin fuzz/bin bench/out bench/match
