#!/bin/sh
# The busybox guest's side of make bench's module loads
# (scripts/bench-modules.py, doc/bench.md), under QEMU's -icount
# shift=0: each module named on stdin is loaded with kmod's modprobe
# (its dependencies from modules.dep) and removed with busybox rmmod,
# twice, each command timed by /bin/icount (the guest's instructions).
# busybox rmmod, not modprobe -r: kmod asks /sys/module, which 2.5.50's
# loader does not make, so modprobe -r removes nothing there; busybox
# calls delete_module() for each name it is given, on both kernels.
# For each module:
#   bm: load NAME
#   bm: res NAME RC LOAD1 UNLOAD1 LOAD2 UNLOAD2 LOAD3 UNLOAD3 NEW LEFT
# RC is modprobe's status; LOADn and UNLOADn the instructions of the
# n-th modprobe and of the busybox rmmod of what it added ("-": not
# run, or failed); NEW the modules the load added; LEFT those still
# loaded after the last rmmod (they stay: [permanent], [unsafe]).  A command killed
# by a signal (an Oops) ends the boot ("bm: killed NAME").
# /bench-nohotplug (BENCH_NOHOTPLUG=1 on the host): no /sbin/hotplug
# for the kernel's kobject events, to weigh what they cost
[ -f /bench-nohotplug ] && echo > /proc/sys/kernel/hotplug
names() { cat /proc/modules | while read -r n rest; do echo "$n"; done; }
drain() { stty -F /dev/console "$AMTTY" 2> /dev/null; }
AMTTY=$(stty -F /dev/console -g)
# run VAR COMMAND...: VAR_n the instructions, VAR_rc the status
run() {
	v=$1
	shift
	set -- $(icount "$@" 2> /dev/null | tail -n 1)
	eval "${v}_n=\${2:--} ${v}_rc=\${3:-255}"
}
added() {
	for n in $(names); do
		case "$pre" in *" $n "*) ;; *) echo "$n" ;; esac
	done
}
while read -r m; do
	[ -n "$m" ] || continue
	echo "bm: load $m"
	drain
	pre=" $(names | tr '\n' ' ') "
	l1_n=- u1_n=- l2_n=- u2_n=- l3_n=- u3_n=-
	run l1 modprobe "$m"
	[ "$l1_rc" -ge 128 ] && { echo "bm: killed $m"; exit 0; }
	new=$(added | tr '\n' ' ')
	if [ "$l1_rc" = 0 ] && [ -n "$new" ]; then
		run u1 busybox rmmod $new
		[ "$u1_rc" -ge 128 ] && { echo "bm: killed $m"; exit 0; }
		# two more pairs, each only if the one before left nothing
		for k in 2 3; do
			[ -z "$(added)" ] || break
			run l$k modprobe "$m"
			eval "rc=\$l${k}_rc"
			[ "$rc" -ge 128 ] && { echo "bm: killed $m"; exit 0; }
			[ "$rc" = 0 ] || { eval "l${k}_n=-"; break; }
			run u$k busybox rmmod $(added)
			eval "rc=\$u${k}_rc"
			[ "$rc" -ge 128 ] && { echo "bm: killed $m"; exit 0; }
			# a removal that failed is no removal's figure
			[ "$rc" = 0 ] || { eval "u${k}_n=-"; break; }
		done
	fi
	left=$(added | tr '\n' ',')
	# what stays of a failed load (its dependencies)
	for n in $(added); do busybox rmmod "$n" > /dev/null 2>&1; done
	new=$(echo $new | tr ' ' ',')
	echo "bm: res $m $l1_rc $l1_n $u1_n $l2_n $u2_n $l3_n $u3_n ${new:-,} ${left:-,}"
	drain
done
echo "bm: done"
