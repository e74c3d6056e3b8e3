#!/bin/bash
# make mail and the fast part of make lint (doc/mail.md): the mbox is valid
# mail; its patches apply in order to the pristine tree with no fuzz and
# give what quilt gives; the diffstats are right; sender and sign-off come
# only from options, environment or git config; the lint refuses
# incomplete headers and patches that need an offset.
. "$(dirname "$0")/lib-test.sh"
export KSRC
mkdir -p "$BUILD"
tmp=$(mktemp -d "$BUILD/mail.XXXXXX")
on_exit 'rm -rf "$tmp"'
M=$TOP/scripts/mail-series.py
L=$TOP/scripts/lint-series.sh
TO='Linus Torvalds <torvalds@transmeta.com>'

# Run with no identity anywhere: empty HOME and git config, none of the
# variables, outside any git repository.
mkdir -p "$tmp/home" "$tmp/run"
noid() {
	(cd "$tmp/run" && env -u GIT_AUTHOR_NAME -u GIT_AUTHOR_EMAIL -u EMAIL \
		-u MAIL_FROM -u MAIL_TO -u MAIL_CC -u MAIL_SUBJECT -u MAIL_INTRO \
		HOME="$tmp/home" GIT_CONFIG_GLOBAL="$tmp/home/gitconfig" \
		GIT_CONFIG_NOSYSTEM=1 GIT_CEILING_DIRECTORIES="$tmp" BUILD="$tmp/b" "$@")
}

# --- Without the kernel tree --------------------------------------------
if noid "$M" -o "$tmp/x.mbox" > "$tmp/o" 2>&1; then
	fail "mail: ran without a recipient"
elif grep -q "no recipient.*--to" "$tmp/o"; then
	pass "mail: no --to and no MAIL_TO: refused, says what to give"
else
	fail "mail: no recipient: unclear message: $(head -2 "$tmp/o")"
fi
if noid env MAIL_TO="$TO" "$M" -o "$tmp/x.mbox" > "$tmp/o" 2>&1; then
	fail "mail: ran with no sender in options, environment or git config"
elif grep -q "no sender address" "$tmp/o" && grep -q "git config user.name" "$tmp/o" &&
     [ ! -e "$tmp/x.mbox" ]; then
	pass "mail: no sender anywhere: refused (nothing written), says how to set one"
else
	fail "mail: no sender: not refused clearly: $(head -2 "$tmp/o")"
fi
if noid env EMAIL=rusty@rustcorp.com.au "$M" --to "$TO" --signoff -o "$tmp/x.mbox" > "$tmp/o" 2>&1; then
	fail "mail: --signoff with only an address (EMAIL) invented a name"
elif grep -q "signoff needs your real name" "$tmp/o"; then
	pass "mail: --signoff without a real name: refused"
else
	fail "mail: --signoff without name: unclear message: $(head -2 "$tmp/o")"
fi
if noid "$M" --to 'not an address' --from "$TO" > "$tmp/o" 2>&1; then
	fail "mail: a bad --to address accepted"
else
	pass "mail: a bad --to address refused"
fi

# Headers: a patches dir of bad patches; compat/ and test/ are not linted.
mkpatch() {	# mkpatch FILE HEADER-LINES...
	local f=$1
	shift
	mkdir -p "$(dirname "$f")"
	printf '%s\n' "$@" > "$f"
	printf -- '--- a/README\n+++ b/README\n@@ -1,1 +1,1 @@\n-x\n+y\n' >> "$f"
}
good=("A one-line summary" "" "Name: Good" "Author: A. Person" "Status: Tested" "" "D: Why.")
hp=$tmp/hdr
mkpatch "$hp/compat/c.patch" "Name: no subject, but compat/ is not mailed"
mkpatch "$hp/test/t.patch" ""
mkpatch "$hp/feature/good.patch" "${good[@]}"
echo $'compat/c.patch\nfeature/good.patch\ntest/t.patch' > "$hp/series"
if noid env PATCHES_DIR="$hp" "$M" --check > "$tmp/o" 2>&1; then
	pass "lint: a complete header passes; compat/ and test/ patches are not linted"
else
	fail "lint: a good header refused: $(head -2 "$tmp/o")"
fi
lint_refuses() {	# lint_refuses WHAT MESSAGE HEADER-LINES...
	local what=$1 want=$2
	shift 2
	rm -rf "$hp/feature"
	mkpatch "$hp/feature/bad.patch" "$@"
	if noid env PATCHES_DIR="$hp" KSRC="$KSRC" "$L" --no-build > "$tmp/o" 2>&1; then
		fail "lint: a patch with $what accepted"
	elif grep -q "feature/bad.patch: $want" "$tmp/o"; then
		pass "lint: a patch with $what refused"
	else
		fail "lint: $what: unclear message: $(head -2 "$tmp/o")"
	fi
}
echo $'compat/c.patch\nfeature/bad.patch' > "$hp/series"
lint_refuses "no subject line" "no subject" "${good[@]:2}"
lint_refuses "a Name: line instead of a subject" "no subject" "Name: Good" "${good[@]:3}"
lint_refuses "no description" "no description" "${good[@]:0:6}"
lint_refuses "only an empty D: line" "no description" "${good[@]:0:6}" "D:"
lint_refuses "no Author: line" 'no "Author: ...' "${good[@]:0:3}" "${good[@]:4}"
lint_refuses "no Status: line" 'no "Status: ...' "${good[@]:0:4}" "${good[@]:5}"

# --- With the kernel tree ------------------------------------------------
need_tree_or_skip "mail: mbox" "mail: headers" "mail: threading" "mail: identity" \
	"mail: diffstats" "mail: patches apply" "mail: equals quilt" "mail: feature only" \
	"lint: real series" "lint: offset refused"

feature=$(series_list feature)
[ -n "$feature" ] || { skip "mail: no feature patches in patches/series yet"; exit 0; }
nfeat=$(echo "$feature" | wc -l)

if quiet "$L" --no-build; then
	pass "lint: the $nfeat feature patches have full headers and apply cleanly (alone, on compat)"
else
	fail "lint: the feature series fails the fast lint"
fi

# Identity from git config (temp global config), sign-off from the same.
git config --file "$tmp/home/gitconfig" user.name "Ada Tester"
git config --file "$tmp/home/gitconfig" user.email "ada@example.org"
mbox=$tmp/series.mbox
if ! noid "$M" --to "$TO" --to 'kai@tp1.ruhr-uni-bochum.de' --cc 'Rusty Russell <rusty@rustcorp.com.au>' \
	--signoff --date 'Mon, 02 Dec 2002 12:25:20 +1100' -o "$mbox" > "$tmp/o" 2>&1; then
	fail "mail: make mail failed: $(tail -3 "$tmp/o")"
	exit 0
fi

# Everything about the mbox that Python's email package can check.
mkdir -p "$tmp/mails"
python3 - "$mbox" "$tmp/mails" "$PATCHES" $feature > "$tmp/py" 2>&1 <<'PY'
import mailbox, email, email.policy, email.utils, re, sys
mbox, out, pdir, names = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
m = len(names)
res = []
def check(what, ok, why=""):
    res.append(("PASS: " if ok else "FAIL: ") + what + ("" if ok else ": " + why))

def stat_of_diff(text):
    """{file: (added, removed)} from a unified diff, walking the hunks."""
    files, lines, i = {}, text.splitlines(), 0
    while i < len(lines):
        if lines[i].startswith("--- ") and i + 1 < len(lines) and lines[i + 1].startswith("+++ "):
            old, new = lines[i][4:].split("\t")[0], lines[i + 1][4:].split("\t")[0]
            name = (new if new != "/dev/null" else old).split("/", 1)[1]
            add = rem = 0
            i += 2
            while i < len(lines) and lines[i].startswith("@@ "):
                h = re.match(r"@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@", lines[i])
                o, n = int(h.group(1) or 1), int(h.group(2) or 1)
                i += 1
                while (o > 0 or n > 0) and i < len(lines):
                    c = lines[i][:1]
                    if c == "-": rem += 1; o -= 1
                    elif c == "+": add += 1; n -= 1
                    elif c == "\\": pass
                    else: o -= 1; n -= 1
                    i += 1
                if i < len(lines) and lines[i].startswith("\\"): i += 1
            a, r = files.get(name, (0, 0))
            files[name] = (a + add, r + rem)
        else:
            i += 1
    return files

def stat_of_mail(body):
    """{file: total}, (files, insertions, deletions) from a diffstat."""
    files, summary = {}, None
    for l in body.splitlines():
        f = re.match(r"^ (\S+) +\| +(\d+) ?[+-]*$", l)
        if f: files[f.group(1)] = int(f.group(2))
        s = re.match(r"^ (\d+) files? changed(?:, (\d+) insertions?\(\+\))?(?:, (\d+) deletions?\(-\))?$", l)
        if s: summary = tuple(int(x or 0) for x in s.groups())
    return files, summary

def stat_ok(what, diffstat_text, diff_text):
    want = stat_of_diff(diff_text)
    files, summary = stat_of_mail(diffstat_text)
    wsum = (len(want), sum(a for a, r in want.values()), sum(r for a, r in want.values()))
    ok = files == {f: a + r for f, (a, r) in want.items()} and summary == wsum
    check("mail: diffstat of %s matches its diff (%d files, +%d -%d)" % ((what,) + wsum), ok,
          "mail says %s %s, diff has %s" % (files, summary, want))

box = mailbox.mbox(mbox)
raw = [box.get_bytes(k) for k in box.keys()]
check("mail: mbox parses into %d mails (cover + %d patches)" % (m + 1, m), len(raw) == m + 1,
      "%d mails" % len(raw))
msgs, errors = [], []
for r in raw:
    try:
        msgs.append(email.message_from_bytes(r, policy=email.policy.strict))
    except Exception as e:
        errors.append(str(e))
check("mail: every mail parses with email.policy.strict (no defects)", not errors and
      all(not x.defects for x in msgs), "; ".join(errors))
ids, bad = [], []
for i, x in enumerate(msgs):
    for h in ("From", "To", "Date", "Subject", "Message-Id", "MIME-Version", "Content-Type"):
        if x[h] is None: bad.append("mail %d has no %s" % (i, h))
    try:
        d = email.utils.parsedate_to_datetime(str(x["Date"]))
        if d.tzinfo is None: bad.append("mail %d: Date without zone" % i)
    except Exception:
        bad.append("mail %d: Date %r does not parse" % (i, x["Date"]))
    for h in ("From", "To", "Cc"):
        for name, addr in email.utils.getaddresses([str(x[h] or "")]):
            if not re.match(r"^[^@\s]+@[^@\s]+\.\w+$", addr): bad.append("mail %d: %s %r" % (i, h, addr))
    if not re.match(r"^<[^<>@\s]+@[^<>@\s]+>$", str(x["Message-Id"])): bad.append("Message-Id %r" % x["Message-Id"])
    ids.append(str(x["Message-Id"]))
    if x.get_content_type() != "text/plain" or not x.get_content_charset(): bad.append("mail %d: %s" % (i, x["Content-Type"]))
    if str(x["MIME-Version"]) != "1.0": bad.append("mail %d: MIME-Version" % i)
check("mail: From/To/Cc/Date/Subject/Message-Id/MIME headers present and valid", not bad, "; ".join(bad))
check("mail: Message-Ids are unique", len(set(ids)) == len(ids))
want = ["Ada Tester <ada@example.org>", "Linus Torvalds <torvalds@transmeta.com>, kai@tp1.ruhr-uni-bochum.de",
        "Rusty Russell <rusty@rustcorp.com.au>"]
check("mail: From (git config), To (two --to) and Cc on every mail",
      all([str(x["From"]), str(x["To"]), str(x["Cc"])] == want for x in msgs),
      "got %s" % [str(msgs[0][h]) for h in ("From", "To", "Cc")])
dates = [email.utils.parsedate_to_datetime(str(x["Date"])).timestamp() for x in msgs]
check("mail: --date is the cover's date, the patches follow in order",
      dates == sorted(dates) and len(set(dates)) == len(dates) and
      abs(dates[0] - email.utils.parsedate_to_datetime("Mon, 02 Dec 2002 12:25:20 +1100").timestamp()) < 1)
check("mail: patches reply to the cover (In-Reply-To, References), the cover to nothing",
      msgs[0]["In-Reply-To"] is None and all(str(x["In-Reply-To"]) == ids[0] and
      ids[0] in str(x["References"]) for x in msgs[1:]))

w = len(str(m))
cover = msgs[0].get_content()
subj_ok, desc_ok, sob_ok, summ = True, True, True, []
for n, (name, x) in enumerate(zip(names, msgs[1:]), 1):
    text = open("%s/%s" % (pdir, name), encoding="utf-8", errors="replace").read()
    first = text.splitlines()[0].strip()
    s = "[PATCH %0*d/%d] %s" % (w, n, m, first)
    subj_ok &= str(x["Subject"]) == s
    summ.append(s)
    body = x.get_content()
    head, sep, rest = body.partition("\n---\n")
    desc_lines = [l for l in text.split("\n---\n")[0].splitlines()[1:] if l.startswith(("D:", "Name:", "Author:", "Status:"))]
    # The sender (git config here) is who wrote or reworked it.
    desc_lines = [l.replace("@SENDER@", "Ada Tester <ada@example.org>") +
                  (" by Ada Tester <ada@example.org>" if re.match(r"^Author:.*reimplemented for 2\.5\.50$", l) else "")
                  for l in desc_lines]
    desc_ok &= bool(desc_lines) and all(l in head.splitlines() for l in desc_lines) and first not in head
    sob_ok &= head.rstrip().endswith("\nSigned-off-by: Ada Tester <ada@example.org>")
    i = rest.find("\n--- ")
    stat_ok(name, rest[:i], rest[i + 1:])
    with open("%s/%03d.patch" % (out, n), "w") as f:
        f.write(body)
check("mail: subjects are [PATCH n/%d] + the patch's first line, cover is [PATCH 0/%d]" % (m, m),
      subj_ok and str(msgs[0]["Subject"]).startswith("[PATCH %s/%d] " % ("0" * w, m)))
check("mail: each body has the header's Name/Author/Status/D: lines, then ---, diffstat, diff", desc_ok)
check("mail: --signoff adds Signed-off-by: <git config identity> after the description", sob_ok)
check("mail: the cover lists every patch, one line each", all(("  " + s + "\n") in cover for s in summ))
check("mail: the sender fills in @SENDER@ and who reworked the patches; the cover says it and what make check found",
      not any("@SENDER@" in x.get_content() or "@TESTED@" in x.get_content() for x in msgs) and
      "reworked for 2.5.50 by Ada Tester <ada@example.org>" in " ".join(cover.split()) and
      re.search(r"^(make check of \d{4}-\d\d-\d\d: \d+ passed, \d+ failed, \d+ skipped\.|make check was not run in this build directory\.)$", cover, re.M) is not None,
      cover[:300])
with open(out + "/cover", "w") as f:
    f.write(cover)
print("\n".join(res))
PY
cat "$tmp/py"
grep -q -e '^PASS' -e '^FAIL' "$tmp/py" || fail "mail: mbox check crashed"

# The mails' patches, in order, onto a copy of the pristine tree.
cp -a "$KSRC" "$tmp/mailtree"
ok=1
for f in "$tmp"/mails/[0-9]*.patch; do
	out=$(patch -p1 --fuzz=0 -N -t --no-backup-if-mismatch -r - -d "$tmp/mailtree" -i "$f" 2>&1)
	if [ $? -ne 0 ] || grep -q -v '^patching file ' <<< "$out"; then
		fail "mail: patch $(basename "$f") from the mbox does not apply cleanly:"
		echo "$out" | sed 's/^/    | /'
		ok=
		break
	fi
done
[ -n "$ok" ] && pass "mail: the $nfeat mailed patches apply in order with patch -p1 --fuzz=0, no offset"

# ... and give the tree quilt gives with the feature patches alone.
fp=$tmp/fpatches
mkdir -p "$fp"
for p in $feature; do
	mkdir -p "$fp/$(dirname "$p")" && cp "$PATCHES/$p" "$fp/$p"
done
echo "$feature" > "$fp/series"
if [ -n "$ok" ] && quiet env BUILD="$tmp/q" PATCHES_DIR="$fp" "$TOP/scripts/prepare-tree.sh"; then
	if diff -r -q -x .pc -x '.harness-*' "$tmp/q/i386/linux-2.5.50" "$tmp/mailtree" > "$tmp/d"; then
		pass "mail: the mailed series gives the same tree as quilt push -a of the feature patches (diff -r)"
	else
		fail "mail: mailed series and quilt-applied series differ: $(head -3 "$tmp/d")"
	fi
else
	fail "mail: no tree to compare (mails or feature-only quilt push failed)"
fi
rm -rf "$tmp/q"

# The cover's diffstat is the net change, pristine -> series applied.
(cd "$tmp" && diff -urN "$KSRC" mailtree > "$tmp/net.diff")
python3 - "$tmp/mails/cover" "$tmp/net.diff" <<'PY'
import re, sys
cover, net = open(sys.argv[1]).read(), open(sys.argv[2], encoding="latin-1").read()
files, tot = {}, [0, 0]
name = None
for l in net.splitlines():
    if l.startswith("diff "):
        name = l.split()[-1].split("/", 1)[1]
        files[name] = 0
    elif name and l.startswith(("+", "-")) and not l.startswith(("+++ ", "--- ")):
        files[name] += 1
        tot[l[0] == "-"] += 1
got = {m.group(1): int(m.group(2)) for m in re.finditer(r"^ (\S+) +\| +(\d+)", cover, re.M)}
s = re.search(r"^ (\d+) files? changed(?:, (\d+) insertions?\(\+\))?(?:, (\d+) deletions?\(-\))?$", cover, re.M)
summ = tuple(int(x or 0) for x in s.groups()) if s else None
if got == files and summ == (len(files), tot[0], tot[1]):
    print("PASS: mail: the cover's diffstat is the net change of the series (%d files, +%d -%d)" % summ)
else:
    print("FAIL: mail: the cover's diffstat %s %s is not the net change %s %s" % (got, summ, files, tot))
PY
rm -rf "$tmp/mailtree"

# Sender from the environment beats git config; --from beats both.
noid env GIT_AUTHOR_NAME="Rusty Russell" GIT_AUTHOR_EMAIL=rusty@rustcorp.com.au \
	"$M" --to "$TO" --signoff -o "$tmp/e.mbox" > "$tmp/o" 2>&1
if grep -q '^From: Rusty Russell <rusty@rustcorp.com.au>$' "$tmp/e.mbox" 2>/dev/null &&
   grep -q '^Signed-off-by: Rusty Russell <rusty@rustcorp.com.au>$' "$tmp/e.mbox" &&
   ! grep -q 'Ada Tester' "$tmp/e.mbox"; then
	pass "mail: GIT_AUTHOR_NAME/EMAIL give From and Signed-off-by over git config"
else
	fail "mail: GIT_AUTHOR_NAME/EMAIL not used: $(head -2 "$tmp/o")"
fi
noid env MAIL_TO="$TO" MAIL_FROM='Kai Germaschewski <kai@tp1.ruhr-uni-bochum.de>' \
	"$M" -o "$tmp/e.mbox" > "$tmp/o" 2>&1
if grep -q '^From: Kai Germaschewski <kai@tp1.ruhr-uni-bochum.de>$' "$tmp/e.mbox" 2>/dev/null &&
   grep -q "^To: $TO$" "$tmp/e.mbox" && ! grep -q 'Signed-off-by' "$tmp/e.mbox"; then
	pass "mail: MAIL_FROM/MAIL_TO work; no Signed-off-by without --signoff"
else
	fail "mail: MAIL_FROM/MAIL_TO: $(head -2 "$tmp/o")"
fi
rm -f "$tmp/home/gitconfig"
noid env EMAIL=rusty@rustcorp.com.au "$M" --to "$TO" -o "$tmp/e.mbox" > "$tmp/o" 2>&1
if grep -q '^From: rusty@rustcorp.com.au$' "$tmp/e.mbox" 2>/dev/null; then
	pass "mail: EMAIL alone gives a bare From address, no invented name"
else
	fail "mail: EMAIL alone: $(grep -m1 '^From:' "$tmp/e.mbox" 2>/dev/null) $(head -2 "$tmp/o")"
fi

# Only the feature series is mailed: a test/ patch in the series is not.
cp -r "$fp" "$tmp/tp"
first=$(echo "$feature" | head -1)
mkdir -p "$tmp/tp/test"
sed '1s/.*/Test-only patch that must never be mailed/' "$PATCHES/$first" > "$tmp/tp/test/t.patch"
{ series_list compat; echo "$feature"; echo test/t.patch; } > "$tmp/tp/series"
cp -r "$PATCHES/compat" "$tmp/tp/"
noid env PATCHES_DIR="$tmp/tp" "$M" --to "$TO" --from "$TO" -o "$tmp/t.mbox" > "$tmp/o" 2>&1
sed -n 's/^Subject: \[PATCH [0-9]*\/[0-9]*\] //p' "$tmp/t.mbox" > "$tmp/subjects" 2>/dev/null
n=$(wc -l < "$tmp/subjects")
for p in $(series_list compat); do head -1 "$PATCHES/$p"; done > "$tmp/compat-subjects"
if [ "$n" = $((nfeat + 1)) ] && ! grep -q 'never be mailed' "$tmp/t.mbox" &&
   ! grep -F -q -x -f "$tmp/compat-subjects" "$tmp/subjects"; then
	pass "mail: only the $nfeat feature patches are mailed, never compat/ or test/"
else
	fail "mail: $n mails for $nfeat feature patches (compat/ or test/ mailed?) $(head -2 "$tmp/o")"
fi

# A feature patch that needs an offset fails the lint.
perl -pe 's/^@@ -(\d+)(,\d+)? \+(\d+)/"@@ -".($1+3).$2." +".($3+3)/e' \
	"$PATCHES/$first" > "$tmp/tp/$first"
if env PATCHES_DIR="$tmp/tp" BUILD="$tmp/b" "$L" --no-build > "$tmp/o" 2>&1; then
	fail "lint: a feature patch that needs an offset passed"
elif grep -q "$first does not apply cleanly to pristine" "$tmp/o" && grep -q "offset" "$tmp/o"; then
	pass "lint: a feature patch that needs an offset is refused"
else
	fail "lint: offset patch: unclear message: $(head -3 "$tmp/o")"
fi
exit 0
