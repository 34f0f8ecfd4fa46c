// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * clone_cost.h for libclone_extended in a test guest: the
 * "clone_extended" line is the library's clone_extended_info(), which makes
 * the clone3() call that the "clone3" line makes directly, so the two
 * lines' ratio is what the library costs.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <clone_extended.h>

/* scripts/kernel bench names the kernel it runs on. */
#ifndef CLONE_COST_KERNEL
#define CLONE_COST_KERNEL "library-clone-info"
#endif

/* As the kernel's clone-info benchmark: no struct without a pid set. */
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
	return clone_extended_info(args->flags_low, NULL, 0, NULL, NULL,
				   args->info_or_null);
}

#include "clone_cost.h"
