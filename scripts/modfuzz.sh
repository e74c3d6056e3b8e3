#!/bin/bash
# make fuzz-modules: the module fuzzer in the guest (doc/module-fuzz.md).
# The guest init's "fuzz" step loads MODFUZZ_RUNS damaged copies of the
# test modules (qemu-test/modfuzz.h; default 10000) and unloads what
# loads, in one boot of ARCH's kernel (built and booted as make boot
# does).  Pass: no Oops, panic, reset or hang; every refusal an errno;
# every module that loaded unloaded; MemFree at the end within
# MODFUZZ_MEMKB (default 512) of the start.  MODFUZZ_SEED=N repeats a
# run; without it a seed is drawn and printed.
#
# MODFUZZ_RESUME=yes (a census, for a kernel that is expected to die):
# after a boot that died, the input it died on is counted, and the next
# boot goes on from the input after it, until all MODFUZZ_RUNS are done.
# Prints how many died, of what, on which kind of damage.
# MODFUZZ_KERNEL=FILE boots that kernel image instead of the tree's;
# MODFUZZ_FIRST=I starts at input I (a census cut short goes on).
# MODFUZZ_FLAGS=yes damages section flags and types too (modfuzz.h's
# MF_FLAGS, the guest's "fuzz +flags"): other inputs for the same seed.
#
# Exit status 0 when the run passed (census: always, unless it could
# not run), 1 otherwise; the last lines say why.
. "$(dirname "$0")/lib.sh"
runs=${MODFUZZ_RUNS:-10000}
memkb=${MODFUZZ_MEMKB:-512}
files=${MODFUZZ_FILES:-hello.o parmtest.o oldparm.o licgpl.o}
seed=${MODFUZZ_SEED:-$(( $(od -An -N4 -tu4 /dev/urandom) % 2147483647 + 1 ))}
case "$seed" in *[!0-9]*|"") die "MODFUZZ_SEED=$seed: want a number" ;; esac
case "$runs" in *[!0-9]*|""|0) die "MODFUZZ_RUNS=$runs: want a number above 0" ;; esac
# MODFUZZ_FLAGS=yes: section flags and types damaged too (fuzz +flags)
kinds=
case "${MODFUZZ_FLAGS:-}" in
yes) kinds='+flags ' ;;
""|no) ;;
*) die "MODFUZZ_FLAGS=$MODFUZZ_FLAGS: want yes or no" ;;
esac
W=$BUILD/$ARCH/modfuzz
mkdir -p "$W"
rm -f "$W"/*.case
mfiles=
for f in $files; do mfiles="$mfiles /m/$f"; done

# case FIRST N: a case file for inputs FIRST..FIRST+N-1; its name.
mkcase() {
	local c=$W/modfuzz-$1.case
	# TCG: i386 does about 1000 inputs a second; slower guests less.
	{
		echo "# scripts/modfuzz.sh: seed $seed, inputs $1 to $(($1 + $2 - 1))"
		echo "timeout: $((60 + $2 / 20))"
		echo "step: memfree"
		echo "step: fuzz $kinds$seed $1 $2$mfiles"
		echo "step: memcheck $memkb"
		echo "expect: ^fuzz: $2 done, [0-9]+ loaded and unloaded, [0-9]+ refused, 0 failed\$"
		echo "expect: ^memcheck: lost -?[0-9]+ kB, at most $memkb kB: ok\$"
		echo "expect: ^init: done\$"
	} > "$c"
	echo "$c"
}

# boot CASE: boot.sh on one case (its log in $BUILD/$ARCH/logs).
boot() {
	# MODFUZZ_KERNEL: boot.sh boots that image instead of $TREE's
	BOOT_KERNEL=${MODFUZZ_KERNEL:-} "$TOP/scripts/boot.sh" "$1" 2>&1 |
		grep -a -E '^(PASS|FAIL): case ' | head -1
}

# console LOG: the console without its carriage returns.
console() { tr -d '\r' < "$1"; }

# last_input LOG: the index of the last input the guest started on.
last_input() {
	console "$1" | grep -a -E '^fuzz [0-9]+ ' | tail -1 | cut -d' ' -f2
}

msg "module fuzzer, $ARCH: $runs inputs from$mfiles, seed $seed${kinds:+, flags and types too} (MODFUZZ_SEED=$seed${kinds:+ MODFUZZ_FLAGS=yes} repeats it)"
t0=$(now)
first=${MODFUZZ_FIRST:-0} died=0
: > "$W/deaths"
while [ "$first" -lt "$runs" ]; do
	c=$(mkcase "$first" $((runs - first)))
	log=$BUILD/$ARCH/logs/$(basename "$c" .case).log
	verdict=$(boot "$c")
	if [ "${verdict#PASS}" != "$verdict" ]; then
		break
	fi
	last=$(last_input "$log")
	if [ -z "$last" ]; then
		echo "$verdict"
		die "the guest never started fuzzing (log $log)"
	fi
	line=$(console "$log" | grep -a -E "^fuzz $last " | tail -1)
	if grep -a -q -E 'Oops|Unable to handle|invalid operand' "$log"; then what=Oops
	elif grep -a -q 'Kernel panic' "$log"; then what=panic
	elif grep -a -q 'no shutdown within' <<< "$verdict"; then what=hang
	elif ! console "$log" | grep -a -q '^init: done'; then what=reset
	else what=other; fi
	died=$((died + 1))
	echo "$what $line" >> "$W/deaths"
	cp "$log" "$W/death-$last.log"
	if [ "${MODFUZZ_RESUME:-}" != yes ]; then
		echo "$verdict"
		console "$log" | grep -a -E 'Oops|Unable to handle|Kernel panic|^EIP is at|^fuzz [0-9]+: |^fuzz: ' | head -8 | sed 's/^/    | /'
		set -- $line
		warn "input $last of seed $seed ($3: ${4:-}) killed the guest ($what); log $W/death-$last.log"
		warn "make it again: gcc -o modfuzz-gen qemu-test/modfuzz-gen.c && ./modfuzz-gen $kinds$seed $last $BUILD/$ARCH/guest/mods/$(basename "$3") OUT"
		warn "keep it: add \"step: fuzz $kinds$seed $last 1 $3\" to qemu-test/cases/modfuzz.case"
		exit 1
	fi
	first=$((last + 1))
done
if [ "${MODFUZZ_RESUME:-}" = yes ]; then
	msg "census: $runs inputs, $died killed the guest, $(elapsed "$t0") s"
	awk '{ print $1 }' "$W/deaths" | sort | uniq -c | sort -rn
	msg "by the first kind of damage (input counts, all kinds: 'fuzz I FILE OPS' of each run's log):"
	awk '{ split($5, o, /[[@.=+]/); print o[1] }' "$W/deaths" | sort | uniq -c | sort -rn
	msg "the inputs: $W/deaths"
	exit 0
fi
console "$log" | grep -a -E '^(fuzz: |memcheck:)'
msg "seed $seed: $runs inputs, no Oops, panic, reset or hang; every refusal an errno; all that loaded unloaded ($(elapsed "$t0") s)"
