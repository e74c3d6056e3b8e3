# Linux 2.5.50 module-support series: patch, build, boot-test under QEMU.
#
#   make boot    patch a copy of $(KSRC), build it, boot the default case
#   make check   every test, as KTAP; ends with "N passed, N failed, N skipped"
#   make help    the other targets
#
# KSRC is the pristine 2.5.50 tree; it is only ever read.

KSRC	?= /work/linux-2.5.50
BUILD	?= $(CURDIR)/build
ARCH	?= i386
CASE	?= qemu-test/cases/boot.case

export KSRC BUILD ARCH
# make boot APPEND="foo.bar=1 ...": words for the command line; QEMU_OPTS='-smp 2':
# more QEMU options; V=1: print each QEMU command line; GDB=1: QEMU waits for
# gdb-multiarch on GDB_PORT (1234); BOOT_JOBS=N: cases booted at a time
# (default: the CPUs) (scripts/boot.sh)
export APPEND QEMU_OPTS V GDB GDB_PORT BOOT_JOBS

TREE	:= $(BUILD)/$(ARCH)/linux-2.5.50
S	:= scripts

.PHONY: all boot check tree kernel init modules cases unpatch clean help shell

all: boot

help:
	@echo 'make boot      patch, build and boot $(CASE) (ARCH=$(ARCH)); the same as make all'
	@echo 'make check     all tests: a KTAP document, ending with "N passed, N failed, N skipped"'
	@echo '               ARCHES="ppc64 sparc64": only those arches'"'"' tests; SHARD=K/N: the K-th of N shares (doc/ci-matrix.md)'
	@echo 'make shell     boot a busybox guest with a shell on this terminal (i386; APPEND= too)'
	@echo 'make tree      copy KSRC to $(TREE) and quilt push -a'
	@echo 'make kernel    tree + configure from kernel-config/$$ARCH + build'
	@echo 'make modules   kernel + the test modules (qemu-test/modules)'
	@echo 'make init      the guest /sbin/init (qemu-test/init.c)'
	@echo 'make cases     boot every qemu-test/cases/*.case'
	@echo 'make drivers   i386: real drivers as modules (kernel-config/i386-drivers, own tree), boot qemu-test/drivers/*.case'
	@echo 'make bench     instructions: parse_args() against the seed'"'"'s (callgrind; make bench-params), and each'
	@echo '               module'"'"'s load and removal, series against 2.5.50'"'"'s loader (-icount; make bench-modules) (doc/bench.md)'
	@echo 'make fuzz      libFuzzer over kernel/params.c (FUZZ_RUNS, default 10 million;'
	@echo '               FUZZ_TARGET=modinfo: the loader'"'"'s .modinfo reading; FUZZ_TARGET=elf: its ELF checks)'
	@echo 'make fuzz-modules  10000 damaged modules loaded in the guest (MODFUZZ_RUNS, MODFUZZ_SEED; doc/module-fuzz.md)'
	@echo 'make unpatch   quilt pop -a and diff the build tree against KSRC'
	@echo 'make refresh   push the series a patch at a time, quilt refresh each that needs an offset'
	@echo 'make clean     remove $(BUILD)'
	@echo 'make mail      mbox of the feature series (MAIL_TO=, MAIL_CC=, MAIL_FROM=, MAILFLAGS=--signoff)'
	@echo 'make lint      feature series: headers, clean apply, i386 build after each patch (slow)'
	@echo 'make sweep     every pristine MODULE_PARM file: compiles before the series => after (SWEEPFLAGS=--risky: subset)'
	@echo 'make allmodules  i386: every module of the tree (allmodconfig) loaded by modprobe, series vs compat-only (doc/allmodules.md)'
	@echo 'make allmodules-build  i386: only their build, both kernels (lists in $(BUILD)/allmodules)'
	@echo 'make help      this list'
	@echo 'Boot variables: APPEND="w ..." (words for the command line, checked to reach /proc/cmdline),'
	@echo '  QEMU_OPTS="-smp 2" (more QEMU options), V=1 (print the QEMU command line),'
	@echo '  GDB=1 (QEMU waits for gdb-multiarch on GDB_PORT, 1234, and says how to attach),'
	@echo '  BOOT_JOBS=N (cases booted at a time; default the CPUs, 1 with GDB=1)'
	@echo 'Variables: KSRC=$(KSRC) BUILD=$(BUILD) ARCH=$(ARCH)'

tree:
	@$(S)/prepare-tree.sh

kernel: tree
	@$(S)/build-kernel.sh

init:
	@$(S)/build-guest.sh init

modules: kernel
	@$(S)/build-guest.sh modules

boot: modules init
	@$(S)/boot.sh $(CASE)

# An interactive busybox shell in the guest (doc/shell.md),
# where scripts/arch/$(ARCH).sh says there is one: said before anything is built.
shell:
	@bash -c '. $(S)/lib.sh && arch_load && [ "$$arch_shell" = yes ]' 2>/dev/null || { echo '*** error: make shell: no busybox guest for $(ARCH) (scripts/arch/$(ARCH).sh has no arch_shell); it keeps the libc-free init (doc/shell.md)' >&2; exit 1; }
	@$(MAKE) --no-print-directory modules init
	@$(S)/shell.sh

cases: modules init
	@$(S)/boot.sh qemu-test/cases/*.case

# Real 2.5.50 drivers as modules, in their own tree (doc/drivers.md).
.PHONY: drivers
drivers:
	@ARCH=i386 $(S)/build-drivers.sh
	@ARCH=i386 BUILD=$(BUILD)/i386-drivers $(S)/boot.sh qemu-test/drivers/*.case

# make check ARCHES="ppc64 sparc64": only those arches' units; SHARD=K/N:
# the K-th of N shares (doc/ci-matrix.md); CHECK_TIMES: the figures
# SHARD's cut is balanced by (default scripts/check.times).
export ARCHES SHARD CHECK_TIMES
check:
	@$(S)/check.sh

unpatch:
	@$(S)/unpatch.sh

.PHONY: refresh
refresh:
	@$(S)/refresh-series.sh

clean:
	rm -rf $(BUILD)

# Mail the feature series upstream; lint it first (doc/mail.md).
.PHONY: mail lint
mail:
	@$(S)/mail-series.py $(MAILFLAGS)

lint:
	@$(S)/lint-series.sh $(LINTFLAGS)

.PHONY: fuzz
fuzz:
	@$(S)/fuzz.sh

# The module fuzzer in the guest (doc/module-fuzz.md): MODFUZZ_RUNS
# damaged modules (10000), MODFUZZ_SEED to repeat a run.
.PHONY: fuzz-modules
fuzz-modules: modules init
	@$(S)/modfuzz.sh

# parse_args() against the seed's, in instructions; then every module's
# load and removal, the series' loader against 2.5.50's, under -icount
# (doc/bench.md).
.PHONY: bench bench-params bench-modules
bench: bench-params bench-modules
bench-params:
	@$(S)/bench.sh
bench-modules:
	@ARCH=i386 $(S)/bench-modules.sh

# Every module of the tree, built and loaded (doc/allmodules.md).
.PHONY: allmodules allmodules-build
allmodules:
	@ARCH=i386 $(S)/allmodules.sh
allmodules-build:
	@ARCH=i386 $(S)/build-allmodules.sh

# Tree sweep (doc/sweep.md): compat-only tree vs whole series.
.PHONY: sweep
sweep:
	@$(S)/sweep.sh $(SWEEPFLAGS)
