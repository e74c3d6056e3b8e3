#!/bin/bash
# The tree sweep (make sweep, scripts/sweep.sh): every pristine 2.5.50
# file with MODULE_PARM that compiles as a module with the compat patches
# alone still compiles with the whole series.  The full sweep: about 5
# minutes from an empty $BUILD/sweep on 2 idle cores, seconds when the
# patches have not changed (results are cached by the patches' diffs).
# SWEEP=risky runs only the files where a MODULE_PARM comes before its
# variable or names none (scripts/sweep-files.py risky; about 2 minutes).
. "$(dirname "$0")/lib-test.sh"
case "${SWEEP:-all}" in
all)	what="sweep: every MODULE_PARM file that compiles before the series compiles after it"
	args= ;;
risky)	what="sweep: the MODULE_PARM-before-variable files that compile before the series compile after it"
	args=--risky ;;
*)	fail "sweep: SWEEP=$SWEEP (want all or risky)"; exit 0 ;;
esac
probe_what="sweep: a series breaking a MODULE_PARM-before-variable driver is refused"
need_tree_or_skip "$what" "sweep: the risky files are found" "$probe_what"

# The subset finder must find the known cases (it is what SWEEP=risky
# and the README's list rest on).
risky=$("$TOP/scripts/sweep-files.py" "$KSRC" risky | cut -f1)
missing=
for f in drivers/net/pcnet32.c drivers/net/b44.c drivers/net/3c59x.c drivers/net/tg3.c \
	drivers/i2c/i2c-algo-ibm_ocp.c; do
	grep -qx "$f" <<< "$risky" || missing="$missing $f"
done
if [ -z "$missing" ]; then
	pass "sweep: the risky files are found ($(echo "$risky" | wc -l) of $("$TOP/scripts/sweep-files.py" "$KSRC" all | wc -l), pcnet32 b44 3c59x tg3 i2c-algo-ibm_ocp among them)"
else
	fail "sweep: sweep-files.py risky misses$missing"
fi

echo "    ... scripts/sweep.sh $args (the full sweep: about 5 minutes on 2 idle cores, unless cached)"
out=$(mktemp)
"$TOP/scripts/sweep.sh" $args 2>&1 | tee "$out" | grep --line-buffered '^>>>' | sed -u 's/^/    /'
rc=${PIPESTATUS[0]}
tried=$(sed -n 's/^files tried: *//p' "$out")
before=$(sed -n 's/^compile before: *//p' "$out")
after=$(sed -n 's/^compile after: *//p' "$out")
broken=$(sed -n 's/^newly broken: *//p' "$out")
if [ $rc -eq 0 ] && [ "$broken" = 0 ] && [ "${before:-0}" -gt 0 ]; then
	pass "$what ($tried tried, $before before, $after after, 0 newly broken)"
elif [ -n "$broken" ]; then
	fail "$what: $broken newly broken ($tried tried, $before before, $after after):"
	sed -n '/^newly broken/,/^newly fixed/p' "$out" | sed '1d;$d' | head -40
else
	fail "$what: sweep.sh failed (rc $rc):"
	tail -n 20 "$out" | sed 's/^/    | /'
fi
rm -f "$out"

# And the sweep can fail: a probe series (the compat patches, then one
# making MODULE_PARM take its variable's address, as the first
# module-param-obsolete did) must break pcnet32.c (MODULE_PARM(debug)
# before debug) and leave eepro100.c alone.  Its own BUILD; about a minute
# the first time, seconds when nothing changed (the probe patch has no
# file times in its headers, so its results are kept, in the machine's
# cache: scripts/sweep.sh).
what=$probe_what
PB=$BUILD/sweep-probe
P=$PB/patches
# module.h as the compat patches leave it (the sweep prepares no tree
# when its results are cached): the compat patches applied to a copy of
# the files they touch (as make lint does) and of module.h.
rm -rf "$PB/compat-h"
mkdir -p "$PB/compat-h"
compat=$(series_list compat)
{ echo include/linux/module.h
  (cd "$PATCHES" && sed -n 's,^+++ [^/[:space:]]*/\([^[:space:]]*\).*,\1,p' $compat); } |
	sort -u | while read -r f; do [ -f "$KSRC/$f" ] && printf '%s\0' "$f"; done |
	(cd "$KSRC" && xargs -0 -r cp -p --parents -t "$PB/compat-h")
for p in $compat; do
	if ! patch -p1 -s --fuzz=0 -N -d "$PB/compat-h" -i "$PATCHES/$p" > "$PB/compat-h.log" 2>&1; then
		fail "$what: $p does not apply to a copy of the pristine files: $(head -3 "$PB/compat-h.log" | tr '\n' ' ')"
		exit 0
	fi
done
ref=$PB/compat-h/include/linux/module.h
mkdir -p "$P/test"
rm -f "$P/compat"
ln -s "$PATCHES/compat" "$P/compat"
{ series_list compat
  echo test/sweep-probe.patch; } > "$P/series.tmp"
mv "$P/series.tmp" "$P/series"
mkdir -p "$PB/a/include/linux" "$PB/b/include/linux"
cp "$ref" "$PB/a/include/linux/module.h"
sed 's/^#define MODULE_PARM(parm,string)$/#define MODULE_PARM(parm,string) static void *__sweep_probe_##parm __attribute__((unused)) = \&(parm)/' \
	"$ref" > "$PB/b/include/linux/module.h"
# Labels, not the files' times, in the headers: the same probe patch at
# every run, so that its results are kept (sweep.sh's keys).
(cd "$PB" && diff -u --label a/include/linux/module.h --label b/include/linux/module.h \
	a/include/linux/module.h b/include/linux/module.h) > "$P/test/sweep-probe.patch.tmp"
if [ $? -ne 1 ]; then
	fail "$what: could not make the probe patch (no '#define MODULE_PARM(parm,string)' line?)"
	exit 0
fi
mv "$P/test/sweep-probe.patch.tmp" "$P/test/sweep-probe.patch"
printf '%s\n' drivers/net/pcnet32.c drivers/net/eepro100.c > "$PB/list"
out=$(mktemp)
BUILD=$PB PATCHES_DIR=$P "$TOP/scripts/sweep.sh" --list "$PB/list" > "$out" 2>&1
rc=$?
if [ $rc -ne 0 ] && grep -q '^newly broken: *1$' "$out" &&
   grep -q '^    drivers/net/pcnet32.c: .*error' "$out" &&
   grep -q '^compile before: *2$' "$out"; then
	pass "$what ($(grep '^    drivers/net/pcnet32.c' "$out" | sed 's/^ *//' | cut -c1-100))"
else
	fail "$what: sweep.sh exited $rc:"
	tail -n 12 "$out" | sed 's/^/    | /'
fi
rm -f "$out"
