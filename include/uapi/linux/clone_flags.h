/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
#ifndef _UAPI_LINUX_CLONE_FLAGS_H
#define _UAPI_LINUX_CLONE_FLAGS_H

#include <linux/types.h>
#include <linux/pid_set.h>

/*
 * Flag set of the flags-array variant of clone_extended():
 *
 *	long clone_extended(const struct clone_flags *flags, void *child_stack,
 *			    unsigned long tls, int *parent_tid,
 *			    int *child_tid, const struct pid_set *pid_set);
 *
 * Bit n of the set is bit n of the 64-bit clone3() flag space: bits 0-7
 * hold the exit signal (CSIGNAL), bits 8-31 the clone() flags and bits 32-63
 * the flags above them (CLONE_CLEAR_SIGHAND is bit 32).
 */

/* Number of flag bits a set holds, on every architecture. */
#define CLONE_FLAGS_NBITS	64

/* Number of words in a set: 1 where long has 64 bits, 2 where it has 32. */
#define CLONE_FLAGS_WORDS	(CLONE_FLAGS_NBITS / __BITS_PER_LONG)

/**
 * struct clone_flags - set of clone flags, handled like a sigset_t
 * @flags: Flag words.  Bit n of the set is bit (n % __BITS_PER_LONG) of
 *         @flags[n / __BITS_PER_LONG], so word 0 holds bits 0 and up on
 *         either byte order.
 *
 * C libraries may call this type clone_flags_t.  Manipulate it with the
 * clone_flags_*() helpers below rather than by hand, so that code does not
 * depend on the number of words.
 */
struct clone_flags {
	unsigned long flags[CLONE_FLAGS_WORDS];
};

/**
 * clone_flags_empty() - clear every flag of a set
 * @set: The set.
 *
 * Return: 0.
 */
static __inline__ int clone_flags_empty(struct clone_flags *set)
{
	int i;

	for (i = 0; i < CLONE_FLAGS_WORDS; i++)
		set->flags[i] = 0;
	return 0;
}

/**
 * clone_flags_fill() - set every bit of a set, CSIGNAL and unknown flags too
 * @set: The set.
 *
 * Return: 0.
 */
static __inline__ int clone_flags_fill(struct clone_flags *set)
{
	int i;

	for (i = 0; i < CLONE_FLAGS_WORDS; i++)
		set->flags[i] = ~0UL;
	return 0;
}

/**
 * clone_flags_add() - set one bit of a set
 * @set: The set.
 * @bit: Bit number, 0 to CLONE_FLAGS_NBITS - 1.
 *
 * Return: 0, or -1 if @bit is out of range; the set is then unchanged.
 */
static __inline__ int clone_flags_add(struct clone_flags *set, int bit)
{
	if (bit < 0 || bit >= CLONE_FLAGS_NBITS)
		return -1;
	set->flags[bit / __BITS_PER_LONG] |= 1UL << (bit % __BITS_PER_LONG);
	return 0;
}

/**
 * clone_flags_del() - clear one bit of a set
 * @set: The set.
 * @bit: Bit number, 0 to CLONE_FLAGS_NBITS - 1.
 *
 * Return: 0, or -1 if @bit is out of range; the set is then unchanged.
 */
static __inline__ int clone_flags_del(struct clone_flags *set, int bit)
{
	if (bit < 0 || bit >= CLONE_FLAGS_NBITS)
		return -1;
	set->flags[bit / __BITS_PER_LONG] &= ~(1UL << (bit % __BITS_PER_LONG));
	return 0;
}

/**
 * clone_flags_ismember() - test one bit of a set
 * @set: The set.
 * @bit: Bit number, 0 to CLONE_FLAGS_NBITS - 1.
 *
 * Return: 1 if the bit is set, 0 if it is clear, -1 if @bit is out of range.
 */
static __inline__ int clone_flags_ismember(const struct clone_flags *set,
					   int bit)
{
	if (bit < 0 || bit >= CLONE_FLAGS_NBITS)
		return -1;
	return (set->flags[bit / __BITS_PER_LONG] >>
		(bit % __BITS_PER_LONG)) & 1;
}

/**
 * clone_flags_isempty() - test whether a set has no bit set
 * @set: The set.
 *
 * Return: 1 if no bit is set, 0 otherwise.
 */
static __inline__ int clone_flags_isempty(const struct clone_flags *set)
{
	int i;

	for (i = 0; i < CLONE_FLAGS_WORDS; i++)
		if (set->flags[i])
			return 0;
	return 1;
}

/**
 * clone_flags_and() - intersection of two sets
 * @dest:  Receives the bits set in both @left and @right; may be either.
 * @left:  A set.
 * @right: A set.
 *
 * Return: 0.
 */
static __inline__ int clone_flags_and(struct clone_flags *dest,
				      const struct clone_flags *left,
				      const struct clone_flags *right)
{
	int i;

	for (i = 0; i < CLONE_FLAGS_WORDS; i++)
		dest->flags[i] = left->flags[i] & right->flags[i];
	return 0;
}

/**
 * clone_flags_or() - union of two sets
 * @dest:  Receives the bits set in @left or @right; may be either.
 * @left:  A set.
 * @right: A set.
 *
 * Return: 0.
 */
static __inline__ int clone_flags_or(struct clone_flags *dest,
				     const struct clone_flags *left,
				     const struct clone_flags *right)
{
	int i;

	for (i = 0; i < CLONE_FLAGS_WORDS; i++)
		dest->flags[i] = left->flags[i] | right->flags[i];
	return 0;
}

/**
 * clone_flags_from_mask() - make a set from a 64-bit clone3() flag mask
 * @set:  Receives exactly the bits of @mask.
 * @mask: Flags as clone() and clone3() spell them, e.g.
 *        CLONE_VM | CLONE_CLEAR_SIGHAND | SIGCHLD.
 *
 * Return: 0.
 */
static __inline__ int clone_flags_from_mask(struct clone_flags *set,
					    __u64 mask)
{
	int i;

	for (i = 0; i < CLONE_FLAGS_WORDS; i++)
		set->flags[i] = (unsigned long)(mask >> (i * __BITS_PER_LONG));
	return 0;
}

/**
 * clone_flags_to_mask() - the 64-bit clone3() flag mask of a set
 * @set: The set.
 *
 * Return: bits 0 to 63 of @set.
 */
static __inline__ __u64 clone_flags_to_mask(const struct clone_flags *set)
{
	__u64 mask = 0;
	int i;

	for (i = 0; i < CLONE_FLAGS_WORDS; i++)
		mask |= (__u64)set->flags[i] << (i * __BITS_PER_LONG);
	return mask;
}

#endif /* _UAPI_LINUX_CLONE_FLAGS_H */
