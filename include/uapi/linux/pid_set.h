/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
#ifndef _UAPI_LINUX_PID_SET_H
#define _UAPI_LINUX_PID_SET_H

#include <linux/types.h>

/**
 * struct pid_set - the pids a new process asks for, one per pid namespace
 * @num_pids: Number of entries in @pids, from 0 to the level of the pid
 *            namespace the child is created in, plus one.  0 asks for no
 *            pid at all (@pids is then not read); a negative count or one
 *            larger than that is rejected with EINVAL.
 * @pids:     Array of @num_pids pids, outermost namespace first.  The last
 *            entry is the pid in the namespace the child is created in, the
 *            entry before it the pid in that namespace's parent, and so on;
 *            namespaces further out than the array reaches get a pid chosen
 *            by the kernel.  An entry of 0 also lets the kernel choose at its
 *            level.  A new pid namespace created by the same call
 *            (CLONE_NEWPID) has no entry: the child is its pid 1.
 *
 * Passed to clone_extended().
 */
struct pid_set {
	int num_pids;
	__kernel_pid_t *pids;
};

#endif /* _UAPI_LINUX_PID_SET_H */
