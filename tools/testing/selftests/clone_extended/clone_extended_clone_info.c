// SPDX-License-Identifier: GPL-2.0
/*
 * Tests of clone_extended() with the flags in flags_low and the words of a
 * struct clone_info.
 *
 * The cases every variant shares are in clone_extended_common.h, which also
 * runs the rows of clone_extended_cases.h; this file adds the ones about
 * reading struct clone_info: a NULL one, its count of high words, the words
 * themselves and where the flags above bit 31 land.
 * Built as a 64-bit and as a 32-bit program, it tests the native entry and
 * the compat one of a 64-bit kernel.
 */

#include "../kselftest_harness.h"

#include <stdint.h>
#include <sys/syscall.h>
#include <linux/clone_info.h>
#include <linux/pid_set.h>
#include <linux/sched.h>

#ifdef __NR_clone_extended

static long sys_clone_extended(int flags_low, int *parent_tid, int *child_tid,
			       const struct clone_info *info)
{
	fflush(stdout);
	fflush(stderr);
	return syscall(__NR_clone_extended, flags_low, NULL, 0UL, parent_tid,
		       child_tid, info);
}

/* The first and last argument of a call, and what the last points to. */
struct call_regs {
	unsigned long first, last;
	int high;
	struct clone_info info;
};

/*
 * Bits 32-63 go to high word 0; a call with neither high flags nor a pid
 * set passes no struct clone_info at all.
 */
static void clone_extended_regs(struct call_regs *regs, __u64 flags,
				const struct pid_set *pid_set)
{
	regs->high = (int)(__u32)(flags >> 32);
	memset(&regs->info, 0, sizeof(regs->info));
	regs->info.num_clone_high_words = regs->high ? 1 : 0;
	regs->info.flags_high = &regs->high;
	if (pid_set)
		regs->info.pid_set = *pid_set;
	regs->first = (__u32)flags;
	regs->last = regs->high || pid_set ? (uintptr_t)&regs->info : 0;
}

#include "clone_extended_common.h"

/*
 * Point *@p at the last @readable bytes of a page that is followed by an
 * unmapped one: an object there straddles the boundary.
 */
static int straddling(size_t readable, void **p)
{
	long page = getpagesize();
	char *map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (map == MAP_FAILED || munmap(map + page, page))
		return -1;
	memset(map, 0, page);
	*p = map + page - readable;
	return 0;
}

/* A child of a successful call exits 0; the caller reaps it. */
static int created_and_reaped(pid_t pid)
{
	if (pid == 0)
		_exit(0);
	return pid > 0 && wait_exit_code(pid) == 0;
}

TEST(null_clone_info_is_plain_clone)
{
	int tid = 0;
	pid_t pid = sys_clone_extended(SIGCHLD | CLONE_PARENT_SETTID, &tid,
				       NULL, NULL);

	if (pid == 0)
		_exit(0);
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	EXPECT_EQ(pid, tid);
	EXPECT_EQ(0, wait_exit_code(pid));
}

TEST(unreadable_clone_info_is_efault)
{
	struct clone_info *partly;

	ASSERT_EQ(0, straddling(sizeof(*partly) - 1, (void **)&partly));
	EXPECT_EQ(-1, sys_clone_extended(SIGCHLD, NULL, NULL,
					 unmapped_address()));
	EXPECT_EQ(EFAULT, errno);
	/* The whole struct is read: its last byte is on an unmapped page. */
	EXPECT_EQ(-1, sys_clone_extended(SIGCHLD, NULL, NULL, partly));
	EXPECT_EQ(EFAULT, errno);
}

TEST(num_clone_high_words_out_of_range_is_einval)
{
	static const int counts[] = {
		-1, INT_MIN, CLONE_INFO_HIGH_WORDS_MAX + 1, INT_MAX,
	};
	int words[CLONE_INFO_HIGH_WORDS_MAX + 1] = { 0 };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(counts); i++) {
		struct clone_info info = {
			.num_clone_high_words = counts[i],
			.flags_high = words,
		};

		errno = 0;
		EXPECT_EQ(-1, sys_clone_extended(SIGCHLD, NULL, NULL, &info))
			TH_LOG("num_clone_high_words %d", counts[i]);
		EXPECT_EQ(EINVAL, errno)
			TH_LOG("num_clone_high_words %d", counts[i]);
	}
}

/* Every count from 0 to the maximum, with zero words, is a plain clone. */
TEST(num_clone_high_words_in_range_is_accepted)
{
	int words[CLONE_INFO_HIGH_WORDS_MAX] = { 0 };
	int n;

	for (n = 0; n <= CLONE_INFO_HIGH_WORDS_MAX; n++) {
		struct clone_info info = {
			.num_clone_high_words = n,
			.flags_high = words,
		};

		EXPECT_TRUE(created_and_reaped(sys_clone_extended(SIGCHLD,
								  NULL, NULL,
								  &info)))
			TH_LOG("num_clone_high_words %d: errno %d", n, errno);
	}
}

TEST(no_high_words_reads_no_flags_high)
{
	struct clone_info info = { .num_clone_high_words = 0 };

	info.flags_high = NULL;
	EXPECT_TRUE(created_and_reaped(sys_clone_extended(SIGCHLD, NULL, NULL,
							  &info)))
		TH_LOG("flags_high NULL: errno %d", errno);
	info.flags_high = unmapped_address();
	EXPECT_TRUE(created_and_reaped(sys_clone_extended(SIGCHLD, NULL, NULL,
							  &info)))
		TH_LOG("flags_high unmapped: errno %d", errno);
}

TEST(unreadable_flags_high_is_efault)
{
	struct clone_info info = { .num_clone_high_words = 1 };
	int *two_and_a_bit;

	ASSERT_EQ(0, straddling(2 * sizeof(int) - 1, (void **)&two_and_a_bit));
	info.flags_high = NULL;
	EXPECT_EQ(-1, sys_clone_extended(SIGCHLD, NULL, NULL, &info));
	EXPECT_EQ(EFAULT, errno);
	info.flags_high = unmapped_address();
	EXPECT_EQ(-1, sys_clone_extended(SIGCHLD, NULL, NULL, &info));
	EXPECT_EQ(EFAULT, errno);
	/* Word 1 crosses into the unmapped page. */
	info.num_clone_high_words = 2;
	info.flags_high = two_and_a_bit;
	EXPECT_EQ(-1, sys_clone_extended(SIGCHLD, NULL, NULL, &info));
	EXPECT_EQ(EFAULT, errno);
}

/* Only num_clone_high_words words are read, whatever follows them. */
TEST(words_beyond_the_count_are_not_read)
{
	int words[2] = { 0, 1 };
	struct clone_info info = { .num_clone_high_words = 1 };
	int *one;

	ASSERT_EQ(0, straddling(sizeof(int), (void **)&one));
	info.flags_high = words;
	EXPECT_TRUE(created_and_reaped(sys_clone_extended(SIGCHLD, NULL, NULL,
							  &info)))
		TH_LOG("non-zero word after the count: errno %d", errno);
	info.flags_high = one;
	EXPECT_TRUE(created_and_reaped(sys_clone_extended(SIGCHLD, NULL, NULL,
							  &info)))
		TH_LOG("unmapped page after the count: errno %d", errno);
}

/* Words 1 to 7 hold flags no kernel knows: any bit there is EINVAL. */
TEST(any_bit_in_words_after_the_first_is_einval)
{
	static const int bits[] = { 0, 1, 16, 31 };
	int w;

	for (w = 1; w < CLONE_INFO_HIGH_WORDS_MAX; w++) {
		unsigned int i;

		for (i = 0; i < ARRAY_SIZE(bits); i++) {
			int words[CLONE_INFO_HIGH_WORDS_MAX] = { 0 };
			struct clone_info info = {
				.num_clone_high_words = w + 1,
				.flags_high = words,
			};

			words[w] = (int)(1U << bits[i]);
			errno = 0;
			EXPECT_EQ(-1, sys_clone_extended(SIGCHLD, NULL, NULL,
							 &info))
				TH_LOG("word %d bit %d", w, bits[i]);
			EXPECT_EQ(EINVAL, errno)
				TH_LOG("word %d bit %d", w, bits[i]);
		}
	}
}

/*
 * clone-info's own errors in the order of the spec's error table:
 * E-INFO-FAULT, E-HIGH-COUNT, E-HIGH-FAULT, then the flags.
 */
TEST(clone_info_errors_come_in_spec_order)
{
	struct clone_info *unreadable = unmapped_address();
	int bad_word[2] = { 0, 1 };
	struct clone_info too_many = {
		.num_clone_high_words = CLONE_INFO_HIGH_WORDS_MAX + 1,
	};
	struct clone_info null_words = { .num_clone_high_words = 1 };
	struct clone_info unknown = {
		.num_clone_high_words = 2, .flags_high = bad_word,
		.pid_set = { .num_pids = 1, .pids = unmapped_address() },
	};

	/* An unreadable struct comes before a bad exit signal. */
	EXPECT_EQ(-1, sys_clone_extended(65, NULL, NULL, unreadable));
	EXPECT_EQ(EFAULT, errno);
	/* The count of words comes before the words. */
	EXPECT_EQ(-1, sys_clone_extended(SIGCHLD, NULL, NULL, &too_many));
	EXPECT_EQ(EINVAL, errno);
	/* Unreadable words come before a bad exit signal. */
	EXPECT_EQ(-1, sys_clone_extended(65, NULL, NULL, &null_words));
	EXPECT_EQ(EFAULT, errno);
	/* An unknown flag comes before unreadable pids. */
	EXPECT_EQ(-1, sys_clone_extended(SIGCHLD, NULL, NULL, &unknown));
	EXPECT_EQ(EINVAL, errno);
}

/*
 * Bit 0 of word 0 is flag 32, CLONE_CLEAR_SIGHAND: it reaches the kernel
 * through the compat entry too.  CLONE_INTO_CGROUP, bit 1, is refused.
 */
TEST(high_word_zero_holds_flags_32_to_63)
{
	struct sigaction act = { .sa_handler = catch_sigusr1 };
	int word = 1 << 1;
	struct clone_info info = {
		.num_clone_high_words = 1, .flags_high = &word,
	};
	pid_t pid;

	EXPECT_EQ(-1, sys_clone_extended(SIGCHLD, NULL, NULL, &info));
	EXPECT_EQ(EINVAL, errno);

	word = 1;
	ASSERT_EQ(0, sigaction(SIGUSR1, &act, NULL));
	pid = sys_clone_extended(SIGCHLD | CLONE_FS, NULL, NULL, &info);
	if (pid == 0) {
		struct sigaction now;

		_exit(!sigaction(SIGUSR1, NULL, &now) &&
		      now.sa_handler == SIG_DFL ? 0 : 1);
	}
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	EXPECT_EQ(0, wait_exit_code(pid));
}

#else /* !__NR_clone_extended */

/* Headers without the call's number: there is nothing to test. */
int main(void)
{
	ksft_print_header();
	ksft_exit_skip("__NR_clone_extended is not defined for this architecture\n");
}

#endif /* __NR_clone_extended */
