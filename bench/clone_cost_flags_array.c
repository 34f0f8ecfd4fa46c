// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * clone_cost.h for the flags-array kernel: clone_extended() with the flags
 * in a struct clone_flags and the pids in a struct pid_set.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/clone_flags.h>

#ifndef __NR_clone_extended
#define __NR_clone_extended 463
#endif

#define CLONE_COST_KERNEL "flags-array"

struct clone_extended_args {
	struct clone_flags flags;
	const struct pid_set *pid_set;
};

static void clone_extended_prepare(struct clone_extended_args *args,
				   __u64 flags, const struct pid_set *pid_set)
{
	clone_flags_from_mask(&args->flags, flags);
	args->pid_set = pid_set;
}

static long clone_extended_call(const struct clone_extended_args *args)
{
	return syscall(__NR_clone_extended, &args->flags, NULL, 0UL, NULL,
		       NULL, args->pid_set);
}

#include "clone_cost.h"
