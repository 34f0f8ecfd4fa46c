// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * clone_cost.h for libclone_extended in a test guest: the
 * "clone_extended" line is the library's clone_extended_flags(), which
 * makes the clone3() call that the "clone3" line makes directly, so the
 * two lines' ratio is what the library costs.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <clone_extended.h>

/* scripts/kernel bench names the kernel it runs on. */
#ifndef CLONE_COST_KERNEL
#define CLONE_COST_KERNEL "library-flags-array"
#endif

struct clone_extended_args {
	clone_flags_t flags;
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
	return clone_extended_flags(&args->flags, NULL, 0, NULL, NULL,
				    args->pid_set);
}

#include "clone_cost.h"
