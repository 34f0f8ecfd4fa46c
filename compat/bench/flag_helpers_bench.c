// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Instruction counts of the clone_flags_*() helpers against the bit
 * operation a programmer would write by hand.  Each pair is a noinline
 * function, so `valgrind --tool=callgrind` reports its instructions per
 * call; scripts read them with callgrind_annotate (see docs/compat.md).
 */
#include <stdio.h>

#include <linux/clone_flags.h>

#define CALLS	1000
#define BPL	(8 * (int)sizeof(unsigned long))
#define NOINLINE __attribute__((noinline))

NOINLINE int helper_add(struct clone_flags *s, int bit)
{
	return clone_flags_add(s, bit);
}

NOINLINE int manual_add(struct clone_flags *s, int bit)
{
	s->flags[bit / BPL] |= 1UL << (bit % BPL);
	return 0;
}

NOINLINE int helper_del(struct clone_flags *s, int bit)
{
	return clone_flags_del(s, bit);
}

NOINLINE int manual_del(struct clone_flags *s, int bit)
{
	s->flags[bit / BPL] &= ~(1UL << (bit % BPL));
	return 0;
}

NOINLINE int helper_ismember(const struct clone_flags *s, int bit)
{
	return clone_flags_ismember(s, bit);
}

NOINLINE int manual_ismember(const struct clone_flags *s, int bit)
{
	return (s->flags[bit / BPL] >> (bit % BPL)) & 1;
}

NOINLINE int helper_empty(struct clone_flags *s)
{
	return clone_flags_empty(s);
}

NOINLINE int manual_empty(struct clone_flags *s)
{
	__builtin_memset(s, 0, sizeof(*s));
	return 0;
}

NOINLINE int helper_isempty(const struct clone_flags *s)
{
	return clone_flags_isempty(s);
}

NOINLINE int manual_isempty(const struct clone_flags *s)
{
	int i;

	for (i = 0; i < CLONE_FLAGS_WORDS; i++)
		if (s->flags[i])
			return 0;
	return 1;
}

NOINLINE int helper_or(struct clone_flags *d, const struct clone_flags *a,
		       const struct clone_flags *b)
{
	return clone_flags_or(d, a, b);
}

NOINLINE int manual_or(struct clone_flags *d, const struct clone_flags *a,
		       const struct clone_flags *b)
{
	int i;

	for (i = 0; i < CLONE_FLAGS_WORDS; i++)
		d->flags[i] = a->flags[i] | b->flags[i];
	return 0;
}

NOINLINE __u64 helper_to_mask(const struct clone_flags *s)
{
	return clone_flags_to_mask(s);
}

NOINLINE __u64 manual_to_mask(const struct clone_flags *s)
{
	__u64 mask = 0;
	int i;

	for (i = 0; i < CLONE_FLAGS_WORDS; i++)
		mask |= (__u64)s->flags[i] << (i * BPL);
	return mask;
}

NOINLINE int helper_from_mask(struct clone_flags *s, __u64 mask)
{
	return clone_flags_from_mask(s, mask);
}

NOINLINE int manual_from_mask(struct clone_flags *s, __u64 mask)
{
	int i;

	for (i = 0; i < CLONE_FLAGS_WORDS; i++)
		s->flags[i] = (unsigned long)(mask >> (i * BPL));
	return 0;
}

int main(void)
{
	struct clone_flags a = { { 0 } }, b = { { 0 } }, d;
	volatile __u64 sink = 0;
	int i;

	for (i = 0; i < CALLS; i++) {
		int bit = i % 64;

		sink += helper_add(&a, bit) + manual_add(&b, bit);
		sink += helper_ismember(&a, bit) + manual_ismember(&b, bit);
		sink += helper_del(&a, bit) + manual_del(&b, bit);
		sink += helper_isempty(&a) + manual_isempty(&b);
		sink += helper_or(&d, &a, &b) + manual_or(&d, &a, &b);
		sink += helper_to_mask(&a) + manual_to_mask(&b);
		sink += helper_from_mask(&a, sink) + manual_from_mask(&b, sink);
		sink += helper_empty(&a) + manual_empty(&b);
	}
	printf("%llu\n", (unsigned long long)(sink & 1));
	return 0;
}
