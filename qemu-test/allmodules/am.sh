#!/bin/sh
# The busybox guest's loader of make allmodules (doc/allmodules.md),
# run as the case's one step: every module named on its stdin (one a
# line), in order, with kmod's modprobe: the module and what depmod
# says it needs.  Each line it prints starts with "am: "; the host
# (scripts/allmodules-load.py) reads them from the console:
#   am: load NAME            before modprobe (a hang is the last of these)
#   am: rc NAME N MESSAGE    modprobe's status and its last message line
#   am: new NAME M...        the modules the load added to /proc/modules
#   am: listed NAME yes|no   NAME in /proc/modules
#   am: sysfs NAME yes|no    /sys/module/NAME a directory
#   am: unload NAME N MESSAGE  modprobe -r's status and message
#   am: left NAME M...       what is still loaded of the "new" ones
#   am: done NAME
#   am: mem START|END KB     MemFree
#   am: killed NAME N        modprobe (or modprobe -r, rmmod) died of a
#                            signal (status N >= 128): an Oops killed it
#                            holding the module lock, so no later load
#                            could go on; the boot ends here, at once
#                            (the host goes on after NAME in a new boot)
#   am: final killed NAME N  the same for a rmmod of the end of the boot
#   am: final proc M...      /proc/modules at the end (after rmmod of all)
#   am: final mod LINE       each /proc/modules line left at the end: the
#                            kernel's word on why it stays ([permanent]:
#                            no exit; [unsafe]: MOD_INC_USE_COUNT and
#                            the like; the modules that use it)
#   am: final sys M...       /sys/module at the end
#   am: start sys M...       /sys/module at the start (built-in modules'
#                            parameters)
# /proc files through cat: the shell's read takes a byte at a time, and
# 2.5.50's /proc/meminfo never ends for a reader of one byte.
names() { cat /proc/modules | while read -r n rest; do echo "$n"; done; }
say() { echo "am: $*"; drain; }
drain() { stty -F /dev/console "$AMTTY" 2> /dev/null; }
AMTTY=$(stty -F /dev/console -g)
# killed NAME STATUS: a command died of a signal (an Oops kills the
# task in the kernel, with the module lock held: every later modprobe
# would wait for it until the boot's timeout); end the boot now.
killed() {
	[ "$2" -ge 128 ] || return 0
	say killed "$1" "$2"
	say done "$1"
	exit 0
}
memfree() { cat /proc/meminfo | while read -r k v u; do [ "$k" = MemFree: ] && echo "$v"; done; }
say mem START "$(memfree)"
say start sys $(ls /sys/module)
while read -r m; do
	[ -n "$m" ] || continue
	k=$(echo "$m" | tr - _)
	pre=" $(names | tr '\n' ' ') "
	say load "$m"
	out=$(modprobe "$m" 2>&1)
	rc=$?
	say rc "$m" "$rc" "$(echo "$out" | tail -n 1)"
	killed "$m" "$rc"
	new=
	for n in $(names); do
		case "$pre" in *" $n "*) ;; *) new="$new $n" ;; esac
	done
	say new "$m"$new
	if grep -q "^$k " /proc/modules; then say listed "$m" yes; else say listed "$m" no; fi
	if [ -d "/sys/module/$k" ]; then say sysfs "$m" yes; else say sysfs "$m" no; fi
	if [ "$rc" = 0 ]; then
		out=$(modprobe -r "$m" 2>&1)
		rc=$?
		say unload "$m" "$rc" "$(echo "$out" | tail -n 1)"
		killed "$m" "$rc"
	fi
	# What a failed load brought in (its dependencies), newest first as
	# /proc/modules lists them; and what modprobe -r left.
	for n in $(names); do
		case " $new " in *" $n "*) rmmod "$n" > /dev/null 2>&1; killed "$m" $? ;; esac
	done
	left=
	for n in $(names); do
		case " $new " in *" $n "*) left="$left $n" ;; esac
	done
	say left "$m"$left
	say done "$m"
done
# Whatever is left (modules without an exit, or held), in the order
# /proc/modules gives (users first), twice.
# A rmmod that dies of a signal here ends the boot too ("am: final
# killed NAME STATUS"; no "am: mem END": the host counts it).
for i in 1 2; do
	for n in $(names); do
		rmmod "$n" > /dev/null 2>&1
		rc=$?
		[ $rc -ge 128 ] && { say final killed "$n" "$rc"; exit 0; }
	done
done
say final proc $(names)
cat /proc/modules | while read -r l; do say final mod "$l"; done
say final sys $(ls /sys/module)
say mem END "$(memfree)"
