#!/bin/sh
# The busybox guest's side of a known bug's reproduction (make
# allmodules, doc/allmodules.md): the commands on its stdin, one a
# line, each run as it is (insmod PATH, busybox rmmod NAME: neither asks
# /sys/module, which 2.5.50's loader does not make).  Prints, for the
# host (scripts/allmodules-load.py --repro):
#   am: run COMMAND      before it (a hang is the last of these)
#   am: rc N             its status
#   am: killed N         it died of a signal (an Oops killed it, holding
#                        the module lock): the boot ends here
#   am: repro done       every command ran
#   (SysRq t)            after 12 s, the tasks' stacks: a load that
#                        hangs is then seen blocked in the kernel
drain() { stty -F /dev/console "$AMTTY" 2> /dev/null; }
AMTTY=$(stty -F /dev/console -g)
( sleep 12; echo t > /proc/sysrq-trigger ) &
while read -r c; do
	[ -n "$c" ] || continue
	echo "am: run $c"
	drain
	$c
	rc=$?
	echo "am: rc $rc"
	drain
	[ $rc -ge 128 ] && { echo "am: killed $rc"; exit 0; }
done
echo "am: repro done"
