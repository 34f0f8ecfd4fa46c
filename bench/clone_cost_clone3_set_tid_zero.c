// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * clone_cost.h on the kernel of kernel-patches/clone3-set-tid-zero: the
 * "clone_extended" line is clone3() given the whole pid set, 0 entries
 * included, as a C library makes it there (clone3_with_pid_set.h); the
 * "clone3" line gives set_tid only the chosen pids, as clone3() takes
 * them on every kernel.
 */
#define _GNU_SOURCE
#include <sched.h>

#include "clone3_with_pid_set.h"

#define CLONE_COST_KERNEL "clone3-set-tid-zero"

struct clone_extended_args {
	__u64 flags;
	const struct pid_set *pid_set;
};

static void clone_extended_prepare(struct clone_extended_args *args,
				   __u64 flags, const struct pid_set *pid_set)
{
	args->flags = flags;
	args->pid_set = pid_set;
}

static long clone_extended_call(const struct clone_extended_args *args)
{
	return clone3_with_pid_set(args->flags, args->pid_set, 1, NULL);
}

#include "clone_cost.h"
