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
 * The bit helpers of the UAPI headers take a bit number, and the easiest
 * mistake, clone_flags_add(&set, CLONE_NEWPID), passes a mask: the helper
 * then returns -1 and nothing else says so.  With GCC and Clang a constant
 * that cannot be a bit number is a compile-time error instead: outside 0 to
 * 63 for clone_flags_*(), and for clone_info_flag_*() outside 0 to 287 or a
 * power of two from 64 up (no flag exists above bit 63, and every clone
 * flag mask from CLONE_VM up is a power of two).  A mask goes in with
 * clone_flags_from_mask(); define CLONE_EXTENDED_NO_BIT_CHECK to go without.
 */
#if defined(__GNUC__) && !defined(CLONE_EXTENDED_NO_BIT_CHECK)
extern int __clone_extended_bit_is_a_mask(void) __attribute__((__error__(
	"a clone flag mask where a bit number is expected: pass the bit number, or use clone_flags_from_mask()")));
#define __CLONE_EXTENDED_BIT(bit, bad)					\
	(__builtin_constant_p(bit) && (bad) ?				\
	 __clone_extended_bit_is_a_mask() : (bit))
#define __CLONE_FLAGS_BIT(bit)						\
	__CLONE_EXTENDED_BIT(bit, (bit) < 0 || (bit) >= CLONE_FLAGS_NBITS)
#define __CLONE_INFO_BIT(bit)						\
	__CLONE_EXTENDED_BIT(bit, (bit) < 0 ||				\
			     (bit) >= 32 * (1 + CLONE_INFO_HIGH_WORDS_MAX) || \
			     ((bit) >= 64 && ((bit) & ((bit) - 1)) == 0))
#define clone_flags_add(set, bit) clone_flags_add(set, __CLONE_FLAGS_BIT(bit))
#define clone_flags_del(set, bit) clone_flags_del(set, __CLONE_FLAGS_BIT(bit))
#define clone_flags_ismember(set, bit)					\
	clone_flags_ismember(set, __CLONE_FLAGS_BIT(bit))
#define clone_info_flag_add(low, info, bit)				\
	clone_info_flag_add(low, info, __CLONE_INFO_BIT(bit))
#define clone_info_flag_del(low, info, bit)				\
	clone_info_flag_del(low, info, __CLONE_INFO_BIT(bit))
#define clone_info_flag_ismember(low, info, bit)			\
	clone_info_flag_ismember(low, info, __CLONE_INFO_BIT(bit))
#endif

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
