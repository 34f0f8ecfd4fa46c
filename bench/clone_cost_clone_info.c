// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * clone_cost.h for the clone-info kernel: clone_extended() with the flags
 * in an int and, for a pid set, a struct clone_info; without one (the
 * benchmark uses no flag above bit 31) it passes NULL, as a program would.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/clone_info.h>

#ifndef __NR_clone_extended
#define __NR_clone_extended 463
#endif

#define CLONE_COST_KERNEL "clone-info"

struct clone_extended_args {
	int flags_low;
	struct clone_info info;
	const struct clone_info *info_or_null;
};

static void clone_extended_prepare(struct clone_extended_args *args,
				   __u64 flags, const struct pid_set *pid_set)
{
	args->flags_low = (int)(__u32)flags;
	args->info.num_clone_high_words = 0;
	args->info.flags_high = NULL;
	args->info_or_null = NULL;
	if (pid_set) {
		args->info.pid_set = *pid_set;
		args->info_or_null = &args->info;
	}
}

static long clone_extended_call(const struct clone_extended_args *args)
{
	return syscall(__NR_clone_extended, args->flags_low, NULL, 0UL, NULL,
		       NULL, args->info_or_null);
}

#include "clone_cost.h"
