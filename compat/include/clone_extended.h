/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef CLONE_EXTENDED_H
#define CLONE_EXTENDED_H

/*
 * Both clone_extended() interfaces of docs/spec.md, on kernels that do not
 * have the system call: the library expresses each request with clone3()
 * (and clone() where clone3() is missing).  See clone_extended_flags(3) and
 * clone_extended_info(3).
 */

#include <stddef.h>
#include <sys/types.h>
#include <linux/pid_set.h>
#include <linux/clone_flags.h>
#include <linux/clone_info.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The seed's name for the flag set; the kernel header leaves it to libc. */
typedef struct clone_flags clone_flags_t;

/*
 * flags-array variant, fork-like: the argument list of the system call.
 * Returns the child's pid in the parent and 0 in the child, which runs on a
 * copy of the caller's stack; child_stack must be NULL and CLONE_VM is
 * refused (use clone_extended_flags_run() for either).
 */
pid_t clone_extended_flags(const clone_flags_t *flags, void *child_stack,
			   unsigned long tls, int *parent_tid, int *child_tid,
			   const struct pid_set *pid_set);

/*
 * flags-array variant, running fn(arg) in the child on the caller-supplied
 * stack [stack, stack + stack_size); the child exits with fn's return value.
 */
pid_t clone_extended_flags_run(int (*fn)(void *), void *arg, void *stack,
			       size_t stack_size, const clone_flags_t *flags,
			       unsigned long tls, int *parent_tid,
			       int *child_tid, const struct pid_set *pid_set);

/* clone-info variant, fork-like, as clone_extended_flags(). */
pid_t clone_extended_info(int flags_low, void *child_stack, unsigned long tls,
			  int *parent_tid, int *child_tid,
			  const struct clone_info *clone_info);

/* clone-info variant, running fn(arg), as clone_extended_flags_run(). */
pid_t clone_extended_info_run(int (*fn)(void *), void *arg, void *stack,
			      size_t stack_size, int flags_low,
			      unsigned long tls, int *parent_tid,
			      int *child_tid,
			      const struct clone_info *clone_info);

#ifdef __cplusplus
}
#endif

#endif /* CLONE_EXTENDED_H */
