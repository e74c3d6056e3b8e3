#!/bin/bash
# make check's output is KTAP (scripts/check.sh, scripts/ktap.py): run
# check.sh over made-up test scripts whose results are known (passes,
# failures, skips, an expected failure, one that exits 1 without a
# FAIL line, one that says nothing (and calls a helper that does not
# exist), one that hits a shell error, a "#" in a description, output
# that looks like TAP, one of tests/lib-test.sh whose FAIL comes from a
# subshell, one that prints a FAIL line and exits 0 all the same), then
# read the document back three ways: the
# printed totals, scripts/ktap.py parse (and its JSON), and Debian's
# prove (perl's TAP::Harness, a TAP 13 consumer: it sees the top
# level, one test per script).  Each must give the counts the scripts
# printed.  Then the verdict's path is shown to fail: a crash after a
# FAIL line, a shell error, an exit 1 with no FAIL line, a case whose
# expect is not met: each a failure counted, make check's status 1.
. "$(dirname "$0")/lib-test.sh"
tmp=$(mktemp -d)
on_exit 'rm -rf "$tmp"'

# name, then the lines of a script's body.
mk() {
	local f=$tmp/t/$1
	shift
	printf '#!/bin/bash\n' > "$f"
	printf '%s\n' "$@" >> "$f"
	chmod +x "$f"
}
mkdir -p "$tmp/t" "$tmp/ok"
mk 10-mixed.sh 'echo "PASS: one"' 'echo "some output"' 'echo "ok 7 looks like TAP"' \
	'echo "PASS: issue #3 # not a directive"' 'echo "FAIL: two: it broke"' \
	'echo "SKIP: three: no tool"' 'echo "XFAIL: four: known bug, reported"' 'no_such_helper2 x' 'echo'
mk 20-exit.sh 'echo "PASS: before the crash"' 'exit 1'
mk 30-quiet.sh 'no_such_helper' 'exit 0'
mk 40-skips.sh 'echo "SKIP: a: why"' 'echo "SKIP: b"'
mk 50-libtest.sh ". $(printf %q "$TOP/tests/lib-test.sh")" 'pass "five"' '( fail "six: in a subshell" )' 'exit 0'
mk 60-zero.sh 'echo "FAIL: seven: said so"' 'exit 0'
want="pass:4 fail:7 xfail:1 skip:3"
CHECK_TESTS=$tmp/t BUILD=$tmp/b "$TOP/scripts/check.sh" > "$tmp/o" 2>&1
rc=$?
last=$(tail -1 "$tmp/o")
if [ $rc -ne 0 ] && [ "$last" = "4 passed, 7 failed, 3 skipped, 1 xfailed" ]; then
	pass "ktap: make check's last line counts what the scripts said ($last), exit $rc"
else
	fail "ktap: make check's last line '$last', exit $rc; want '4 passed, 7 failed, 3 skipped, 1 xfailed', non-zero"
fi
if back=$(head -n -1 "$tmp/o" | python3 "$TOP/scripts/ktap.py" parse - --json "$tmp/j" 2>&1) &&
   [ "$back" = "$want" ] &&
   python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); t = j["tests"]
assert [x["name"] for x in t] == ["10-mixed.sh", "20-exit.sh", "30-quiet.sh", "40-skips.sh",
    "50-libtest.sh", "60-zero.sh"], t
assert [x["result"] for x in t] == ["not ok", "not ok", "not ok", "ok", "not ok", "not ok"]
assert [x["name"] for x in t[4]["subtests"]] == ["five", "six: in a subshell"], t[4]
assert [x["name"] for x in t[5]["subtests"]] == ["seven: said so",
    "60-zero.sh: exited 0 after 1 FAIL line(s) (no lib-test.sh EXIT trap?)"], t[5]
assert t[3]["directive"] == "SKIP"
assert [x["name"] for x in t[2]["subtests"]] == ["30-quiet.sh: said nothing (no PASS, FAIL, SKIP or XFAIL line)"], t[2]
m = t[0]["subtests"]
assert [(x["name"], x["result"], x["directive"]) for x in m] == [("one", "ok", None),
    ("issue #3 # not a directive", "ok", None), ("two: it broke", "not ok", None),
    ("three", "ok", "SKIP"), ("four", "ok", "XFAIL"),
    ("10-mixed.sh: a shell error: 9: no_such_helper2: command not found", "not ok", None)], m
assert m[4]["diagnostic"] == "known bug, reported"' "$tmp/j" 2> "$tmp/err" &&
   cmp -s <(head -n -1 "$tmp/o") "$tmp/b/check.ktap" &&
   [ "$(python3 "$TOP/scripts/ktap.py" parse "$tmp/b/check.ktap")" = "$want" ] &&
   python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["counts"] == json.load(open(sys.argv[2]))["counts"]' "$tmp/j" "$tmp/b/check.json"
then
	pass "ktap: scripts/ktap.py reads make check's output back: $back, the tree of results as written; check.sh's check.ktap and check.json hold the same"
else
	fail "ktap: scripts/ktap.py reads back '$back', want '$want' ($(tail -2 "$tmp/err" | tr '\n' ' '))"
fi
head -3 "$tmp/o" > "$tmp/head"
if [ "$(sed -n 1p "$tmp/head")" = "KTAP version 1" ] && [ "$(sed -n 2p "$tmp/head")" = "1..6" ] &&
   grep -qx '# Totals: pass:4 fail:7 xfail:1 xpass:0 skip:3 error:0' "$tmp/o" &&
   grep -qx '  ok 5 four # XFAIL known bug, reported' "$tmp/o" &&
   grep -qx '  ok 4 three # SKIP no tool' "$tmp/o" &&
   grep -qx '  not ok 2 20-exit.sh: exited with 1' "$tmp/o" &&
   ! grep -v '^ *\(KTAP version 1\|1\.\.[0-9]*\|\(not \)\?ok [0-9].*\|#.*\)$' "$tmp/o" | grep -vqx '4 passed, 7 failed, 3 skipped, 1 xfailed'; then
	pass "ktap: version line, plan, results, XFAIL and SKIP directives, Totals; every other line a '#' diagnostic but the last"
else
	fail "ktap: not the KTAP lines expected: $(grep -v '^ *#' "$tmp/o" | head -12 | tr '\n' '|')"
fi
# The summary gives each script's seconds, slowest first, so that a
# slow step shows (and check.times holds the same).
sum=$(sed -n '/^# seconds per script, slowest first/,/^# make check took/p' "$tmp/o" |
	sed '1d;$d' | awk '{ print $3 }' | sort | tr '\n' ' ')
secs=$(sed -n '/^# seconds per script, slowest first/,/^# make check took/p' "$tmp/o" | sed '1d;$d' | awk '{ print $2 }')
if [ "$sum" = "10-mixed.sh 20-exit.sh 30-quiet.sh 40-skips.sh 50-libtest.sh 60-zero.sh " ] &&
   [ "$secs" = "$(echo "$secs" | sort -g -r)" ] && [ "$(wc -l < "$tmp/b/check.times")" = 6 ]; then
	pass "ktap: the summary lists the 6 scripts' seconds, slowest first"
else
	fail "ktap: the summary's seconds per script: '$sum' ($(echo $secs))"
fi
# tests/lib-test.sh's verdict: a script that printed a FAIL line exits 1,
# whoever printed it (fail() in a subshell or a pipeline, a child
# process) and whatever it exits with; one that did not exits with its
# own status; on_exit commands run at exit, in order, before the
# verdict; a bare wait does not wait for lib-test.sh's filter; every
# line reaches the output as it was, and nothing more.
# lt NAME BODY...: a script that sources lib-test.sh, run: $out, $rc.
lt() {
	local f=$tmp/lt/$1
	shift
	mkdir -p "$tmp/lt"
	{ printf '#!/bin/bash\n. %q\n' "$TOP/tests/lib-test.sh"; printf '%s\n' "$@"; } > "$f"
	chmod +x "$f"
	# its shell errors are its own, not this script's
	out=$(SHELL_ERRORS= timeout 60 "$f" 2>&1)
	rc=$?
}
bad=
lt fail0 'pass a' 'fail b' 'pass c' 'exit 0'
[ $rc = 1 ] && [ "$out" = $'PASS: a\nFAIL: b\nPASS: c' ] || bad="$bad fail-then-exit-0:$rc"
lt subshell 'pass a' '( fail b )'
[ $rc = 1 ] || bad="$bad subshell:$rc"
lt pipeline 'echo x | while read -r l; do fail "c $l"; done'
[ $rc = 1 ] || bad="$bad pipeline:$rc"
lt child 'pass a' 'python3 -c "print(\"FAIL: from a child\")"' 'sh -c "echo FAIL: from sh" | cat'
[ $rc = 1 ] && [ "$out" = $'PASS: a\nFAIL: from a child\nFAIL: from sh' ] || bad="$bad child:$rc"
lt clean 'pass a' 'skip b: why' 'xfail c: known' 'echo "    | FAIL: quoted"' 'echo "not a FAIL: line"'
[ $rc = 0 ] && [ "$(echo "$out" | wc -l)" = 5 ] || bad="$bad no-fail:$rc"
lt own 'pass a' 'exit 3'
[ $rc = 3 ] || bad="$bad exit-3:$rc"
lt died 'pass a' 'die "broken"'
[ $rc = 2 ] && [[ $out == *"error: broken"* ]] || bad="$bad die:$rc"
lt failcrash 'fail a' 'exit 3'
[ $rc = 3 ] || bad="$bad fail-then-exit-3:$rc"
lt shellerr 'pass a' 'no_such_helper3 x' 'pass b'
[ $rc = 2 ] && [[ $out == *"line 4: no_such_helper3: command not found"* ]] || bad="$bad shell-error:$rc"
lt onexit 'd=$(mktemp -d)' 'echo "$d" > "$(dirname "$0")/onexit.dir"' \
	'on_exit "echo first"' 'on_exit '"'"'echo second; rm -rf "$d"'"'"'' \
	'on_exit "fail from on_exit"' 'pass a'
[ $rc = 1 ] && [ "$out" = $'PASS: a\nfirst\nsecond\nFAIL: from on_exit' ] &&
	! [ -e "$(cat "$tmp/lt/onexit.dir")" ] || bad="$bad on_exit:$rc"
# A bare wait, as boot_wait's, waits for the script's jobs, not for the
# filter (bash 5 waits for a process substitution too: it hung).
lt wait 'wait' 'sleep 0.1 & wait' 'pass waited'
[ $rc = 0 ] && [ "$out" = "PASS: waited" ] || bad="$bad bare-wait:$rc"
lt long 'seq 20000' 'pass end'
[ $rc = 0 ] && [ "$(echo "$out" | wc -l)" = 20001 ] && [ "$(echo "$out" | sed -n 12345p)" = 12345 ] ||
	bad="$bad long:$rc"
if [ -z "$bad" ]; then
	pass "lib-test.sh: a FAIL line (fail(), a subshell's, a pipeline's, a child's, an on_exit command's) makes the script exit 1 even after exit 0; none: its own status (0, 3; 1 becomes 2: die); a shell error: 2; on_exit runs in order; a bare wait returns; output intact (20001 lines)"
else
	fail "lib-test.sh's exit status:$bad"
fi

# Every test script's exit status is lib-test.sh's verdict: each
# sources it first thing (its EXIT trap) and sets no EXIT trap of its
# own (that would replace the verdict; on_exit is the way).
bad=
for t in "$TOP"/tests/[0-9][0-9]-*.sh; do
	first=$(grep -v -e '^#' -e '^$' "$t" | head -1)
	[ "$first" = '. "$(dirname "$0")/lib-test.sh"' ] || bad="$bad $(basename "$t"):source"
	grep -q -E '^[^#]*\btrap\b.*\bEXIT\b' "$t" && bad="$bad $(basename "$t"):trap"
done
if [ -z "$bad" ]; then
	pass "lib-test.sh: every tests/NN-*.sh sources it first and keeps its EXIT trap (its exit status is the verdict)"
else
	fail "lib-test.sh: test scripts whose exit status is not lib-test.sh's verdict:$bad"
fi

# Broken documents are refused, not counted.
printf 'KTAP version 1\n1..2\nok 1 a\n' > "$tmp/short"
printf 'KTAP version 1\n1..1\nok 2 a\n' > "$tmp/number"
printf 'ok 1 a\n' > "$tmp/noversion"
printf 'KTAP version 1\n1..1\nok 1 a\n# Totals: pass:2 fail:0\n' > "$tmp/totals"
bad=
for f in short number noversion totals; do
	python3 "$TOP/scripts/ktap.py" parse "$tmp/$f" > /dev/null 2>&1 && bad="$bad $f"
done
if [ -z "$bad" ]; then
	pass "ktap: scripts/ktap.py refuses a short plan, a wrong number, no version line, wrong totals"
else
	fail "ktap: scripts/ktap.py takes broken documents:$bad"
fi
# prove, a TAP 13 consumer: one test per script at the top level.
if ! command -v prove > /dev/null; then
	skip "ktap: prove: not installed (apt-get install perl)"
else
	prove -v --exec cat "$tmp/b/check.ktap" > "$tmp/prove" 2>&1
	prc=$?
	mk 10-good.sh 'echo "PASS: fine"' 'echo "SKIP: later: not here"'
	mv "$tmp/t/10-good.sh" "$tmp/ok/"
	CHECK_TESTS=$tmp/ok BUILD=$tmp/b2 "$TOP/scripts/check.sh" > /dev/null 2>&1
	prove --exec cat "$tmp/b2/check.ktap" > "$tmp/prove2" 2>&1
	prc2=$?
	if [ $prc -ne 0 ] && grep -q 'Failed 5/6 subtests' "$tmp/prove" &&
	   grep -q 'less 1 skipped subtest: 0 okay' "$tmp/prove" && ! grep -qi 'parse errors' "$tmp/prove" &&
	   [ $prc2 = 0 ] && grep -q 'Result: PASS' "$tmp/prove2"; then
		pass "ktap: prove reads the document: 6 scripts, 5 not ok (10-mixed, 20-exit, 30-quiet, 50-libtest, 60-zero), 40-skips skipped; a passing run is PASS"
	else
		fail "ktap: prove (exit $prc, $prc2): $(grep -iE 'failed|parse|result|skipped' "$tmp/prove" "$tmp/prove2" | head -4 | tr '\n' ' ')"
	fi
fi

# make check's shares (doc/ci-matrix.md): ARCHES= and SHARD=K/N over
# made-up scripts, one of them run a part per arch (as tests/60), one of
# an arch of its own ("# check-arch:").  The shares of SHARD=1/3..3/3
# have no unit in common and all of them together; ktap.py merge of
# their documents gives the whole run's tests and totals; ARCHES keeps
# its arches' units; an arch no scripts/arch/*.sh describes is refused,
# with the list of those that are.
S=$tmp/share
mkdir -p "$S/t"
sh_mk() { local f=$S/t/$1; shift; printf '#!/bin/bash\n' > "$f"; printf '%s\n' "$@" >> "$f"; chmod +x "$f"; }
sh_mk 10-a.sh 'echo "PASS: a one"' 'echo "SKIP: a two: no tool"'
sh_mk 20-b.sh '# check-arch: ia64' 'echo "PASS: b one"' 'echo "XFAIL: b two: known"'
sh_mk 30-c.sh '# check-units: yes' \
	'if [ -n "$CHECK_LIST_UNITS" ]; then printf "%s\n" "ppc ppc" "sparc64 sparc64" "shared i386"; exit 0; fi' \
	'echo "PASS: c $CHECK_UNIT"' '[ "$CHECK_UNIT" != ppc ] || { echo "FAIL: c ppc2: broke"; exit 1; }'
sh_mk 40-d.sh 'echo "PASS: d one"' 'echo "PASS: d two"'
printf '%s\n' '50 10-a.sh' '40 30-c.sh:ppc' '30 30-c.sh:sparc64' '20 40-d.sh' > "$S/times"
# top NAME...: the names of the units a document ran, one a line
top() { sed -n -E 's/^(not )?ok [0-9]+ ([^ ]*).*/\2/p' "$@"; }
CHECK_TESTS=$S/t BUILD=$S/all "$TOP/scripts/check.sh" > "$S/all.o" 2>&1
whole=$(top "$S/all/check.ktap" | tr '\n' ' ')
docs= bad=
for k in 1 2 3; do
	CHECK_TESTS=$S/t BUILD=$S/s$k SHARD=$k/3 CHECK_TIMES=$S/times "$TOP/scripts/check.sh" > "$S/s$k.o" 2>&1
	docs="$docs $S/s$k/check.ktap"
	[ -n "$(top "$S/s$k/check.ktap")" ] || bad="$bad shard-$k-empty"
	grep -q "^# Share: units=[0-9]*/6 set=.* shard=$k/3 arches=all$" "$S/s$k/check.ktap" || bad="$bad share-line-$k"
done
units=$(top $docs | sort | tr '\n' ' ')
dups=$(top $docs | sort | uniq -d | tr '\n' ' ')
python3 "$TOP/scripts/ktap.py" merge $docs > "$S/merged" 2> "$S/merge.err"
mrc=$?
# the tests' lines of a document, without the seconds
tests_of() { sed -n '/^# 10-a.sh$/,/^# Totals:/p' "$1" | grep -v '^# [^ ]* took [0-9.]* s$'; }
if [ "$whole" = "10-a.sh 20-b.sh 30-c.sh:ppc 30-c.sh:shared 30-c.sh:sparc64 40-d.sh " ] &&
   [ "$units" = "$whole" ] && [ -z "$dups" ] && [ -z "$bad" ]; then
	pass "check: SHARD=1/3, 2/3, 3/3: no unit in two shares, every unit of the whole run in one (a part per arch of a check-units script: $whole)"
else
	fail "check: SHARD=K/3's units: '$units' (duplicated: '$dups'$bad), the whole run's '$whole'"
fi
if [ $mrc = 1 ] && [ "$(tail -1 "$S/merged")" = "$(tail -1 "$S/all.o")" ] &&
   [ "$(tail -1 "$S/merged")" = "7 passed, 1 failed, 1 skipped, 1 xfailed" ] &&
   cmp -s <(tests_of "$S/merged") <(tests_of "$S/all/check.ktap") &&
   [ "$(python3 "$TOP/scripts/ktap.py" parse "$S/merged")" = "$(python3 "$TOP/scripts/ktap.py" parse "$S/all/check.ktap")" ]; then
	pass "check: ktap.py merge of the 3 shards' documents: the whole run's tests, totals and last line ($(tail -1 "$S/merged")), exit 1 for its FAIL"
else
	fail "check: the merged shards (exit $mrc, $(head -2 "$S/merge.err" | tr '\n' ' ')): '$(tail -1 "$S/merged")', the whole run: '$(tail -1 "$S/all.o")'; $(diff <(tests_of "$S/merged") <(tests_of "$S/all/check.ktap") | head -6 | tr '\n' '|')"
fi
python3 "$TOP/scripts/ktap.py" merge "$S/s1/check.ktap" "$S/s3/check.ktap" > /dev/null 2> "$S/m2.err"
m2=$?
python3 "$TOP/scripts/ktap.py" merge $docs "$S/s2/check.ktap" > /dev/null 2> "$S/m3.err"
m3=$?
if [ $m2 = 2 ] && grep -q "of the run's 6 units.*a share is missing" "$S/m2.err" &&
   [ $m3 = 2 ] && grep -q 'is in .*s2/check.ktap and in .*s2/check.ktap' "$S/m3.err"; then
	pass "check: ktap.py merge refuses a missing share and a share given twice"
else
	fail "check: ktap.py merge of 2 of 3 shares: exit $m2 ($(cat "$S/m2.err")); of a share twice: exit $m3 ($(cat "$S/m3.err"))"
fi
CHECK_TESTS=$S/t BUILD=$S/a ARCHES="ppc sparc64" "$TOP/scripts/check.sh" > "$S/a.o" 2>&1
arc=$?
CHECK_TESTS=$S/t BUILD=$S/i ARCHES=$(base_arch) "$TOP/scripts/check.sh" > "$S/i.o" 2>&1
CHECK_TESTS=$S/t BUILD=$S/x ARCHES="ppc nosucharch" "$TOP/scripts/check.sh" > "$S/x.o" 2>&1
xrc=$?
known=$(known_arches | tr '\n' ' ')
if [ $arc = 1 ] && [ "$(top "$S/a/check.ktap" | tr '\n' ' ')" = "30-c.sh:ppc 30-c.sh:sparc64 " ] &&
   [ "$(tail -1 "$S/a.o")" = "2 passed, 1 failed, 0 skipped" ] &&
   grep -q '^# \*\*\* a share of make check (ARCHES=ppc sparc64 SHARD=all): 2 of its 6 units;' "$S/a.o" &&
   [ "$(top "$S/i/check.ktap" | tr '\n' ' ')" = "10-a.sh 30-c.sh:shared 40-d.sh " ] &&
   [ $xrc = 2 ] && grep -qF "unknown arch nosucharch (known: ${known% }; scripts/arch/*.sh)" "$S/x.o" &&
   ! [ -e "$S/x/check.ktap" ]; then
	pass "check: ARCHES=\"ppc sparc64\" runs those arches' parts only, ARCHES=$(base_arch) the rest; ARCHES=nosucharch is refused, naming the known arches ($known)"
else
	fail "check: ARCHES: ppc sparc64 ran '$(top "$S/a/check.ktap" | tr '\n' ' ')' (exit $arc), $(base_arch) '$(top "$S/i/check.ktap" | tr '\n' ' ')'; nosucharch: exit $xrc, $(head -2 "$S/x.o" | tr '\n' ' ')"
fi

# One run of check.sh over two kinds of scripts.  A script that
# replaces a "device" (here a symlink of our own named in
# CHECK_DEV_FILES, as objcopy once replaced /dev/stdout) fails, though
# its own lines all pass; the untouched one beside it does not.  And
# the verdict's path can fail: scripts of tests/lib-test.sh that crash
# after a FAIL line (exit 3), hit a shell error, or pass on the line of
# a case (scripts/run_cases.py, its emulator a shell script) whose
# expectation is not met; and one without lib-test.sh that exits 1
# with no FAIL line.  Each is a failure in the counts that
# scripts/ktap.py report gives, named, and make check exits 1.
V=$tmp/dev
mkdir -p "$V/t"
ln -s /proc/self/fd/1 "$V/stdout"
ln -s /proc/self/fd/2 "$V/stderr"
printf '#!/bin/bash\necho "PASS: harmless"\n' > "$V/t/10-fine.sh"
printf '#!/bin/bash\necho "PASS: looks fine"\nrm -f %q; echo x > %q\n' "$V/stdout" "$V/stdout" > "$V/t/20-clobber.sh"
lib=$(printf %q "$TOP/tests/lib-test.sh")
printf '#!/bin/bash\n. %s\nfail "a: broke"\nexit 3\n' "$lib" > "$V/t/30-crash.sh"
printf '#!/bin/bash\n. %s\npass "b"\nno_such_helper4\npass "b2"\n' "$lib" > "$V/t/40-shellerr.sh"
printf '#!/bin/bash\necho "PASS: c"\nexit 1\n' > "$V/t/50-exit1.sh"
want="5 passed, 5 failed, 0 skipped"
if command -v mke2fs > /dev/null && command -v debugfs > /dev/null; then
	printf 'step: echo hi\nexpect: ^never printed$\n' > "$V/never.case"
	printf '#!/bin/sh\necho "Linux version 2.5.50"\necho init: done\n' > "$V/emu"
	: > "$V/kernel"
	printf '#!/bin/bash\n. %s\n(cd "$TOP/scripts" && python3 -m run_cases boot --kernel %q --init %q --qemu %q --logdir %q %q) | case_lines verdict\n' \
		"$lib" "$V/kernel" "$V/kernel" "$V/emu" "$V/logs" "$V/never.case" > "$V/t/60-case.sh"
	want="5 passed, 6 failed, 0 skipped"
fi
chmod +x "$V/emu" "$V/t/"*.sh 2> /dev/null
CHECK_DEV_FILES="$V/stdout $V/stderr" CHECK_TESTS=$V/t BUILD=$V/b \
	"$TOP/scripts/check.sh" > "$V/o" 2>&1
rc=$?
k=$V/b/check.ktap
if [ $rc = 1 ] &&
   grep -q "^  not ok 2 20-clobber.sh: changed the host's $V/stdout: regular file (was: $V/stdout: symbolic link)" "$k" &&
   ! grep -q 'not ok.*10-fine' "$k"; then
	pass "check: a script that turns a /dev symlink into a regular file fails, saying which and what it was"
else
	fail "check: a replaced /dev file not caught (exit $rc): $(grep -a 'not ok' "$k" | head -2 | tr '\n' ' ')$(tail -1 "$V/o")"
fi
if [ $rc = 1 ] && [ "$(tail -1 "$V/o")" = "$want" ] &&
   grep -qx '  not ok 2 30-crash.sh: exited with 3' "$k" &&
   grep -qx '  not ok 3 40-shellerr.sh: exited with 2: a shell error: 4: no_such_helper4: command not found' "$k" &&
   grep -qx '  not ok 2 50-exit1.sh: exited with 1' "$k" &&
   { ! [ -e "$V/t/60-case.sh" ] || grep -q "^  not ok 1 verdict case never (.*): expected '\^never printed\$'" "$k"; } &&
   grep -qx '# FAIL: 30-crash.sh: exited with 3' "$k"; then
	pass "check: a crash after a FAIL (exit 3), a shell error, an exit 1 without FAIL$([ -e "$V/t/60-case.sh" ] && echo ", a case whose expect is not met"): each a failure counted ($want), make check exits 1"
else
	fail "check: the verdict's failures (exit $rc, '$(tail -1 "$V/o")', want '$want'): $(grep 'not ok' "$k" | head -6 | tr '\n' '|')"
fi
exit 0
