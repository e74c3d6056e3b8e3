#!/bin/bash
# Configure $TREE from kernel-config/$ARCH and build the kernel image.
# The build log goes to $BUILD/$ARCH/build.log; the time is printed.
. "$(dirname "$0")/lib.sh"

# KCONFIG names another config in kernel-config/ (the drivers test's).
cfg=$TOP/kernel-config/${KCONFIG:-$ARCH}
[ -f "$cfg" ] || die "no kernel-config/${KCONFIG:-$ARCH}"
[ -d "$TREE" ] || die "no tree $TREE: run make tree"
arch_need
need_tools "$arch_cc:$arch_pkg${arch_cc_build:+, then ${arch_cc_build#$TOP/}}" make:make bc:bc
image=$arch_image imagefile=$arch_imagefile
# The compiler with the arch's flags (i386: gcc -m32, which some installs
# refuse without the 32-bit libgcc/crt): check once.
if ! echo 'int x;' | $arch_cc $arch_init_cflags -c -xc - -o /dev/null 2>/dev/null; then
	die "$arch_cc $arch_init_cflags does not work; install with: apt-get install $arch_pkg"
fi

log=$BUILD/$ARCH/build.log
if ! cmp -s "$cfg" "$TREE/.config.harness"; then
	cp "$cfg" "$TREE/.config"
	cp "$cfg" "$TREE/.config.harness"
	if ! kmake oldconfig < /dev/null > "$BUILD/$ARCH/oldconfig.log" 2>&1; then
		cat "$BUILD/$ARCH/oldconfig.log" >&2
		die "make oldconfig failed"
	fi
	if grep -q '(NEW)' "$BUILD/$ARCH/oldconfig.log"; then
		grep '(NEW)' "$BUILD/$ARCH/oldconfig.log" >&2
		die "kernel-config/${KCONFIG:-$ARCH} is incomplete: oldconfig asked questions"
	fi
fi
# A build that would change nothing is not run (kbuild takes half a
# minute or more to find that out): $TREE/.harness-built says what the
# last good build was made from, with the number of files in the tree
# then.  The same inputs, the same number of files (none removed), no
# file newer than it (an edit, a quilt push or pop) and the image there:
# nothing to do.
built=$TREE/.harness-built
inputs() {
	echo "build-kernel 1: $image, kmake ${kmake_args[*]}"
	echo "config ${KCONFIG:-$ARCH} $(sha1sum < "$cfg")"
	script_sums build-kernel.sh lib.sh arch/$ARCH.sh arch/${KCONFIG:-$ARCH}.sh
	toolchain_id "$arch_cc"
	echo "files $(find "$TREE" -type f ! -name '.harness-*' | wc -l)"
}
if [ -f "$built" ] && [ -f "$TREE/$imagefile" ] && [ -z "$(tree_newer "$built")" ] &&
   [ "$(inputs)" = "$(cat "$built")" ]; then
	msg "$image for $ARCH is up to date: nothing in $TREE changed since its build (.harness-built)"
	exit 0
fi
rm -f "$built"
msg "building $image for $ARCH ($JOBS jobs), log in $log"
t0=$(now)
if ! kmake -j"$JOBS" $image > "$log" 2>&1; then
	grep -E 'error|Error' "$log" | head -40 >&2
	die "kernel build failed after $(elapsed "$t0") s (log: $log)"
fi
inputs > "$built.tmp" && mv "$built.tmp" "$built"
msg "kernel built in $(elapsed "$t0") s: $(ls -l "$TREE/$imagefile" | awk '{print $5}') bytes $imagefile"
