/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef PID_NS_LEVEL_H
#define PID_NS_LEVEL_H

/*
 * Level L of the calling thread's pid_ns_for_children (spec section 1), as
 * far as /proc shows it.  Returns L or a negative errno.
 */
int pid_ns_level_for_children(void);

/* pid_max as /proc/sys/kernel/pid_max gives it, or a negative errno. */
int pid_ns_pid_max(void);

#endif /* PID_NS_LEVEL_H */
