#!/bin/bash
# The newcomer's way in: make help names every target of the Makefile;
# the README stays a short page (at most 250 lines) with a table of
# contents whose sections it has; every doc/*.md, tests/*, scripts/*
# path the README, the Makefile, the scripts and the tests name exists.
. "$(dirname "$0")/lib-test.sh"

targets=$(make -pRrq -f "$TOP/Makefile" : 2> /dev/null |
	awk -F: '/^# Not a target/ { skip = 1; next }
		/^[a-z][a-z0-9_-]*:/ && !skip { print $1 } { skip = 0 }' | sort -u)
help=$(make -s -C "$TOP" help 2> /dev/null)
missing=
for t in $targets; do
	grep -q "make $t\b" <<< "$help" || missing="$missing $t"
done
if [ -z "$targets" ]; then
	fail "docs: no targets read from the Makefile"
elif [ -z "$missing" ]; then
	pass "docs: make help names all $(echo $targets | wc -w) targets of the Makefile"
else
	fail "docs: make help does not name:$missing"
fi

n=$(wc -l < "$TOP/README")
toc=$(sed -n '/^Contents$/,/^[0-9]\. /{/^    [0-9]\. /p}' "$TOP/README" | sed 's/^    [0-9]\. //')
nsec=$(grep -c '^[0-9]\. ' "$TOP/README")
if [ "$n" -le 250 ] && [ "$(echo "$toc" | grep -c .)" -ge 5 ] &&
   [ "$(echo "$toc" | grep -c .)" = "$nsec" ]; then
	pass "docs: README is $n lines (at most 250), with a table of contents of its $nsec sections"
else
	fail "docs: README is $n lines (want <= 250); contents list $(echo "$toc" | grep -c .) sections, it has $nsec"
fi

bad=
for f in $(cd "$TOP" && grep -ohE '\b(doc/[a-z0-9-]+\.md|scripts/[a-z0-9_/-]+\.(sh|py)|tests/[0-9][0-9]-[a-z0-9-]+\.sh)\b' \
		README Makefile doc/*.md scripts/*.sh scripts/*.py scripts/arch/*.sh tests/*.sh | sort -u); do
	[ -e "$TOP/$f" ] || bad="$bad $f"
done
if [ -z "$bad" ]; then
	pass "docs: every doc/, scripts/ and tests/ path the README, doc/, the Makefile and the scripts name exists"
else
	fail "docs: named but missing:$bad"
fi
exit 0
