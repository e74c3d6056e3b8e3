#!/usr/bin/env python3
"""Turn the feature patches of patches/series into an mbox of mails.

Usage: mail-series.py [options]        write the mbox (make mail)
       mail-series.py --check          only check the patch headers (make lint)

Only the feature series is mailed: never compat/ or test/ patches.  Each
patch becomes "[PATCH n/m] <first line of its header>", its body the rest
of the header (Name:/Author:/Status:/D: lines), a fresh diffstat and the
diff.  A "[PATCH 0/m]" cover letter lists the series and its overall
diffstat; the patches are threaded to it (In-Reply-To, References).

Recipients: --to/--cc (repeatable, or comma-separated), else MAIL_TO/MAIL_CC.
Sender:     --from or MAIL_FROM, else GIT_AUTHOR_NAME/GIT_AUTHOR_EMAIL,
            else git config user.name/user.email, else EMAIL.
Nothing is guessed: without a recipient or a sender address it stops.
--signoff adds "Signed-off-by: <sender>", which needs a real name.

Environment as for the other scripts: KSRC, BUILD, PATCHES_DIR.
"""

import argparse
import email.policy
import email.utils
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from email.generator import BytesGenerator
from email.message import EmailMessage

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KSRC = os.environ.get("KSRC") or "/work/linux-2.5.50"
BUILD = os.environ.get("BUILD") or os.path.join(TOP, "build")
if not os.path.isabs(BUILD):
    BUILD = os.path.join(TOP, BUILD)
PATCHES = os.environ.get("PATCHES_DIR") or os.path.join(TOP, "patches")

# Header lines for us only, never mailed.
INTERNAL = re.compile(r"^(Internal|Harness):")
# "Key: value" lines of the 2002 header format (D: is the description).
TAG = re.compile(r"^([A-Z][A-Za-z-]*):(\s|$)")
REQUIRED_TAGS = ("Name", "Author", "Status")
DIFFSTAT_LINE = re.compile(r"^ \S.* \| +(\d+|Bin)")
DIFFSTAT_SUM = re.compile(r"^ \d+ files? changed")
DIFFSTAT_OPTS = ["-p1", "-w70"]     # as Documentation/SubmittingPatches
# Who wrote or reworked a patch is the sender, known only when mailing:
# "Author: @SENDER@" for our own patches, and "Author: X (design);
# reimplemented for 2.5.50" gets "by <sender>".
SENDER = "@SENDER@"
REWORKED = re.compile(r"^(Author:.*\breimplemented for 2\.5\.50)$")
COVER = os.path.join(PATCHES, "cover-letter.txt")


def die(msg):
    sys.stderr.write("*** error: %s\n" % msg)
    sys.exit(1)


def feature_patches():
    """Names in patches/series that are neither compat/ nor test/."""
    series = os.path.join(PATCHES, "series")
    try:
        with open(series) as f:
            lines = f.read().splitlines()
    except OSError as e:
        die("cannot read %s: %s" % (series, e.strerror))
    names = []
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name = line.split()[0]
        if not name.startswith(("compat/", "test/")):
            names.append(name)
    return names


class Patch:
    """One patch file: subject, description, diff."""

    def __init__(self, name):
        self.name = name
        self.path = os.path.join(PATCHES, name)
        try:
            with open(self.path, "rb") as f:
                raw = f.read()
        except OSError as e:
            die("%s: %s (listed in %s/series)" % (self.name, e.strerror, PATCHES))
        try:
            text, self.charset = raw.decode("utf-8"), "UTF-8"
        except UnicodeDecodeError:
            text, self.charset = raw.decode("latin-1"), "ISO-8859-1"
        lines = text.splitlines(keepends=True)
        start = len(lines)
        for i, line in enumerate(lines):
            if line.startswith(("diff ", "Index: ")) or (
                    line.startswith("--- ") and i + 1 < len(lines)
                    and lines[i + 1].startswith("+++ ")):
                start = i
                break
        self.header = [l.rstrip("\n") for l in lines[:start]]
        self.diff = "".join(lines[start:])
        self.old_diffstat = []
        self._parse()

    def _parse(self):
        head = list(self.header)
        self.subject = head[0].strip() if head else ""
        if TAG.match(self.subject) or self.subject.startswith("---"):
            self.subject = ""           # a tag line is not a subject
        rest = head[1:] if self.subject else head
        desc = []
        for i, line in enumerate(rest):
            if INTERNAL.match(line):
                continue
            if DIFFSTAT_LINE.match(line) or DIFFSTAT_SUM.match(line):
                self.old_diffstat.append(line)
                continue
            if line == "---" and any(DIFFSTAT_LINE.match(l) for l in rest[i + 1:i + 2]):
                continue                # quilt's "---" before its diffstat
            desc.append(line.rstrip())
        while desc and not desc[0]:
            desc.pop(0)
        while desc and not desc[-1]:
            desc.pop()
        self.description = desc
        self.tags = {}
        for line in desc:
            m = TAG.match(line)
            if m and m.group(1) != "D":
                self.tags.setdefault(m.group(1), line[m.end(1) + 1:].strip())

    def problems(self):
        """What keeps this patch from being mailed, one sentence each."""
        why = []
        if not self.subject:
            why.append("no subject: the first line of the patch must be a "
                       "one-line summary (not a Name:-style tag)")
        for t in REQUIRED_TAGS:
            if not self.tags.get(t):
                why.append("no \"%s: ...\" line in the header" % t)
        text = [l for l in self.description
                if l.strip() and (not TAG.match(l) or re.match(r"^D:\s*\S", l))]
        if not text:
            why.append("no description: add \"D: ...\" lines saying what the "
                       "patch does and why")
        if "\n+++ " not in "\n" + self.diff:
            why.append("no diff")
        return why


def diffstat(diff_text, charset="UTF-8"):
    if not shutil.which("diffstat"):
        die("diffstat is missing; install with: apt-get install diffstat")
    r = subprocess.run(["diffstat"] + DIFFSTAT_OPTS, input=diff_text.encode(
        "utf-8" if charset == "UTF-8" else "latin-1"), capture_output=True)
    if r.returncode != 0:
        die("diffstat failed: %s" % r.stderr.decode(errors="replace"))
    return r.stdout.decode("utf-8", "replace")


def touched_files(patch_texts):
    files = set()
    for text in patch_texts:
        for m in re.finditer(r"^(?:---|\+\+\+) [^/\s]*/(\S+)", text, re.M):
            files.add(m.group(1))
    return sorted(f for f in files if f != "dev/null")


def overall_diffstat(patches):
    """diffstat of pristine -> all feature patches applied (net change)."""
    if not os.path.isfile(os.path.join(KSRC, "Makefile")):
        die("KSRC=%s is not a kernel tree; the overall diffstat needs the "
            "pristine 2.5.50 tree (README, \"The kernel tree\")" % KSRC)
    for tool in ("patch", "diff"):
        if not shutil.which(tool):
            die("%s is missing; install with: apt-get install %s"
                % (tool, "patch" if tool == "patch" else "diffutils"))
    os.makedirs(BUILD, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="mail-stat.", dir=BUILD)
    try:
        for side in ("a", "b"):
            for f in touched_files(p.diff for p in patches):
                src = os.path.join(KSRC, f)
                if os.path.isfile(src):
                    dst = os.path.join(tmp, side, f)
                    os.makedirs(os.path.dirname(dst), exist_ok=True)
                    shutil.copy2(src, dst)
            os.makedirs(os.path.join(tmp, side), exist_ok=True)
        for p in patches:
            r = subprocess.run(["patch", "-p1", "--fuzz=0", "-N", "-t",
                                "--no-backup-if-mismatch", "-r", "-",
                                "-d", os.path.join(tmp, "b"), "-i", p.path],
                               capture_output=True, text=True)
            noise = [l for l in r.stdout.splitlines()
                     if not l.startswith("patching file ")]
            if r.returncode != 0 or noise:
                die("%s does not apply cleanly to KSRC after the patches "
                    "before it (run make lint):\n%s" % (p.name, r.stdout + r.stderr))
        r = subprocess.run(["diff", "-urN", "a", "b"], cwd=tmp,
                           capture_output=True)
        if r.returncode > 1:
            die("diff failed: %s" % r.stderr.decode(errors="replace"))
        return diffstat(r.stdout.decode("latin-1"), "ISO-8859-1")
    finally:
        shutil.rmtree(tmp)


def git_config(key):
    try:
        r = subprocess.run(["git", "config", "--get", key],
                           capture_output=True, text=True)
    except OSError:
        return ""
    return r.stdout.strip() if r.returncode == 0 else ""


def parse_addr(value, what):
    """One "Name <addr>" or "addr"; dies unless it is a valid address."""
    pairs = email.utils.getaddresses([value])
    if len(pairs) != 1 or not re.match(r"^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$", pairs[0][1]):
        die("%s: \"%s\" is not one mail address (want \"Name <user@host.domain>\")"
            % (what, value))
    return pairs[0]


def sender(opt_from):
    """(name, addr) of the sender, from options or environment only."""
    value = opt_from or os.environ.get("MAIL_FROM", "")
    if value:
        return parse_addr(value, "--from/MAIL_FROM")
    name = os.environ.get("GIT_AUTHOR_NAME") or git_config("user.name")
    addr = os.environ.get("GIT_AUTHOR_EMAIL") or git_config("user.email")
    if not addr and os.environ.get("EMAIL"):
        ename, addr = parse_addr(os.environ["EMAIL"], "EMAIL")
        name = name or ename
    if not addr:
        die("no sender address.  Give --from 'Your Name <you@example.org>' "
            "(make mail MAIL_FROM=...), or set git config user.name and "
            "user.email (or GIT_AUTHOR_NAME/GIT_AUTHOR_EMAIL, or EMAIL)")
    return parse_addr(email.utils.formataddr((name, addr)), "sender")


def recipients(opts, env, what):
    """The addresses of opts, else of the environment variable env: each
    value a comma-separated list, split as a mail header is (a quoted
    name may hold a comma: '"Torvalds, Linus" <torvalds@...>')."""
    values = opts or ([os.environ[env]] if os.environ.get(env) else [])
    out = []
    for v in values:
        for pair in email.utils.getaddresses([v]):
            if pair == ("", ""):
                continue            # an empty item: "a@b.org, , c@d.org"
            out.append(email.utils.formataddr(
                parse_addr(email.utils.formataddr(pair), what)))
    return out


def message(frm, to, cc, subject, date, msgid, body, charset, parent=None):
    msg = EmailMessage(policy=email.policy.default)
    msg["From"] = frm
    msg["To"] = ", ".join(to)
    if cc:
        msg["Cc"] = ", ".join(cc)
    msg["Subject"] = subject
    msg["Date"] = email.utils.formatdate(date, localtime=True)
    msg["Message-Id"] = msgid
    if parent:
        msg["In-Reply-To"] = parent
        msg["References"] = parent
    cte = "7bit" if body.isascii() else "8bit"
    msg.set_content(body, charset=charset.lower(), cte=cte)
    # set_content orders MIME-Version after Content-*; keep the usual order.
    ctype, enc = msg["Content-Type"], msg["Content-Transfer-Encoding"]
    del msg["MIME-Version"], msg["Content-Type"], msg["Content-Transfer-Encoding"]
    msg["MIME-Version"] = "1.0"
    msg["Content-Type"] = "text/plain; charset=%s" % charset
    msg["Content-Transfer-Encoding"] = enc
    return msg


def write_mbox(path, msgs, addr):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        for msg, date in msgs:
            f.write(("From %s %s\n" % (addr, time.asctime(time.gmtime(date)))).encode())
            # No folding: it would RFC 2047-encode a long In-Reply-To.
            BytesGenerator(f, mangle_from_=True, policy=msg.policy.clone(
                linesep="\n", max_line_length=None)).flatten(msg)
            f.write(b"\n")
    os.replace(tmp, path)


def mailed(line, frm):
    """A header line as it is mailed: the sender put in where it goes."""
    line = line.replace(SENDER, frm)
    return REWORKED.sub(lambda m: m.group(1) + " by " + frm, line)


def tested():
    """What the last make check in BUILD said, for the cover letter: its
    counts and results as scripts/ktap.py read them (check.json)."""
    sys.path.insert(0, os.path.join(TOP, "scripts"))
    import ktap
    out = os.path.join(BUILD, "check.json")
    try:
        with open(out, encoding="utf-8", errors="replace") as f:
            j = json.load(f)
        when = time.strftime("%Y-%m-%d", time.gmtime(os.path.getmtime(out)))
        c = j["counts"]
    except (OSError, ValueError, KeyError):
        return None
    text = ("make check of %s: %d passed, %d failed, %d skipped.\n"
            % (when, c["pass"], c["fail"], c["skip"]))
    for t in ktap.leaves(j["tests"]):
        k = ktap.kind(t)
        if k in ("skip", "fail"):
            text += "  %s: %s%s\n" % (k.upper(), t["name"],
                                      ": " + t["diagnostic"] if t["diagnostic"] else "")
    return text


def check(patches):
    """Print what is wrong with the headers; returns the number of problems."""
    bad = 0
    for p in patches:
        why = p.problems()
        for w in why:
            print("lint: %s: %s" % (p.name, w))
        bad += len(why)
        if p.old_diffstat and not why and shutil.which("diffstat"):
            fresh = subprocess.run(["diffstat", "-p1"], input=p.diff.encode(
                "utf-8" if p.charset == "UTF-8" else "latin-1"),
                capture_output=True).stdout.decode("utf-8", "replace")
            if fresh.splitlines() != p.old_diffstat:
                print("lint: %s: warning: the diffstat in the header is stale "
                      "(quilt refresh; the mail gets a fresh one anyway)" % p.name)
    subjects = [p.subject for p in patches if p.subject]
    for s in sorted(set(x for x in subjects if subjects.count(x) > 1)):
        print("lint: two patches have the subject \"%s\"" % s)
        bad += 1
    return bad


def main():
    ap = argparse.ArgumentParser(
        description="Mail the feature series as an mbox (see doc/mail.md).")
    ap.add_argument("--to", action="append", default=[], help="recipient (MAIL_TO)")
    ap.add_argument("--cc", action="append", default=[], help="copy to (MAIL_CC)")
    ap.add_argument("--from", dest="frm", help="sender (MAIL_FROM, git config)")
    ap.add_argument("--signoff", action="store_true",
                    help="add Signed-off-by: <sender> to each patch")
    ap.add_argument("--subject", default=os.environ.get("MAIL_SUBJECT"),
                    help="cover letter subject (MAIL_SUBJECT)")
    ap.add_argument("--intro", default=os.environ.get("MAIL_INTRO"),
                    help="file with the cover letter's text (MAIL_INTRO)")
    ap.add_argument("--date", help="date of the cover letter (RFC 2822); "
                    "each patch is one second later")
    ap.add_argument("-o", "--output", default=os.path.join(BUILD, "mail", "series.mbox"),
                    help="mbox to write (default $BUILD/mail/series.mbox)")
    ap.add_argument("--check", action="store_true",
                    help="only check the feature patches' headers")
    args = ap.parse_args()

    names = feature_patches()
    if args.check:
        if not names:
            print("lint: no feature patches in %s/series" % PATCHES)
            return 1
        return 1 if check([Patch(n) for n in names]) else 0

    to = recipients(args.to, "MAIL_TO", "--to/MAIL_TO")
    if not to:
        die("no recipient.  Give --to 'Name <addr>' (make mail "
            "MAIL_TO='Linus Torvalds <torvalds@transmeta.com>')")
    cc = recipients(args.cc, "MAIL_CC", "--cc/MAIL_CC")
    name, addr = sender(args.frm)
    frm = email.utils.formataddr((name, addr))
    if args.signoff and not name:
        die("--signoff needs your real name, not only %s: set git config "
            "user.name (or GIT_AUTHOR_NAME), or give --from 'Name <%s>'" % (addr, addr))

    if not names:
        die("no feature patches in %s/series: nothing to mail" % PATCHES)
    patches = [Patch(n) for n in names]
    if check(patches):
        die("fix the patch headers above first")
    # The series' own cover text (patches/cover-letter.txt), if it has one.
    intro_file = args.intro or (COVER if os.path.exists(COVER) else None)
    intro = ""
    if intro_file:
        try:
            with open(intro_file) as f:
                intro = f.read().strip() + "\n\n"
        except OSError as e:
            die("--intro %s: %s" % (intro_file, e.strerror))
    results = tested()
    if results is None:
        sys.stderr.write("*** warning: no %s/check.json: run make check first, "
                         "the cover letter says it was not run\n" % BUILD)
        results = "make check was not run in this build directory.\n"
    intro = intro.replace("@TESTED@", results.rstrip("\n"))
    intro = mailed(intro, frm)
    if args.date:
        try:
            date = email.utils.parsedate_to_datetime(args.date).timestamp()
        except (TypeError, ValueError):
            die("--date \"%s\" is not an RFC 2822 date" % args.date)
    else:
        date = time.time()

    m = len(patches)
    width = len(str(m))
    prefix = lambda n: "[PATCH %0*d/%d]" % (width, n, m)
    domain = addr.split("@", 1)[1]
    cover_id = email.utils.make_msgid("0-of-%d" % m, domain=domain)
    charset = "UTF-8" if all(p.charset == "UTF-8" for p in patches) else "ISO-8859-1"

    summary = "".join("  %s %s\n" % (prefix(i), p.subject)
                      for i, p in enumerate(patches, 1))
    body = (intro + "The series, against Linux 2.5.50, applies in this order "
            "with patch -p1:\n\n" + summary + "\n" + overall_diffstat(patches))
    subject = args.subject or "module support fixes for 2.5.50"
    msgs = [(message(frm, to, cc, "%s %s" % (prefix(0), subject), date,
                     cover_id, body, charset), date)]
    signoff = "Signed-off-by: %s" % frm
    for i, p in enumerate(patches, 1):
        desc = [mailed(l, frm) for l in p.description]
        if args.signoff and signoff not in desc:
            desc += ["", signoff]
        body = "\n".join(desc) + "\n---\n" + diffstat(p.diff, p.charset) + "\n" + p.diff
        msgid = email.utils.make_msgid("%d-of-%d" % (i, m), domain=domain)
        msgs.append((message(frm, to, cc, "%s %s" % (prefix(i), p.subject),
                             date + i, msgid, body, p.charset, cover_id), date + i))

    os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
    write_mbox(args.output, msgs, addr)
    print(">>> %d mails (cover + %d patches) from %s to %s in %s"
          % (m + 1, m, frm, ", ".join(to), args.output))
    for msg, _ in msgs:
        print("    %s" % msg["Subject"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
