/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef PID_NS_LEVEL_H
#define PID_NS_LEVEL_H

/*
 * Level L of the calling thread's pid_ns_for_children (spec section 1).
 * Returns L or a negative errno; *exact is 0 when L is only a lower bound:
 * /proc was mounted in a pid namespace below the initial one (a
 * container's own) and does not show the levels above it, or it cannot be
 * told.
 */
int pid_ns_level_for_children(int *exact);

/* pid_max as /proc/sys/kernel/pid_max gives it, or a negative errno. */
int pid_ns_pid_max(void);

#endif /* PID_NS_LEVEL_H */
