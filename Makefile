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

.PHONY: all check check-slow asan check-aarch64 fuzz bench install uninstall clean
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

# What `make install` puts under PREFIX (DESTDIR before it, for staging),
# and `make uninstall` takes away again (with the same PREFIX and SPECDIR).
# The library installed is the build's with one member made anew:
# lib/spec/specdir.c, the spec directory compiled in, for this SPECDIR, so
# that a program linked with it finds the installed specs whatever PREFIX
# the tree was built with (specdir.h).  It is made in a directory of its
# own, and the tree is left as it was.  The tools find the specs beside
# themselves (PREFIX/bin/../share/cvkit/specs) and are installed as built.
# cvkit.pc is cvkit.pc.in with PREFIX, VERSION and the libraries the
# static archive needs filled in; the shell completion is one file,
# completion/cvkit.bash, and a link to it for each tool, the name
# bash-completion looks it up by.
INST_LIB   = $(DESTDIR)$(PREFIX)/lib
INST_INC   = $(DESTDIR)$(PREFIX)/include/cvkit
INST_MAN   = $(DESTDIR)$(PREFIX)/share/man
INST_RULES = $(DESTDIR)$(PREFIX)/share/doc/cvkit/rules
INST_COMP  = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
TOOL_NAMES = $(notdir $(TOOLS))

install: lib/libcvkit.a $(TOOLS)
	install -d $(DESTDIR)$(PREFIX)/bin $(INST_LIB)/pkgconfig $(INST_INC) $(DESTDIR)$(SPECDIR) \
	  $(INST_MAN)/man1 $(INST_MAN)/man3 $(INST_MAN)/man5 $(INST_MAN)/man7 $(INST_RULES) $(INST_COMP)
	install -m 755 $(TOOLS) $(DESTDIR)$(PREFIX)/bin/
	tmp=$$(mktemp -d) && \
	  { $(CC) $(CPPFLAGS) $(WARN) $(CFLAGS) -DCV_SPECDIR='"$(SPECDIR)"' -c -o $$tmp/specdir.o lib/spec/specdir.c && \
	    cp lib/libcvkit.a $$tmp/libcvkit.a && ar rs $$tmp/libcvkit.a $$tmp/specdir.o && \
	    install -m 644 $$tmp/libcvkit.a $(INST_LIB)/; rc=$$?; rm -rf $$tmp; exit $$rc; }
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' -e 's|@DEPLIBS@|$(strip $(PKG_LIBS)) -lpthread|g' \
	  -e '/^#/d' cvkit.pc.in > $(INST_LIB)/pkgconfig/cvkit.pc
	chmod 644 $(INST_LIB)/pkgconfig/cvkit.pc
	install -m 644 $(PUB_HDR) $(INST_INC)/
	install -m 644 specs/*.yaml $(DESTDIR)$(SPECDIR)/
	install -m 644 $(wildcard docs/*.1) $(INST_MAN)/man1/
	for f in $(wildcard docs/*.3 docs/*.5 docs/*.7); do install -m 644 $$f $(INST_MAN)/man$${f##*.}/ || exit 1; done
	install -m 644 $(wildcard docs/rules/*.md) $(INST_RULES)/
	install -m 644 completion/cvkit.bash $(INST_COMP)/cvkit
	for t in $(TOOL_NAMES); do ln -sf cvkit $(INST_COMP)/$$t || exit 1; done

# Exactly what install put, then the folders that are cvkit's alone when
# they are left empty (a file of someone else's keeps its folder).
uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/bin/,$(TOOL_NAMES)) $(INST_LIB)/libcvkit.a $(INST_LIB)/pkgconfig/cvkit.pc \
	  $(addprefix $(INST_INC)/,$(notdir $(PUB_HDR))) $(addprefix $(DESTDIR)$(SPECDIR)/,$(notdir $(wildcard specs/*.yaml))) \
	  $(addprefix $(INST_MAN)/man1/,$(notdir $(wildcard docs/*.1))) $(addprefix $(INST_MAN)/man3/,$(notdir $(wildcard docs/*.3))) \
	  $(addprefix $(INST_MAN)/man5/,$(notdir $(wildcard docs/*.5))) $(addprefix $(INST_MAN)/man7/,$(notdir $(wildcard docs/*.7))) \
	  $(addprefix $(INST_RULES)/,$(notdir $(wildcard docs/rules/*.md))) $(INST_COMP)/cvkit $(addprefix $(INST_COMP)/,$(TOOL_NAMES))
	for d in $(INST_INC) $(DESTDIR)$(SPECDIR) $(DESTDIR)$(PREFIX)/share/cvkit $(INST_RULES) $(DESTDIR)$(PREFIX)/share/doc/cvkit; do \
	  [ ! -d $$d ] || rmdir --ignore-fail-on-non-empty $$d || exit 1; done

clean-objs:
	rm -f lib/*.o lib/*/*.o lib/libcvkit.a $(TOOLS) tests/bin/*

clean: clean-objs
	rm -rf tests/bin fuzz/bin bench/out bench/match
