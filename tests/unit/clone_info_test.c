// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Unit tests of the clone_info_flag_*() helpers of <linux/clone_info.h>:
 * bits 0-31 go to flags_low, bit 32 + 32 * w + k to bit k of flags_high[w].
 * Built natively and with -m32.
 */
#include "unit_test.h"
/*
 * No C library header but <stddef.h>: scripts/abi-check --behaviour builds
 * this file against a C library's own include tree (musl's, say), where
 * the host's <limits.h> or <string.h> would meet the wrong <features.h>.
 * Hence __INT_MAX__, __CHAR_BIT__ and __builtin_mem*().
 */
#include <stddef.h>

#include <linux/clone_info.h>

/*
 * Room for one word more than the largest count, so that a write past the
 * last word the count allows would land in a word the tests can see.
 */
#define WORDS_ALLOCATED	(CLONE_INFO_HIGH_WORDS_MAX + 1)
#define UNTOUCHED	0x5a5a5a5a

struct fixture {
	int flags_low;
	int flags_high[WORDS_ALLOCATED];
	struct clone_info info;
};

static void fixture_init(struct fixture *f, int num_clone_high_words)
{
	f->flags_low = UNTOUCHED;
	for (int w = 0; w < WORDS_ALLOCATED; w++)
		f->flags_high[w] = UNTOUCHED;
	__builtin_memset(&f->info, 0, sizeof(f->info));
	f->info.num_clone_high_words = num_clone_high_words;
	f->info.flags_high = f->flags_high;
}

static void expect_untouched(const struct fixture *f, const char *what)
{
	cr_expect_eq(f->flags_low, UNTOUCHED, "%s: flags_low written", what);
	for (int w = 0; w < WORDS_ALLOCATED; w++)
		cr_expect_eq(f->flags_high[w], UNTOUCHED,
			     "%s: flags_high[%d] written", what, w);
}

/* The word a bit must land in, or -1 for flags_low, spelled out per row. */
static const struct {
	int bit;
	int word;
	unsigned int mask;
} placement_table[] = {
	{ 0, -1, 0x00000001U }, { 8, -1, 0x00000100U }, { 31, -1, 0x80000000U },
	{ 32, 0, 0x00000001U }, { 33, 0, 0x00000002U }, { 63, 0, 0x80000000U },
	{ 64, 1, 0x00000001U }, { 95, 1, 0x80000000U }, { 96, 2, 0x00000001U },
	{ 287, 7, 0x80000000U },
};

Test(clone_info_flag_add, places_each_bit_in_flags_low_or_its_high_word)
{
	for (size_t i = 0; i < sizeof(placement_table) / sizeof(placement_table[0]); i++) {
		struct fixture f;
		int bit = placement_table[i].bit, word = placement_table[i].word;

		fixture_init(&f, CLONE_INFO_HIGH_WORDS_MAX);
		f.flags_low = 0;
		for (int w = 0; w < CLONE_INFO_HIGH_WORDS_MAX; w++)
			f.flags_high[w] = 0;
		cr_assert_eq(clone_info_flag_add(&f.flags_low, &f.info, bit), 0,
			     "bit %d", bit);
		cr_expect_eq((unsigned int)f.flags_low,
			     word == -1 ? placement_table[i].mask : 0U,
			     "bit %d: flags_low is %#x", bit, (unsigned int)f.flags_low);
		for (int w = 0; w < CLONE_INFO_HIGH_WORDS_MAX; w++)
			cr_expect_eq((unsigned int)f.flags_high[w],
				     w == word ? placement_table[i].mask : 0U,
				     "bit %d: flags_high[%d] is %#x", bit, w,
				     (unsigned int)f.flags_high[w]);
		cr_expect_eq(f.flags_high[CLONE_INFO_HIGH_WORDS_MAX], UNTOUCHED,
			     "bit %d: word past the count written", bit);
	}
}

Test(clone_info_flag_add, keeps_the_other_bits_of_the_word)
{
	struct fixture f;

	fixture_init(&f, 1);
	f.flags_low = 0x00000011;
	f.flags_high[0] = 0x00000100;
	cr_expect_eq(clone_info_flag_add(&f.flags_low, &f.info, 1), 0);
	cr_expect_eq(clone_info_flag_add(&f.flags_low, &f.info, 32), 0);
	cr_expect_eq(f.flags_low, 0x00000013);
	cr_expect_eq(f.flags_high[0], 0x00000101);
}

Test(clone_info_flag_add, bit_31_round_trips_through_the_sign_bit_of_flags_low)
{
	int flags_low = 0;

	cr_expect_eq(clone_info_flag_add(&flags_low, NULL, 31), 0);
	cr_expect_eq(flags_low, (-__INT_MAX__ - 1));
	cr_expect_eq(clone_info_flag_ismember(flags_low, NULL, 31), 1);
	cr_expect_eq(clone_info_flag_ismember(flags_low, NULL, 30), 0);
	cr_expect_eq(clone_info_flag_del(&flags_low, NULL, 31), 0);
	cr_expect_eq(flags_low, 0);
	cr_expect_eq(clone_info_flag_ismember(flags_low, NULL, 31), 0);
}

Test(clone_info_flag_add, bit_31_of_a_high_word_round_trips_through_its_sign_bit)
{
	struct fixture f;

	fixture_init(&f, 1);
	f.flags_high[0] = 0;
	cr_expect_eq(clone_info_flag_add(&f.flags_low, &f.info, 63), 0);
	cr_expect_eq(f.flags_high[0], (-__INT_MAX__ - 1));
	cr_expect_eq(clone_info_flag_ismember(f.flags_low, &f.info, 63), 1);
	cr_expect_eq(clone_info_flag_del(&f.flags_low, &f.info, 63), 0);
	cr_expect_eq(f.flags_high[0], 0);
	cr_expect_eq(f.flags_low, UNTOUCHED, "flags_low written");
}

/*
 * Every case in which there is no word for the bit: each helper must return
 * -1 and write nothing.
 */
static const struct {
	const char *what;
	int num_clone_high_words;
	int flags_high_null;
	int bit;
} reject_table[] = {
	{ "bit -1", 1, 0, -1 },
	{ "bit INT_MIN", 1, 0, (-__INT_MAX__ - 1) },
	{ "bit INT_MAX", CLONE_INFO_HIGH_WORDS_MAX, 0, __INT_MAX__ },
	{ "count 0, bit 32", 0, 0, 32 },
	{ "count 1, bit 64 (one past the last word)", 1, 0, 64 },
	{ "count 3, bit 128 (one past the last word)", 3, 0, 128 },
	{ "count MAX, bit 32 * (MAX + 1)", CLONE_INFO_HIGH_WORDS_MAX, 0,
	  32 * (CLONE_INFO_HIGH_WORDS_MAX + 1) },
	{ "count -1, bit 32", -1, 0, 32 },
	{ "count INT_MIN, bit 32", (-__INT_MAX__ - 1), 0, 32 },
	{ "count MAX + 1, bit 32", CLONE_INFO_HIGH_WORDS_MAX + 1, 0, 32 },
	{ "count MAX + 1, bit 32 * (MAX + 1)", CLONE_INFO_HIGH_WORDS_MAX + 1, 0,
	  32 * (CLONE_INFO_HIGH_WORDS_MAX + 1) },
	{ "count INT_MAX, bit 32", __INT_MAX__, 0, 32 },
	{ "flags_high NULL, count 1, bit 32", 1, 1, 32 },
	{ "flags_high NULL, count MAX, bit 63", CLONE_INFO_HIGH_WORDS_MAX, 1, 63 },
	{ "flags_high NULL, count MAX, bit 64", CLONE_INFO_HIGH_WORDS_MAX, 1, 64 },
	{ "flags_high NULL, count MAX, last bit", CLONE_INFO_HIGH_WORDS_MAX, 1,
	  32 * (CLONE_INFO_HIGH_WORDS_MAX + 1) - 1 },
};

#define FOR_EACH_REJECT(i) \
	for (size_t i = 0; i < sizeof(reject_table) / sizeof(reject_table[0]); i++)

static void fixture_init_reject(struct fixture *f, size_t i)
{
	fixture_init(f, reject_table[i].num_clone_high_words);
	if (reject_table[i].flags_high_null)
		f->info.flags_high = NULL;
}

Test(clone_info_flag_add, rejects_a_bit_without_a_word_and_writes_nothing)
{
	FOR_EACH_REJECT(i) {
		struct fixture f;

		fixture_init_reject(&f, i);
		cr_expect_eq(clone_info_flag_add(&f.flags_low, &f.info, reject_table[i].bit),
			     -1, "%s", reject_table[i].what);
		expect_untouched(&f, reject_table[i].what);
	}
}

Test(clone_info_flag_del, rejects_a_bit_without_a_word_and_writes_nothing)
{
	FOR_EACH_REJECT(i) {
		struct fixture f;

		fixture_init_reject(&f, i);
		cr_expect_eq(clone_info_flag_del(&f.flags_low, &f.info, reject_table[i].bit),
			     -1, "%s", reject_table[i].what);
		expect_untouched(&f, reject_table[i].what);
	}
}

Test(clone_info_flag_ismember, answers_minus_1_for_a_bit_without_a_word)
{
	FOR_EACH_REJECT(i) {
		struct fixture f;

		fixture_init_reject(&f, i);
		cr_expect_eq(clone_info_flag_ismember(f.flags_low, &f.info,
						      reject_table[i].bit),
			     -1, "%s", reject_table[i].what);
	}
}

Test(clone_info_flag_add, accepts_the_last_bit_of_the_last_word_for_each_count)
{
	for (int count = 0; count <= CLONE_INFO_HIGH_WORDS_MAX; count++) {
		struct fixture f;
		int last = 32 * (count + 1) - 1;

		fixture_init(&f, count);
		cr_expect_eq(clone_info_flag_add(&f.flags_low, &f.info, last), 0,
			     "count %d, bit %d", count, last);
		cr_expect_eq(clone_info_flag_ismember(f.flags_low, &f.info, last), 1,
			     "count %d, bit %d", count, last);
		cr_expect_eq(clone_info_flag_add(&f.flags_low, &f.info, last + 1), -1,
			     "count %d, bit %d", count, last + 1);
		cr_expect_eq(f.flags_high[count], UNTOUCHED,
			     "count %d: word past the count written", count);
	}
}

Test(clone_info_flag_add, null_info_takes_bits_below_32_only)
{
	int flags_low = 0;

	for (int bit = 0; bit < 32; bit++)
		cr_expect_eq(clone_info_flag_add(&flags_low, NULL, bit), 0, "bit %d", bit);
	cr_expect_eq(flags_low, -1);
	for (int bit = 32; bit < 32 * (CLONE_INFO_HIGH_WORDS_MAX + 2); bit++) {
		cr_expect_eq(clone_info_flag_add(&flags_low, NULL, bit), -1, "bit %d", bit);
		cr_expect_eq(clone_info_flag_del(&flags_low, NULL, bit), -1, "bit %d", bit);
		cr_expect_eq(clone_info_flag_ismember(flags_low, NULL, bit), -1,
			     "bit %d", bit);
	}
	cr_expect_eq(flags_low, -1, "a rejected bit changed flags_low");
}

Test(clone_info_flag_add, low_bits_ignore_an_invalid_info)
{
	/* flags_high is not read for bits below 32, whatever the count says. */
	const int counts[] = { (-__INT_MAX__ - 1), -1, 0, CLONE_INFO_HIGH_WORDS_MAX + 1, __INT_MAX__ };

	for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
		struct fixture f;

		fixture_init(&f, counts[i]);
		f.info.flags_high = NULL;
		f.flags_low = 0;
		cr_expect_eq(clone_info_flag_add(&f.flags_low, &f.info, 5), 0,
			     "count %d", counts[i]);
		cr_expect_eq(f.flags_low, 1 << 5, "count %d", counts[i]);
		cr_expect_eq(clone_info_flag_ismember(f.flags_low, &f.info, 5), 1,
			     "count %d", counts[i]);
		cr_expect_eq(clone_info_flag_del(&f.flags_low, &f.info, 5), 0,
			     "count %d", counts[i]);
		cr_expect_eq(f.flags_low, 0, "count %d", counts[i]);
	}
}

Test(clone_info_flag_del, clears_only_the_named_bit)
{
	for (size_t i = 0; i < sizeof(placement_table) / sizeof(placement_table[0]); i++) {
		struct fixture f;
		int bit = placement_table[i].bit, word = placement_table[i].word;

		fixture_init(&f, CLONE_INFO_HIGH_WORDS_MAX);
		f.flags_low = -1;
		for (int w = 0; w < CLONE_INFO_HIGH_WORDS_MAX; w++)
			f.flags_high[w] = -1;
		cr_assert_eq(clone_info_flag_del(&f.flags_low, &f.info, bit), 0,
			     "bit %d", bit);
		cr_expect_eq((unsigned int)f.flags_low,
			     word == -1 ? ~placement_table[i].mask : ~0U,
			     "bit %d: flags_low is %#x", bit, (unsigned int)f.flags_low);
		for (int w = 0; w < CLONE_INFO_HIGH_WORDS_MAX; w++)
			cr_expect_eq((unsigned int)f.flags_high[w],
				     w == word ? ~placement_table[i].mask : ~0U,
				     "bit %d: flags_high[%d] is %#x", bit, w,
				     (unsigned int)f.flags_high[w]);
	}
}

Test(clone_info_flag_ismember, answers_1_for_the_set_bit_and_0_for_every_other)
{
	const int last = 32 * (CLONE_INFO_HIGH_WORDS_MAX + 1) - 1;

	for (size_t i = 0; i < sizeof(placement_table) / sizeof(placement_table[0]); i++) {
		struct fixture f;
		int bit = placement_table[i].bit;

		fixture_init(&f, CLONE_INFO_HIGH_WORDS_MAX);
		f.flags_low = 0;
		for (int w = 0; w < CLONE_INFO_HIGH_WORDS_MAX; w++)
			f.flags_high[w] = 0;
		clone_info_flag_add(&f.flags_low, &f.info, bit);
		for (int other = 0; other <= last; other++)
			cr_expect_eq(clone_info_flag_ismember(f.flags_low, &f.info, other),
				     other == bit, "bit %d set, bit %d asked", bit, other);
	}
}

Test(clone_info_flag_ismember, reads_flags_low_by_value_with_a_null_info)
{
	cr_expect_eq(clone_info_flag_ismember(0x00000100, NULL, 8), 1);
	cr_expect_eq(clone_info_flag_ismember(0x00000100, NULL, 9), 0);
	cr_expect_eq(clone_info_flag_ismember((-__INT_MAX__ - 1), NULL, 31), 1);
	cr_expect_eq(clone_info_flag_ismember(__INT_MAX__, NULL, 31), 0);
}
