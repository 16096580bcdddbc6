# Makefile: the only build system of litsi. See README.md.
include config.mk

PKGS = json-c zlib sqlite3
# ISA-L's igzip inflates gzip where libisal is installed; NO_ISAL=1 builds
# with zlib's inflate alone (e.g. make BUILD=build-nz NO_ISAL=1).
ifeq ($(NO_ISAL),)
ISAL := $(shell $(PKG_CONFIG) --exists libisal 2>/dev/null && echo libisal)
endif
ifneq ($(ISAL),)
PKGS += libisal
ISAL_DEF = -DLITSI_ISAL
endif
PKG_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(PKGS))
PKG_LIBS := $(shell $(PKG_CONFIG) --libs $(PKGS))
CHECK_CFLAGS = $(shell $(PKG_CONFIG) --cflags check)
CHECK_LIBS = $(shell $(PKG_CONFIG) --libs check)

CPPFLAGS += -Iinclude -Isrc -I$(BUILD) -D_GNU_SOURCE $(ISAL_DEF) -include src/util/banned.h
ALL_CFLAGS = -std=c11 -pthread $(OPT) $(WARN) $(SAN) $(PKG_CFLAGS) $(CFLAGS)
LDLIBS_ALL = $(PKG_LIBS) -lm $(LDLIBS)

LIB_SRC := $(sort $(wildcard src/util/*.c src/parse/*.c src/store/*.c src/analysis/*.c src/results/*.c src/fmt/*.c src/record/*.c src/ingest/*.c src/merge/*.c))
CMD_SRC := $(sort $(wildcard src/cmd/*.c)) src/main.c
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/%.o)
CMD_OBJ := $(CMD_SRC:%.c=$(BUILD)/%.o)
UNIT_SRC := $(sort $(wildcard tests/unit/check_*.c)) tests/unit/main.c
UNIT_OBJ := $(UNIT_SRC:%.c=$(BUILD)/%.o)
HEADERS := $(wildcard include/litsi/*.h) src/cmd.h
# Module-private headers: a change rebuilds every object (the tests include some).
PRIV_HEADERS := $(wildcard src/*/*.h) tests/fuzz/jdiff.h tests/unit/unit.h

.PHONY: all check check-unit check-cli check-meta check-hardening check-record check-zlib check-slurm check-stress check-headers lint asan valgrind validate \
	detect-bench check-detect \
	install uninstall clean bench fuzz fuzz-build style valgrind-cli
all: litsi

litsi: $(BUILD)/litsi
	@if [ "$(BUILD)" = build ]; then cp $(BUILD)/litsi litsi; fi

$(BUILD)/litsi: $(CMD_OBJ) $(BUILD)/liblitsi.a
	$(CC) $(ALL_CFLAGS) -o $@ $(CMD_OBJ) $(BUILD)/liblitsi.a $(LDLIBS_ALL)

$(BUILD)/liblitsi.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $(LIB_OBJ)

$(BUILD)/%.o: %.c $(HEADERS) $(PRIV_HEADERS) $(BUILD)/schema.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/tests/unit/%.o: tests/unit/%.c $(HEADERS) $(PRIV_HEADERS) $(BUILD)/unit_suites.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(CHECK_CFLAGS) -Wno-missing-prototypes -c -o $@ $<

$(BUILD)/schema.h: src/store/schema.sql scripts/embed-sql.sh
	@mkdir -p $(BUILD)
	sh scripts/embed-sql.sh $< > $@.tmp && mv $@.tmp $@

$(BUILD)/src/fmt/plot_gnuplot.o: $(BUILD)/plot_scripts.h

$(BUILD)/src/cmd/cmdutil.o: $(BUILD)/man_help.h

# The option lists of `litsi CMD -h`, from the man pages' OPTIONS.
$(BUILD)/man_help.h: $(wildcard man/*.1) scripts/man-help.sh
	@mkdir -p $(BUILD)
	sh scripts/man-help.sh man/*.1 > $@.tmp && mv $@.tmp $@

$(BUILD)/plot_scripts.h: $(wildcard scripts/*.gp) scripts/embed-gp.sh
	@mkdir -p $(BUILD)
	sh scripts/embed-gp.sh scripts/*.gp > $@.tmp && mv $@.tmp $@

$(BUILD)/unit_suites.h: $(wildcard tests/unit/check_*.c) scripts/unit-suites.sh
	@mkdir -p $(BUILD)
	sh scripts/unit-suites.sh tests/unit/check_*.c > $@.tmp && mv $@.tmp $@

$(BUILD)/litsi-unit: $(UNIT_OBJ) $(BUILD)/liblitsi.a
	$(CC) $(ALL_CFLAGS) -o $@ $(UNIT_OBJ) $(BUILD)/liblitsi.a $(CHECK_LIBS) $(LDLIBS_ALL)

# The build and then the suites run CHECK_JOBS at a time (default: the CPU
# count), the longest suite first (the unit suite is under ASan, where its
# differential scanner tests take most of the time); each suite's output is
# printed whole when it ends.
CHECK_JOBS ?= $(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
CHECK_SUITES = check-unit check-cli check-meta check-hardening check-zlib check-record check-detect check-slurm
check:
	@$(MAKE) --no-print-directory -j$(CHECK_JOBS) $(BUILD)/litsi $(BUILD)/litsi-unit
	@$(MAKE) --no-print-directory -j$(CHECK_JOBS) -Otarget $(CHECK_SUITES)

# The zlib build (no ISA-L): the ingest tests, database digests included, less
# the staging and thread-split cases (what they test lies after the inflater). Only
# src/parse/input.c knows the inflater (LITSI_ISAL), so that object alone is
# built again and linked with the other objects of $(BUILD), without libisal.
ZLIB_BUILD = $(BUILD)-zlib
check-zlib: $(ZLIB_BUILD)/litsi
	LITSI=$(CURDIR)/$(ZLIB_BUILD)/litsi LITSI_CLI_EXCLUDE="content-staged content-threads split-escapes" sh tests/cli/run.sh ingest/

$(ZLIB_BUILD)/input.o: src/parse/input.c $(HEADERS) $(PRIV_HEADERS)
	@mkdir -p $(ZLIB_BUILD)
	$(CC) $(filter-out -DLITSI_ISAL,$(CPPFLAGS)) $(ALL_CFLAGS) -c -o $@ $<

$(ZLIB_BUILD)/litsi: $(CMD_OBJ) $(filter-out $(BUILD)/src/parse/input.o,$(LIB_OBJ)) $(ZLIB_BUILD)/input.o
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(filter-out -lisal,$(LDLIBS_ALL))

# The detection benchmark's small mode: no false alarm, the right cause on every faulty node.
check-detect: $(BUILD)/litsi
	sh scripts/detect-bench.sh $(BUILD)/litsi "" --small

check-unit: $(BUILD)/litsi-unit
	LITSI_CORPUS=$${LITSI_CORPUS:-../shared/corpus} $(BUILD)/litsi-unit

check-cli: $(BUILD)/litsi
	LITSI=$(CURDIR)/$(BUILD)/litsi sh tests/cli/run.sh

check-meta: $(BUILD)/litsi
	LITSI=$(CURDIR)/$(BUILD)/litsi sh tests/meta/run.sh

# Crash safety (SIGKILL/SIGINT mid-ingest, SIGKILL mid-merge) and concurrency, reduced for `make check`;
# check-stress runs them in full plus a 10 M-event sample (FUZZING.md).
check-hardening: $(BUILD)/litsi
	LITSI=$(CURDIR)/$(BUILD)/litsi sh tests/stress/crash.sh
	LITSI=$(CURDIR)/$(BUILD)/litsi sh tests/stress/concurrency.sh
	LITSI=$(CURDIR)/$(BUILD)/litsi sh tests/stress/readonly.sh
	LITSI=$(CURDIR)/$(BUILD)/litsi BOMB_MB=24 BOMB_RSS_MB=$(if $(SAN),1024,200) \
		sh tests/stress/bombs.sh
	LITSI=$(CURDIR)/$(BUILD)/litsi sh tests/stress/merge-crash.sh
	LITSI=$(CURDIR)/$(BUILD)/litsi sh tests/stress/merge-signal.sh
	LITSI=$(CURDIR)/$(BUILD)/litsi sh tests/stress/prom-hosts.sh

# litsi record through stand-ins of the vendor tools (tests/data/record) and
# of their libraries (tests/record/fake_*.c, built as the libraries' sonames).
FAKE_LIBS = $(BUILD)/tests/fake/libnvidia-ml.so.1 $(BUILD)/tests/fake/librocm_smi64.so.7
check-record: $(BUILD)/litsi $(FAKE_LIBS)
	LITSI=$(CURDIR)/$(BUILD)/litsi LITSI_CORPUS=$${LITSI_CORPUS:-../shared/corpus} \
		FAKE_LIBS=$(CURDIR)/$(BUILD)/tests/fake sh tests/record/run.sh

$(BUILD)/tests/fake/libnvidia-ml.so.1: tests/record/fake_nvml.c
	@mkdir -p $(dir $@)
	$(CC) -shared -fPIC -std=c11 $(OPT) $(WARN) -Wno-missing-prototypes -o $@ $<

$(BUILD)/tests/fake/librocm_smi64.so.7: tests/record/fake_rocm_smi.c
	@mkdir -p $(dir $@)
	$(CC) -shared -fPIC -std=c11 $(OPT) $(WARN) -Wno-missing-prototypes -o $@ $<

# scripts/litsi-slurm.sh end to end against a real Slurm that the test starts
# (munged, slurmctld, slurmd on this machine); skipped when they cannot start.
check-slurm: $(BUILD)/litsi
	LITSI=$(CURDIR)/$(BUILD)/litsi sh tests/slurm/slurm.sh

check-stress: $(BUILD)/litsi
	LITSI=$(CURDIR)/$(BUILD)/litsi STRESS_MB=40 STRESS_REPEAT=25 sh tests/stress/crash.sh
	LITSI=$(CURDIR)/$(BUILD)/litsi STRESS_ROUNDS=10 sh tests/stress/concurrency.sh
	LITSI=$(CURDIR)/$(BUILD)/litsi STRESS_REPEAT=20 sh tests/stress/merge-crash.sh
	LITSI=$(CURDIR)/$(BUILD)/litsi sh tests/stress/big.sh
	LITSI=$(CURDIR)/$(BUILD)/litsi sh tests/stress/scale.sh
	LITSI=$(CURDIR)/$(BUILD)/litsi BOMB_MB=256 sh tests/stress/bombs.sh

check-headers:
	@for h in include/litsi/*.h; do \
		echo "#include \"$${h#include/}\"" | $(CC) $(CPPFLAGS) $(ALL_CFLAGS) -x c -fsyntax-only - || exit 1; \
	done; echo "headers ok"

lint:
	sh scripts/lint.sh

style:
	clang-format -i src/*.c src/*/*.c include/litsi/*.h

# Sanitized code runs several times slower: check's per-test timeouts are scaled.
asan:
	CK_TIMEOUT_MULTIPLIER=$${CK_TIMEOUT_MULTIPLIER:-10} $(MAKE) BUILD=build-asan OPT="-O1 -g -fno-omit-frame-pointer" \
		SAN="-fsanitize=address,undefined -fno-sanitize-recover=all" check

valgrind: $(BUILD)/litsi-unit
	CK_FORK=no LITSI_CORPUS=$${LITSI_CORPUS:-../shared/corpus} valgrind --leak-check=full \
		--error-exitcode=1 --errors-for-leak-kinds=definite $(BUILD)/litsi-unit

# The golden CLI tests with every litsi run under memcheck (slow; T=filter).
valgrind-cli: $(BUILD)/litsi
	printf '#!/bin/sh\nexec valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite %s "$$@"\n' \
		$(CURDIR)/$(BUILD)/litsi > $(BUILD)/litsi-vg && chmod +x $(BUILD)/litsi-vg
	LITSI=$(CURDIR)/$(BUILD)/litsi-vg sh tests/cli/run.sh $(T)

bench: $(BUILD)/litsi
	sh scripts/bench.sh $(BUILD)/litsi
	sh scripts/bench-analysis.sh $(BUILD)/litsi

# The caps validation study of VALIDATION.md (minutes; not part of check).
validate: $(BUILD)/litsi
	sh scripts/validate-caps.sh $(BUILD)/litsi $${VALIDATE_NODES:-104} $(BUILD)/validate-caps.json

# The detection and attribution benchmark of VALIDATION.md (minutes; not part of check).
detect-bench: $(BUILD)/litsi
	sh scripts/detect-bench.sh $(BUILD)/litsi $(BUILD)/detect-bench.json
	python3 scripts/detect-bench.py --summary $(BUILD)/detect-bench.json

# Fuzzing (FUZZING.md): libFuzzer harnesses built with clang under ASan+UBSan in
# build-fuzz/, each run FUZZ_SECONDS seconds; not part of `make check`.
FUZZ_TARGETS = kineto jscan rocprof rocprofv3 rocprofv3_json amdsmi rocmsmi nvsmi \
	telem_json gzip tar store textesc rocpd prom nsys dmon merge
FUZZ_SECONDS ?= 60
FUZZ_CC ?= clang
fuzz:
	$(MAKE) BUILD=build-fuzz CC=$(FUZZ_CC) WERROR= OPT="-O1 -g -fno-omit-frame-pointer" \
		SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fsanitize=fuzzer-no-link" \
		fuzz-build
	sh tests/fuzz/run.sh build-fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-build: $(FUZZ_TARGETS:%=$(BUILD)/fuzz/%)

$(BUILD)/fuzz/%: tests/fuzz/fuzz.c tests/fuzz/jdiff.h $(BUILD)/liblitsi.a $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Itests/fuzz $(ALL_CFLAGS) -fsanitize=fuzzer \
		-DFUZZ_TARGET=FUZZ_$$(echo $* | tr a-z A-Z) -o $@ $< $(BUILD)/liblitsi.a $(LDLIBS_ALL)

install: litsi
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANPREFIX)/man1 $(DESTDIR)$(MANPREFIX)/man5 \
		$(DESTDIR)$(MANPREFIX)/man7 $(DESTDIR)$(PREFIX)/share/litsi
	install -m 755 litsi $(DESTDIR)$(PREFIX)/bin/litsi
	install -m 755 scripts/litsi-slurm.sh $(DESTDIR)$(PREFIX)/bin/litsi-slurm.sh
	install -m 644 man/*.1 $(DESTDIR)$(MANPREFIX)/man1/
	install -m 644 man/*.5 $(DESTDIR)$(MANPREFIX)/man5/
	if ls man/*.7 >/dev/null 2>&1; then install -m 644 man/*.7 $(DESTDIR)$(MANPREFIX)/man7/; fi
	if ls scripts/*.gp >/dev/null 2>&1; then install -m 644 scripts/*.gp $(DESTDIR)$(PREFIX)/share/litsi/; fi

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/litsi $(DESTDIR)$(PREFIX)/bin/litsi-slurm.sh

clean:
	rm -rf build build-asan litsi
