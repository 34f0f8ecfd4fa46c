// SPDX-License-Identifier: GPL-2.0 OR MIT
#include "variant_call.h"

const char *variant_name(enum variant variant)
{
	return variant == VARIANT_FLAGS_ARRAY ? "flags-array" : "clone-info";
}

/*
 * The clone-info spelling of @flags: bits 0-31 in flags_low, the rest in
 * one high word; a NULL pid set becomes an empty one.
 */
static void to_clone_info(__u64 flags, const struct pid_set *pid_set,
			  int *flags_low, int *flags_high,
			  struct clone_info *info)
{
	*flags_low = (int)(unsigned int)flags;
	*flags_high = (int)(unsigned int)(flags >> 32);
	info->num_clone_high_words = 1;
	info->flags_high = flags_high;
	info->pid_set.num_pids = pid_set ? pid_set->num_pids : 0;
	info->pid_set.pids = pid_set ? pid_set->pids : NULL;
}

pid_t variant_fork(enum variant variant, __u64 flags, int *parent_tid,
		   int *child_tid, const struct pid_set *pid_set)
{
	clone_flags_t set;
	struct clone_info info;
	int flags_low, flags_high;

	if (variant == VARIANT_FLAGS_ARRAY) {
		clone_flags_from_mask(&set, flags);
		return clone_extended_flags(&set, NULL, 0, parent_tid,
					    child_tid, pid_set);
	}
	to_clone_info(flags, pid_set, &flags_low, &flags_high, &info);
	return clone_extended_info(flags_low, NULL, 0, parent_tid, child_tid,
				   &info);
}

pid_t variant_run(enum variant variant, int (*fn)(void *), void *arg,
		  void *stack, size_t stack_size, __u64 flags,
		  unsigned long tls, int *parent_tid, int *child_tid,
		  const struct pid_set *pid_set)
{
	clone_flags_t set;
	struct clone_info info;
	int flags_low, flags_high;

	if (variant == VARIANT_FLAGS_ARRAY) {
		clone_flags_from_mask(&set, flags);
		return clone_extended_flags_run(fn, arg, stack, stack_size,
						&set, tls, parent_tid,
						child_tid, pid_set);
	}
	to_clone_info(flags, pid_set, &flags_low, &flags_high, &info);
	return clone_extended_info_run(fn, arg, stack, stack_size, flags_low,
				       tls, parent_tid, child_tid, &info);
}
