// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Unit tests of the clone_flags_*() helpers of <linux/clone_flags.h>.
 * Built twice, natively and with -m32, so that the two-word layout of
 * 32-bit architectures is exercised on this x86_64 host.
 */
#include "unit_test.h"
/*
 * No C library header but <stddef.h>: scripts/abi-check --behaviour builds
 * this file against a C library's own include tree (musl's, say), where
 * the host's <limits.h> or <string.h> would meet the wrong <features.h>.
 * Hence __INT_MAX__, __CHAR_BIT__ and __builtin_mem*().
 */
#include <stddef.h>

#include <linux/clone_flags.h>

/* Bit numbers every per-bit helper is checked with, in and out of range. */
static const struct {
	int bit;
	int in_range;
} bit_table[] = {
	{ (-__INT_MAX__ - 1), 0 }, { -1, 0 }, { 0, 1 }, { 1, 1 }, { 7, 1 }, { 8, 1 },
	{ 31, 1 }, { 32, 1 }, { 33, 1 }, { 62, 1 }, { 63, 1 },
	{ 64, 0 }, { 65, 0 }, { __INT_MAX__, 0 },
};

#define FOR_EACH_BIT(i) \
	for (size_t i = 0; i < sizeof(bit_table) / sizeof(bit_table[0]); i++)

/*
 * Where bit n must live, written out rather than computed the way the
 * header computes it: on 32-bit, word 1 holds bits 32 to 63.
 */
static const struct {
	int bit;
	int word;
	int shift;
} layout_table[] = {
#if __SIZEOF_LONG__ == 8
	{ 0, 0, 0 }, { 1, 0, 1 }, { 31, 0, 31 }, { 32, 0, 32 }, { 33, 0, 33 },
	{ 63, 0, 63 },
#else
	{ 0, 0, 0 }, { 1, 0, 1 }, { 31, 0, 31 }, { 32, 1, 0 }, { 33, 1, 1 },
	{ 63, 1, 31 },
#endif
};

/* A set whose words are all different and neither empty nor full. */
static void set_pattern(struct clone_flags *set)
{
	for (int i = 0; i < CLONE_FLAGS_WORDS; i++)
		set->flags[i] = (unsigned long)0xa5c3f00f5a3c0ff0ULL ^ (unsigned long)i;
}

static int set_equal(const struct clone_flags *a, const struct clone_flags *b)
{
	return __builtin_memcmp(a, b, sizeof(*a)) == 0;
}

/*
 * A set followed by guard words: a helper that computes a word index past
 * the set writes into them instead of somewhere on the stack.  Built at -O0
 * the write happens; at -O2 the compiler may take the index to be in range
 * and fold it away, which is why scripts/abi-check --behaviour builds both.
 */
#define GUARD_WORDS 2
#define GUARD_PATTERN ((unsigned long)0x5a5a5a5a5a5a5a5aULL)

struct guarded_set {
	struct clone_flags set;
	unsigned long guard[GUARD_WORDS];
};

static void expect_guard_intact(const struct guarded_set *g,
				const char *helper, int bit)
{
	for (int w = 0; w < GUARD_WORDS; w++)
		cr_expect_eq(g->guard[w], GUARD_PATTERN,
			     "%s(bit %d) wrote past the set: word %d after it is %#lx, want %#lx",
			     helper, bit, w, g->guard[w], GUARD_PATTERN);
}

/* First in the file, so that it reports before an overrun crashes another. */
Test(clone_flags_bounds, per_bit_helpers_stay_inside_the_set)
{
	for (int bit = 0; bit < CLONE_FLAGS_NBITS; bit++) {
		struct guarded_set g;

		for (int w = 0; w < GUARD_WORDS; w++)
			g.guard[w] = GUARD_PATTERN;
		clone_flags_empty(&g.set);
		clone_flags_add(&g.set, bit);
		expect_guard_intact(&g, "clone_flags_add", bit);
		cr_expect_eq(clone_flags_ismember(&g.set, bit), 1,
			     "clone_flags_ismember(bit %d) after clone_flags_add", bit);
		clone_flags_del(&g.set, bit);
		expect_guard_intact(&g, "clone_flags_del", bit);
		cr_expect_eq(clone_flags_isempty(&g.set), 1,
			     "clone_flags_del(bit %d) after clone_flags_add left a bit set", bit);
	}
}

Test(clone_flags_layout, holds_64_bits_in_64_over_bits_per_long_words)
{
	cr_expect_eq(CLONE_FLAGS_NBITS, 64);
	cr_expect_eq(CLONE_FLAGS_WORDS, __SIZEOF_LONG__ == 8 ? 1 : 2);
#ifdef __BITS_PER_LONG	/* a kernel-style copy: the target's asm headers */
	cr_expect_eq(sizeof(long) * __CHAR_BIT__, (size_t)__BITS_PER_LONG);
#endif
	cr_expect_eq(sizeof(struct clone_flags), 8);
}

Test(clone_flags_layout, bit_n_is_bit_n_mod_bpl_of_word_n_div_bpl)
{
	for (size_t i = 0; i < sizeof(layout_table) / sizeof(layout_table[0]); i++) {
		struct clone_flags set;
		int bit = layout_table[i].bit;

		clone_flags_empty(&set);
		cr_assert_eq(clone_flags_add(&set, bit), 0, "add bit %d", bit);
		for (int w = 0; w < CLONE_FLAGS_WORDS; w++) {
			unsigned long want = w == layout_table[i].word ?
				1UL << layout_table[i].shift : 0;

			cr_expect_eq(set.flags[w], want,
				     "clone_flags_add(bit %d): word %d is %#lx, want %#lx",
				     bit, w, set.flags[w], want);
		}
		cr_expect_eq(clone_flags_to_mask(&set), 1ULL << bit,
			     "bit %d: mask", bit);
	}
}

Test(clone_flags_empty, clears_every_word_and_returns_0)
{
	struct clone_flags set;

	set_pattern(&set);
	cr_expect_eq(clone_flags_empty(&set), 0);
	for (int w = 0; w < CLONE_FLAGS_WORDS; w++)
		cr_expect_eq(set.flags[w], 0UL, "word %d", w);
	cr_expect_eq(clone_flags_isempty(&set), 1);
}

Test(clone_flags_fill, sets_every_bit_and_returns_0)
{
	struct clone_flags set;

	clone_flags_empty(&set);
	cr_expect_eq(clone_flags_fill(&set), 0);
	for (int w = 0; w < CLONE_FLAGS_WORDS; w++)
		cr_expect_eq(set.flags[w], ~0UL, "word %d", w);
	for (int bit = 0; bit < CLONE_FLAGS_NBITS; bit++)
		cr_expect_eq(clone_flags_ismember(&set, bit), 1, "bit %d", bit);
	cr_expect_eq(clone_flags_to_mask(&set), ~0ULL);
	cr_expect_eq(clone_flags_isempty(&set), 0);
}

Test(clone_flags_isempty, is_0_when_any_single_bit_of_any_word_is_set)
{
	for (int bit = 0; bit < CLONE_FLAGS_NBITS; bit++) {
		struct clone_flags set;

		clone_flags_empty(&set);
		clone_flags_add(&set, bit);
		cr_expect_eq(clone_flags_isempty(&set), 0, "only bit %d set", bit);
	}
}

Test(clone_flags_add, sets_only_the_named_bit_and_rejects_out_of_range)
{
	FOR_EACH_BIT(i) {
		struct clone_flags set, before;
		int bit = bit_table[i].bit;

		clone_flags_empty(&set);
		before = set;
		if (!bit_table[i].in_range) {
			cr_expect_eq(clone_flags_add(&set, bit), -1, "bit %d", bit);
			cr_expect(set_equal(&set, &before), "bit %d changed the set", bit);
			continue;
		}
		cr_expect_eq(clone_flags_add(&set, bit), 0, "bit %d", bit);
		cr_expect_eq(clone_flags_to_mask(&set), 1ULL << bit, "bit %d", bit);
		/* Adding twice is idempotent. */
		cr_expect_eq(clone_flags_add(&set, bit), 0, "bit %d again", bit);
		cr_expect_eq(clone_flags_to_mask(&set), 1ULL << bit, "bit %d again", bit);
	}
}

Test(clone_flags_add, out_of_range_leaves_a_patterned_set_unchanged)
{
	FOR_EACH_BIT(i) {
		struct clone_flags set, before;
		int bit = bit_table[i].bit;

		if (bit_table[i].in_range)
			continue;
		set_pattern(&set);
		before = set;
		cr_expect_eq(clone_flags_add(&set, bit), -1, "bit %d", bit);
		cr_expect(set_equal(&set, &before), "bit %d changed the set", bit);
	}
}

Test(clone_flags_del, clears_only_the_named_bit_and_rejects_out_of_range)
{
	FOR_EACH_BIT(i) {
		struct clone_flags set, before;
		int bit = bit_table[i].bit;

		clone_flags_fill(&set);
		before = set;
		if (!bit_table[i].in_range) {
			cr_expect_eq(clone_flags_del(&set, bit), -1, "bit %d", bit);
			cr_expect(set_equal(&set, &before), "bit %d changed the set", bit);
			continue;
		}
		cr_expect_eq(clone_flags_del(&set, bit), 0, "bit %d", bit);
		cr_expect_eq(clone_flags_to_mask(&set), ~(1ULL << bit), "bit %d", bit);
		cr_expect_eq(clone_flags_del(&set, bit), 0, "bit %d again", bit);
		cr_expect_eq(clone_flags_to_mask(&set), ~(1ULL << bit), "bit %d again", bit);
	}
}

Test(clone_flags_del, out_of_range_leaves_a_patterned_set_unchanged)
{
	FOR_EACH_BIT(i) {
		struct clone_flags set, before;
		int bit = bit_table[i].bit;

		if (bit_table[i].in_range)
			continue;
		set_pattern(&set);
		before = set;
		cr_expect_eq(clone_flags_del(&set, bit), -1, "bit %d", bit);
		cr_expect(set_equal(&set, &before), "bit %d changed the set", bit);
	}
}

Test(clone_flags_ismember, answers_1_for_the_set_bit_0_elsewhere_and_minus_1_out_of_range)
{
	FOR_EACH_BIT(i) {
		struct clone_flags only, all_but, before;
		int bit = bit_table[i].bit;

		if (!bit_table[i].in_range) {
			set_pattern(&only);
			before = only;
			cr_expect_eq(clone_flags_ismember(&only, bit), -1, "bit %d", bit);
			cr_expect(set_equal(&only, &before), "bit %d changed the set", bit);
			continue;
		}
		clone_flags_empty(&only);
		clone_flags_add(&only, bit);
		clone_flags_fill(&all_but);
		clone_flags_del(&all_but, bit);
		for (int other = 0; other < CLONE_FLAGS_NBITS; other++) {
			cr_expect_eq(clone_flags_ismember(&only, other), other == bit,
				     "only bit %d set, bit %d asked", bit, other);
			cr_expect_eq(clone_flags_ismember(&all_but, other), other != bit,
				     "all but bit %d set, bit %d asked", bit, other);
		}
	}
}

/* Operands with bits in both halves, so a one-word loop on 32-bit fails. */
#define LEFT_MASK	0x8000000100000003ULL
#define RIGHT_MASK	0x0000000300000005ULL
#define AND_MASK	0x0000000100000001ULL
#define OR_MASK		0x8000000300000007ULL

Test(clone_flags_and, intersects_both_words_into_a_separate_dest)
{
	struct clone_flags left, right, dest;

	clone_flags_from_mask(&left, LEFT_MASK);
	clone_flags_from_mask(&right, RIGHT_MASK);
	set_pattern(&dest);
	cr_expect_eq(clone_flags_and(&dest, &left, &right), 0);
	cr_expect_eq(clone_flags_to_mask(&dest), AND_MASK);
	cr_expect_eq(clone_flags_to_mask(&left), LEFT_MASK, "left was changed");
	cr_expect_eq(clone_flags_to_mask(&right), RIGHT_MASK, "right was changed");
}

Test(clone_flags_and, intersects_when_dest_is_left)
{
	struct clone_flags left, right;

	clone_flags_from_mask(&left, LEFT_MASK);
	clone_flags_from_mask(&right, RIGHT_MASK);
	cr_expect_eq(clone_flags_and(&left, &left, &right), 0);
	cr_expect_eq(clone_flags_to_mask(&left), AND_MASK);
	cr_expect_eq(clone_flags_to_mask(&right), RIGHT_MASK, "right was changed");
}

Test(clone_flags_and, intersects_when_dest_is_right)
{
	struct clone_flags left, right;

	clone_flags_from_mask(&left, LEFT_MASK);
	clone_flags_from_mask(&right, RIGHT_MASK);
	cr_expect_eq(clone_flags_and(&right, &left, &right), 0);
	cr_expect_eq(clone_flags_to_mask(&right), AND_MASK);
	cr_expect_eq(clone_flags_to_mask(&left), LEFT_MASK, "left was changed");
}

Test(clone_flags_or, unites_both_words_into_a_separate_dest)
{
	struct clone_flags left, right, dest;

	clone_flags_from_mask(&left, LEFT_MASK);
	clone_flags_from_mask(&right, RIGHT_MASK);
	set_pattern(&dest);
	cr_expect_eq(clone_flags_or(&dest, &left, &right), 0);
	cr_expect_eq(clone_flags_to_mask(&dest), OR_MASK);
	cr_expect_eq(clone_flags_to_mask(&left), LEFT_MASK, "left was changed");
	cr_expect_eq(clone_flags_to_mask(&right), RIGHT_MASK, "right was changed");
}

Test(clone_flags_or, unites_when_dest_is_left)
{
	struct clone_flags left, right;

	clone_flags_from_mask(&left, LEFT_MASK);
	clone_flags_from_mask(&right, RIGHT_MASK);
	cr_expect_eq(clone_flags_or(&left, &left, &right), 0);
	cr_expect_eq(clone_flags_to_mask(&left), OR_MASK);
	cr_expect_eq(clone_flags_to_mask(&right), RIGHT_MASK, "right was changed");
}

Test(clone_flags_or, unites_when_dest_is_right)
{
	struct clone_flags left, right;

	clone_flags_from_mask(&left, LEFT_MASK);
	clone_flags_from_mask(&right, RIGHT_MASK);
	cr_expect_eq(clone_flags_or(&right, &left, &right), 0);
	cr_expect_eq(clone_flags_to_mask(&right), OR_MASK);
	cr_expect_eq(clone_flags_to_mask(&left), LEFT_MASK, "left was changed");
}

/*
 * Masks and the words they must become, spelled per word size: on 32-bit
 * word 0 is the low half and word 1 the high half.
 */
static const struct {
	unsigned long long mask;
	unsigned int low, high;
} mask_table[] = {
	{ 0x0000000000000000ULL, 0x00000000U, 0x00000000U },
	{ 0x0000000000000001ULL, 0x00000001U, 0x00000000U },
	{ 0x0000000080000000ULL, 0x80000000U, 0x00000000U },
	{ 0x0000000100000000ULL, 0x00000000U, 0x00000001U },
	{ 0x8000000000000000ULL, 0x00000000U, 0x80000000U },
	{ 0xffffffffffffffffULL, 0xffffffffU, 0xffffffffU },
	{ 0x0123456789abcdefULL, 0x89abcdefU, 0x01234567U },
	/* CLONE_CLEAR_SIGHAND | CLONE_VM | SIGCHLD */
	{ 0x0000000100000111ULL, 0x00000111U, 0x00000001U },
};

Test(clone_flags_from_mask, puts_the_low_half_in_word_0_and_the_high_half_after_it)
{
	for (size_t i = 0; i < sizeof(mask_table) / sizeof(mask_table[0]); i++) {
		struct clone_flags set;

		set_pattern(&set);
		cr_expect_eq(clone_flags_from_mask(&set, mask_table[i].mask), 0);
#if __SIZEOF_LONG__ == 8
		cr_expect_eq(set.flags[0],
			     (unsigned long)mask_table[i].high << 32 | mask_table[i].low,
			     "mask %#llx: word 0 is %#lx", mask_table[i].mask, set.flags[0]);
#else
		cr_expect_eq(set.flags[0], (unsigned long)mask_table[i].low,
			     "mask %#llx: word 0 is %#lx", mask_table[i].mask, set.flags[0]);
		cr_expect_eq(set.flags[1], (unsigned long)mask_table[i].high,
			     "mask %#llx: word 1 is %#lx", mask_table[i].mask, set.flags[1]);
#endif
	}
}

Test(clone_flags_to_mask, reads_back_every_mask_from_mask_wrote)
{
	for (size_t i = 0; i < sizeof(mask_table) / sizeof(mask_table[0]); i++) {
		struct clone_flags set;

		clone_flags_from_mask(&set, mask_table[i].mask);
		cr_expect_eq(clone_flags_to_mask(&set), mask_table[i].mask,
			     "mask %#llx", mask_table[i].mask);
	}
}

Test(clone_flags_to_mask, round_trips_a_set_built_bit_by_bit)
{
	struct clone_flags built, copy;

	clone_flags_empty(&built);
	for (int bit = 0; bit < CLONE_FLAGS_NBITS; bit += 3)
		clone_flags_add(&built, bit);
	clone_flags_from_mask(&copy, clone_flags_to_mask(&built));
	cr_expect(set_equal(&copy, &built));
	for (int bit = 0; bit < CLONE_FLAGS_NBITS; bit++)
		cr_expect_eq(clone_flags_ismember(&copy, bit), bit % 3 == 0, "bit %d", bit);
}
