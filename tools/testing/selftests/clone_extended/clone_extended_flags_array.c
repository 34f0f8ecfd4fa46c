// SPDX-License-Identifier: GPL-2.0
/*
 * Tests of clone_extended() with the flags in a struct clone_flags.
 *
 * The cases every variant shares are in clone_extended_common.h, which also
 * runs the rows of clone_extended_cases.h; this file adds the ones about
 * reading struct clone_flags and struct pid_set.
 * Built as a 64-bit and as a 32-bit program, it tests the native entry and
 * the compat one of a 64-bit kernel.
 */

#include "../kselftest_harness.h"

#include <stdint.h>
#include <sys/syscall.h>
#include <linux/clone_flags.h>
#include <linux/pid_set.h>
#include <linux/sched.h>

#ifdef __NR_clone_extended

static long sys_clone_extended(const struct clone_flags *flags,
			       int *parent_tid, int *child_tid,
			       const struct pid_set *pid_set)
{
	fflush(stdout);
	fflush(stderr);
	return syscall(__NR_clone_extended, flags, NULL, 0UL, parent_tid,
		       child_tid, pid_set);
}

/* The first and last argument of a call, and what the first points to. */
struct call_regs {
	unsigned long first, last;
	struct clone_flags flags;
};

static void clone_extended_regs(struct call_regs *regs, __u64 flags,
				const struct pid_set *pid_set)
{
	clone_flags_from_mask(&regs->flags, flags);
	regs->first = (uintptr_t)&regs->flags;
	regs->last = (uintptr_t)pid_set;
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

TEST(null_flags_are_efault)
{
	EXPECT_EQ(-1, sys_clone_extended(NULL, NULL, NULL, NULL));
	EXPECT_EQ(EFAULT, errno);
}

TEST(unreadable_flags_are_efault)
{
	EXPECT_EQ(-1, sys_clone_extended(unmapped_address(), NULL, NULL, NULL));
	EXPECT_EQ(EFAULT, errno);
}

/* The whole set is read: its last byte lies on an unmapped page. */
TEST(partly_unreadable_flags_are_efault)
{
	struct clone_flags *set;

	ASSERT_EQ(0, straddling(sizeof(*set) - 1, (void **)&set));
	EXPECT_EQ(-1, sys_clone_extended(set, NULL, NULL, NULL));
	EXPECT_EQ(EFAULT, errno);
}

TEST(unreadable_pid_set_is_efault)
{
	struct clone_flags set;
	struct pid_set *partly;

	ASSERT_EQ(0, straddling(sizeof(*partly) - 1, (void **)&partly));
	clone_flags_from_mask(&set, SIGCHLD);
	EXPECT_EQ(-1, sys_clone_extended(&set, NULL, NULL, unmapped_address()));
	EXPECT_EQ(EFAULT, errno);
	EXPECT_EQ(-1, sys_clone_extended(&set, NULL, NULL, partly));
	EXPECT_EQ(EFAULT, errno);
}

/* The flags are checked before the pid set is read. */
TEST(unknown_flag_comes_before_unreadable_pid_set)
{
	struct clone_flags set;

	clone_flags_from_mask(&set, SIGCHLD);
	clone_flags_add(&set, 34);
	EXPECT_EQ(-1, sys_clone_extended(&set, NULL, NULL, unmapped_address()));
	EXPECT_EQ(EINVAL, errno);
}

/*
 * Flags set bit by bit land where the kernel looks: bit 63 is refused, bit
 * 32 (CLONE_CLEAR_SIGHAND, the first bit of word 1 of a 32-bit caller)
 * resets the child's handlers and bit 10 (CLONE_FILES, in word 0) shares
 * the table of file descriptors.
 */
TEST(flag_bits_above_31_reach_the_kernel)
{
	struct sigaction act = { .sa_handler = catch_sigusr1 };
	struct clone_flags set;
	int next_fd;
	pid_t pid;

	clone_flags_from_mask(&set, SIGCHLD);
	clone_flags_add(&set, 63);
	EXPECT_EQ(-1, sys_clone_extended(&set, NULL, NULL, NULL));
	EXPECT_EQ(EINVAL, errno);

	clone_flags_del(&set, 63);
	ASSERT_EQ(0, clone_flags_add(&set, 32));
	ASSERT_EQ(0, clone_flags_add(&set, 10));
	ASSERT_EQ(0, sigaction(SIGUSR1, &act, NULL));
	next_fd = dup(0);
	ASSERT_LE(0, next_fd);
	ASSERT_EQ(0, close(next_fd));
	pid = sys_clone_extended(&set, NULL, NULL, NULL);
	if (pid == 0) {
		struct sigaction now;

		if (sigaction(SIGUSR1, NULL, &now) || now.sa_handler != SIG_DFL)
			_exit(1);
		_exit(dup(0) == next_fd ? 0 : CHILD_BROKEN);
	}
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	EXPECT_EQ(0, wait_exit_code(pid));
	EXPECT_EQ(0, close(next_fd)) TH_LOG("the child's fd is not shared");
}

#else /* !__NR_clone_extended */

/* Headers without the call's number: there is nothing to test. */
int main(void)
{
	ksft_print_header();
	ksft_exit_skip("__NR_clone_extended is not defined for this architecture\n");
}

#endif /* __NR_clone_extended */
