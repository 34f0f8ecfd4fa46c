/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef VARIANT_CALL_H
#define VARIANT_CALL_H

/*
 * One way to call either clone_extended() variant with the spec's 64-bit
 * flag space, so that a test states a behaviour once and runs it through
 * both variants.
 */

#include <stddef.h>
#include <sys/types.h>
#include <linux/types.h>

#include "clone_extended.h"

enum variant {
	VARIANT_FLAGS_ARRAY,
	VARIANT_CLONE_INFO,
	VARIANT_COUNT,
};

const char *variant_name(enum variant variant);

/* The fork-like form; @pid_set may be NULL. */
pid_t variant_fork(enum variant variant, __u64 flags, int *parent_tid,
		   int *child_tid, const struct pid_set *pid_set);

/* The run form: fn(arg) on [stack, stack + stack_size). */
pid_t variant_run(enum variant variant, int (*fn)(void *), void *arg,
		  void *stack, size_t stack_size, __u64 flags,
		  unsigned long tls, int *parent_tid, int *child_tid,
		  const struct pid_set *pid_set);

#endif /* VARIANT_CALL_H */
