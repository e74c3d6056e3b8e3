#!/bin/bash
# What a fresh machine may lack or set otherwise (README, "What a host
# needs"): the harness's own tests (tests/00-harness.sh) run again with
# no HOME, umask 077, a Turkish UTF-8 locale, a TMPDIR that does not
# exist and no terminal must pass exactly as they do here; and again as
# an unprivileged user, in a copy of the harness that user owns.
. "$(dirname "$0")/lib-test.sh"
tmp=$(mktemp -d)
on_exit 'rm -rf "$tmp"'

passes() { grep '^PASS: ' | sort; }

"$TOP/tests/00-harness.sh" < /dev/null 2>&1 | passes > "$tmp/here"
n=$(wc -l < "$tmp/here")
if [ "$n" -eq 0 ]; then
	fail "host env: tests/00-harness.sh passes nothing here"
	exit 0
fi

env -u HOME -u LC_ALL -u LANGUAGE LANG=tr_TR.UTF-8 LC_CTYPE=tr_TR.UTF-8 \
	TMPDIR=/nonexistent/tmp bash -c 'umask 077; exec "$@"' _ \
	"$TOP/tests/00-harness.sh" < /dev/null 2>&1 | passes > "$tmp/hostile"
if cmp -s "$tmp/here" "$tmp/hostile"; then
	pass "host env: no HOME, umask 077, LANG=tr_TR.UTF-8, TMPDIR missing, no terminal: the same $n passes"
else
	fail "host env: no HOME, umask 077, LANG=tr_TR.UTF-8, TMPDIR missing: $(diff "$tmp/here" "$tmp/hostile" | grep '^[<>]' | head -3 | tr '\n' ' ')"
fi

# As a user other than root: a copy of the committed harness, owned by
# nobody, with its BUILD inside.  Only root can switch users.
if [ "$(id -u)" != 0 ]; then
	skip "host env: as another user: this is not root, so it cannot become one (this run is itself one)"
elif ! command -v setpriv > /dev/null || ! id nobody > /dev/null 2>&1; then
	skip "host env: as another user: no setpriv (util-linux) or no user nobody"
else
	u=$tmp/user
	mkdir -p "$u"
	(cd "$TOP" && git ls-files -z 2>/dev/null | xargs -0 cp --parents -t "$u" 2>/dev/null) ||
		cp -a "$TOP"/. "$u"/
	rm -rf "$u/build"
	chown -R nobody "$u"
	chmod 755 "$tmp"
	setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups \
		env -u HOME BUILD="$u/build" "$u/tests/00-harness.sh" < /dev/null 2>&1 |
		passes > "$tmp/nobody"
	if cmp -s "$tmp/here" "$tmp/nobody"; then
		pass "host env: as user nobody, in a copy it owns: the same $n passes"
	else
		fail "host env: as user nobody: $(diff "$tmp/here" "$tmp/nobody" | grep '^[<>]' | head -3 | tr '\n' ' ')"
	fi
fi
exit 0
