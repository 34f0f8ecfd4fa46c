/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The behaviour every clone_extended() variant shares: flag checks, pid
 * sets, privilege and the order of the errors, as the tests of one variant.
 *
 * The file that includes this one includes ../kselftest_harness.h (which
 * defines _GNU_SOURCE and ARRAY_SIZE()) and defines, before the #include:
 *
 *	static pid_t clone_extended_call(__u64 flags, int *parent_tid,
 *					 const struct pid_set *pid_set);
 *
 * which calls its variant's clone_extended() with @flags (bit n of the
 * 64-bit clone3() flag space, exit signal in bits 0-7), no child stack (the
 * child runs on a copy of the caller's, like fork()), no tls, @parent_tid,
 * no child_tid, and the pids of @pid_set, NULL for none.  It returns what
 * the system call returns: the child's pid, 0 in the child, or -1 with
 * errno set.
 *
 * A child created by a test reports through its exit code: 0 when it saw
 * what it expected, another value otherwise.
 */

#ifndef CLONE_EXTENDED_CASES_H
#define CLONE_EXTENDED_CASES_H

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/pid_set.h>
#include <linux/sched.h>
#include <linux/types.h>

#ifndef CLONE_INTO_CGROUP
#define CLONE_INTO_CGROUP 0x200000000ULL
#endif

/* Exit code of a child that could not check what it was asked to. */
#define CHILD_BROKEN 99

/* Exit code of the child @pid, or -1 if it did not exit normally. */
static int wait_exit_code(pid_t pid)
{
	int status;

	if (waitpid(pid, &status, __WALL) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* A pid set of one pid, for the pid namespace the child is created in. */
static struct pid_set one_pid(pid_t *pid)
{
	struct pid_set set = { .num_pids = 1, .pids = pid };

	return set;
}

/*
 * The pids of the caller from /proc/self/status (NSpid), outermost first,
 * as seen from the pid namespace of /proc.  Returns their number, or -1.
 */
static int read_nspid(pid_t *pids, int max)
{
	char line[256];
	FILE *f = fopen("/proc/self/status", "r");
	int n = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *p = line + strlen("NSpid:");
		char *end;

		if (strncmp(line, "NSpid:", strlen("NSpid:")))
			continue;
		for (n = 0; n < max; n++, p = end) {
			long v = strtol(p, &end, 10);

			if (end == p)
				break;
			pids[n] = v;
		}
		break;
	}
	fclose(f);
	return n;
}

/* /proc/sys/kernel/pid_max, or -1 if it cannot be read. */
static pid_t read_pid_max(void)
{
	FILE *f = fopen("/proc/sys/kernel/pid_max", "r");
	int v = -1;

	if (!f)
		return -1;
	if (fscanf(f, "%d", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

/*
 * The highest pid no process has in the caller's pid namespace, or -1.
 * Small kernels have a pid_max of 4096, so no fixed number will do.
 */
static pid_t unused_pid(void)
{
	pid_t pid;

	for (pid = read_pid_max() - 1; pid > 1; pid--)
		if (kill(pid, 0) && errno == ESRCH)
			return pid;
	return -1;
}

/* Level of the pid namespace the caller creates its children in. */
static int child_level(void)
{
	pid_t pids[40];
	int n = read_nspid(pids, 40);

	return n < 0 ? -1 : n - 1;
}

/* An address that is not mapped: a page just unmapped. */
static void *unmapped_address(void)
{
	void *p = mmap(NULL, getpagesize(), PROT_NONE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	munmap(p, getpagesize());
	return p;
}

/*
 * Run @fn in a process that is pid 1 of a pid namespace @depth levels below
 * the caller's, and return what it returns (0 for success).
 */
static int run_in_new_pid_ns(int depth, int (*fn)(void))
{
	pid_t pid;

	if (depth == 0)
		return fn();
	if (unshare(CLONE_NEWPID))
		return 200;
	pid = fork();
	if (pid < 0)
		return 201;
	if (pid == 0)
		_exit(run_in_new_pid_ns(depth - 1, fn));
	return wait_exit_code(pid);
}

/* Failure of a call expected to succeed: 100 + errno, for the log. */
static int call_failed(void)
{
	return 100 + (errno < 100 ? errno : 99);
}

TEST(no_pid_set_is_plain_clone)
{
	pid_t pid = clone_extended_call(SIGCHLD, NULL, NULL);

	if (pid == 0)
		_exit(7);
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	ASSERT_EQ(7, wait_exit_code(pid));
}

TEST(empty_pid_set_reads_no_pids)
{
	struct pid_set set = { .num_pids = 0, .pids = unmapped_address() };
	pid_t pid = clone_extended_call(SIGCHLD, NULL, &set);

	if (pid == 0)
		_exit(0);
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	ASSERT_EQ(0, wait_exit_code(pid));
}

TEST(unknown_flags_are_einval)
{
	int bit;

	for (bit = 34; bit < 64; bit++) {
		errno = 0;
		EXPECT_EQ(-1, clone_extended_call(SIGCHLD | 1ULL << bit, NULL,
						  NULL))
			TH_LOG("bit %d", bit);
		EXPECT_EQ(EINVAL, errno) TH_LOG("bit %d", bit);
	}
}

TEST(clone_into_cgroup_is_einval)
{
	EXPECT_EQ(-1, clone_extended_call(SIGCHLD | CLONE_INTO_CGROUP, NULL,
					  NULL));
	EXPECT_EQ(EINVAL, errno);
}

TEST(exit_signal_above_nsig_is_einval)
{
	static const int signals[] = { 65, 66, 128, 255 };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(signals); i++) {
		errno = 0;
		EXPECT_EQ(-1, clone_extended_call(signals[i], NULL, NULL))
			TH_LOG("exit signal %d", signals[i]);
		EXPECT_EQ(EINVAL, errno) TH_LOG("exit signal %d", signals[i]);
	}
}

TEST(exit_signal_nsig_and_none_are_accepted)
{
	static const int signals[] = { 0, 64 };
	unsigned int i;

	/* The parent must survive the child's exit signal. */
	signal(64, SIG_IGN);
	for (i = 0; i < ARRAY_SIZE(signals); i++) {
		pid_t pid = clone_extended_call(signals[i], NULL, NULL);

		if (pid == 0)
			_exit(0);
		ASSERT_GT(pid, 0) TH_LOG("exit signal %d: errno %d",
					 signals[i], errno);
		EXPECT_EQ(0, wait_exit_code(pid));
	}
}

TEST(negative_num_pids_is_einval)
{
	static const int counts[] = { -1, -2, INT_MIN };
	pid_t pids[2] = { 0, 0 };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(counts); i++) {
		struct pid_set set = { .num_pids = counts[i], .pids = pids };

		errno = 0;
		EXPECT_EQ(-1, clone_extended_call(SIGCHLD, NULL, &set))
			TH_LOG("num_pids %d", counts[i]);
		EXPECT_EQ(EINVAL, errno) TH_LOG("num_pids %d", counts[i]);
	}
}

TEST(num_pids_beyond_level_is_einval)
{
	int level = child_level();
	int counts[] = { level + 2, 33 + 1, INT_MAX };
	pid_t pids[40] = { 0 };
	unsigned int i;

	ASSERT_GE(level, 0);
	for (i = 0; i < ARRAY_SIZE(counts); i++) {
		struct pid_set set = { .num_pids = counts[i], .pids = pids };

		errno = 0;
		EXPECT_EQ(-1, clone_extended_call(SIGCHLD, NULL, &set))
			TH_LOG("num_pids %d at level %d", counts[i], level);
		EXPECT_EQ(EINVAL, errno)
			TH_LOG("num_pids %d at level %d", counts[i], level);
	}
}

TEST(unreadable_pids_are_efault)
{
	pid_t *bad[] = { NULL, unmapped_address() };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		struct pid_set set = { .num_pids = 1, .pids = bad[i] };

		errno = 0;
		EXPECT_EQ(-1, clone_extended_call(SIGCHLD, NULL, &set))
			TH_LOG("pids %p", bad[i]);
		EXPECT_EQ(EFAULT, errno) TH_LOG("pids %p", bad[i]);
	}
}

TEST(pid_out_of_range_is_einval)
{
	pid_t pid_max = read_pid_max();
	pid_t values[] = { -1, INT_MIN, pid_max, INT_MAX };
	unsigned int i;

	if (pid_max < 0)
		SKIP(return, "/proc/sys/kernel/pid_max unreadable");
	for (i = 0; i < ARRAY_SIZE(values); i++) {
		struct pid_set set = one_pid(&values[i]);

		errno = 0;
		EXPECT_EQ(-1, clone_extended_call(SIGCHLD, NULL, &set))
			TH_LOG("pid %d", values[i]);
		EXPECT_EQ(EINVAL, errno) TH_LOG("pid %d", values[i]);
	}
}

TEST(flag_combinations_clone_rejects_are_einval)
{
	static const __u64 combinations[] = {
		CLONE_SIGHAND,
		CLONE_THREAD | CLONE_VM,
		CLONE_THREAD | CLONE_SIGHAND | CLONE_VM | CLONE_NEWPID,
		CLONE_THREAD | CLONE_SIGHAND | CLONE_VM | CLONE_NEWUSER,
		CLONE_NEWNS | CLONE_FS,
		CLONE_PIDFD | CLONE_PARENT_SETTID,
		CLONE_PIDFD | CLONE_THREAD | CLONE_SIGHAND | CLONE_VM,
		CLONE_PIDFD | CLONE_DETACHED,
		CLONE_CLEAR_SIGHAND | CLONE_SIGHAND | CLONE_VM,
	};
	unsigned int i;
	int tid;

	for (i = 0; i < ARRAY_SIZE(combinations); i++) {
		errno = 0;
		EXPECT_EQ(-1, clone_extended_call(combinations[i], &tid, NULL))
			TH_LOG("flags %#llx",
			       (unsigned long long)combinations[i]);
		EXPECT_EQ(EINVAL, errno)
			TH_LOG("flags %#llx",
			       (unsigned long long)combinations[i]);
	}
}

/* Rows of the spec's error table in order: the first failing check wins. */
TEST(errors_come_in_spec_order)
{
	struct pid_set bad_pids = { .num_pids = 1, .pids = unmapped_address() };
	struct pid_set too_many = { .num_pids = 40, .pids = bad_pids.pids };
	pid_t out_of_range = -1;
	struct pid_set bad_entry = one_pid(&out_of_range);

	/* An unknown flag comes before unreadable pids. */
	EXPECT_EQ(-1, clone_extended_call(SIGCHLD | 1ULL << 40, NULL,
					  &bad_pids));
	EXPECT_EQ(EINVAL, errno);
	/* A bad exit signal comes before unreadable pids. */
	EXPECT_EQ(-1, clone_extended_call(65, NULL, &bad_pids));
	EXPECT_EQ(EINVAL, errno);
	/* num_pids comes before the pids it counts. */
	EXPECT_EQ(-1, clone_extended_call(SIGCHLD, NULL, &too_many));
	EXPECT_EQ(EINVAL, errno);
	/* Unreadable pids come before a flag combination clone() rejects. */
	EXPECT_EQ(-1, clone_extended_call(CLONE_SIGHAND, NULL, &bad_pids));
	EXPECT_EQ(EFAULT, errno);
	/* So does a pid out of range. */
	EXPECT_EQ(-1, clone_extended_call(CLONE_SIGHAND, NULL, &bad_entry));
	EXPECT_EQ(EINVAL, errno);
}

TEST(chosen_pid_is_the_childs_pid)
{
	pid_t want = unused_pid();
	struct pid_set set = one_pid(&want);
	pid_t pid;

	ASSERT_GT(want, 0);
	pid = clone_extended_call(SIGCHLD, NULL, &set);
	if (pid == 0)
		_exit(getpid() == want ? 0 : 1);
	ASSERT_EQ(want, pid) TH_LOG("errno %d", errno);
	EXPECT_EQ(0, wait_exit_code(pid));
}

TEST(zero_entry_lets_the_kernel_choose)
{
	pid_t zero = 0;
	struct pid_set set = one_pid(&zero);
	pid_t pid = clone_extended_call(SIGCHLD, NULL, &set);

	if (pid == 0)
		_exit(0);
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	EXPECT_EQ(0, wait_exit_code(pid));
}

TEST(pid_in_use_is_eexist)
{
	pid_t self = getpid();
	struct pid_set set = one_pid(&self);

	EXPECT_EQ(-1, clone_extended_call(SIGCHLD, NULL, &set));
	EXPECT_EQ(EEXIST, errno);
}

/*
 * CLONE_PIDFD fails with EMFILE after the pid was allocated; the pid must be
 * free again for the next call.
 */
TEST(pid_of_a_failed_call_is_free_again)
{
	pid_t want = unused_pid();
	struct pid_set set = one_pid(&want);
	struct rlimit no_more_fds = { 3, 3 };
	int fd, pidfd = -1;
	pid_t pid;

	ASSERT_GT(want, 0);
	/* Fill fds 0-2, so that none is free below the limit. */
	for (fd = 0; fd < 3; fd++)
		if (fcntl(fd, F_GETFD) < 0)
			ASSERT_EQ(fd, open("/", O_RDONLY));
	ASSERT_EQ(0, setrlimit(RLIMIT_NOFILE, &no_more_fds));

	EXPECT_EQ(-1, clone_extended_call(SIGCHLD | CLONE_PIDFD, &pidfd, &set));
	EXPECT_EQ(EMFILE, errno);

	pid = clone_extended_call(SIGCHLD, NULL, &set);
	if (pid == 0)
		_exit(getpid() == want ? 0 : 1);
	ASSERT_EQ(want, pid) TH_LOG("errno %d", errno);
	EXPECT_EQ(0, wait_exit_code(pid));
}

/*
 * At level 1: the inner pid is allocated first, then the outer one is found
 * taken.  The inner pid must be free again afterwards.
 */
static int inner_pid_freed_when_outer_taken(void)
{
	pid_t nspid[2];
	pid_t pids[2] = { 0, 42 };
	struct pid_set set = { .num_pids = 2, .pids = pids };
	pid_t pid;

	if (read_nspid(nspid, 2) != 2)
		return CHILD_BROKEN;
	pids[0] = nspid[0];	/* our own pid at level 0: taken */
	if (clone_extended_call(SIGCHLD, NULL, &set) != -1 || errno != EEXIST)
		return 1;

	pids[0] = 0;
	pid = clone_extended_call(SIGCHLD, NULL, &set);
	if (pid == 0)
		_exit(getpid() == 42 ? 0 : 1);
	if (pid != 42)
		return call_failed();
	return wait_exit_code(pid) ? 2 : 0;
}

TEST(inner_pid_of_a_failed_call_is_free_again)
{
	EXPECT_EQ(0, run_in_new_pid_ns(1, inner_pid_freed_when_outer_taken));
}

/* The seed's example: a process at level 2 asks for { 0, 77, 99 }. */
static int seed_example(void)
{
	pid_t pids[] = { 0, 77, 99 };
	struct pid_set set = { .num_pids = 3, .pids = pids };
	pid_t pid = clone_extended_call(SIGCHLD, NULL, &set);

	if (pid == 0) {
		pid_t nspid[4];

		_exit(read_nspid(nspid, 4) == 3 && nspid[0] > 0 &&
		      nspid[1] == 77 && nspid[2] == 99 ? 0 : 1);
	}
	if (pid != 99)
		return pid < 0 ? call_failed() : 2;
	return wait_exit_code(pid);
}

TEST(seed_example_chooses_pids_at_levels_one_and_two)
{
	EXPECT_EQ(0, run_in_new_pid_ns(2, seed_example));
}

TEST(newpid_child_is_pid_one_of_its_namespace)
{
	pid_t want = unused_pid();
	struct pid_set set = one_pid(&want);
	pid_t pid;

	ASSERT_GT(want, 0);
	pid = clone_extended_call(SIGCHLD | CLONE_NEWPID, NULL, &set);
	if (pid == 0) {
		pid_t nspid[3];

		_exit(getpid() == 1 && read_nspid(nspid, 3) == 2 &&
		      nspid[0] == want && nspid[1] == 1 ? 0 : 1);
	}
	ASSERT_EQ(want, pid) TH_LOG("errno %d", errno);
	EXPECT_EQ(0, wait_exit_code(pid));
}

TEST(newpid_without_pid_set)
{
	pid_t pid = clone_extended_call(SIGCHLD | CLONE_NEWPID, NULL, NULL);

	if (pid == 0)
		_exit(getpid() == 1 ? 0 : 1);
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	EXPECT_EQ(0, wait_exit_code(pid));
}

/* After unshare(CLONE_NEWPID) the children's namespace has no init yet. */
TEST(pid_other_than_one_without_init_is_einval)
{
	pid_t five = 5, one = 1, zero_five[2] = { 0, 5 };
	struct pid_set set = one_pid(&five);
	struct pid_set two = { .num_pids = 2, .pids = zero_five };
	pid_t pid;

	ASSERT_EQ(0, unshare(CLONE_NEWPID));
	EXPECT_EQ(-1, clone_extended_call(SIGCHLD, NULL, &set));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, clone_extended_call(SIGCHLD, NULL, &two));
	EXPECT_EQ(EINVAL, errno);

	set = one_pid(&one);
	pid = clone_extended_call(SIGCHLD, NULL, &set);
	if (pid == 0)
		_exit(getpid() == 1 ? 0 : 1);
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	EXPECT_EQ(0, wait_exit_code(pid));
}

/* Give up every capability: all uids 65534, no SECBIT_KEEP_CAPS. */
static int drop_privileges(void)
{
	if (setresgid(65534, 65534, 65534) || setresuid(65534, 65534, 65534))
		return -1;
	return 0;
}

TEST(chosen_pid_without_capability_is_eperm)
{
	pid_t want = unused_pid(), zero = 0;
	struct pid_set set = one_pid(&want);
	pid_t pid;

	ASSERT_GT(want, 0);
	ASSERT_EQ(0, drop_privileges());
	EXPECT_EQ(-1, clone_extended_call(SIGCHLD, NULL, &set));
	EXPECT_EQ(EPERM, errno);

	/* A 0 entry chooses nothing and needs nothing. */
	set = one_pid(&zero);
	pid = clone_extended_call(SIGCHLD, NULL, &set);
	if (pid == 0)
		_exit(0);
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	EXPECT_EQ(0, wait_exit_code(pid));
}

/* Runs as pid 1 of a pid namespace owned by an unprivileged user ns. */
static int choose_pid_in_own_namespace(void)
{
	pid_t seven = 7;
	struct pid_set set = one_pid(&seven);
	pid_t pid = clone_extended_call(SIGCHLD, NULL, &set);

	if (pid == 0)
		_exit(getpid() == 7 ? 0 : 1);
	if (pid != 7)
		return pid < 0 ? call_failed() : 3;
	return wait_exit_code(pid);
}

/*
 * An unprivileged process owning a user namespace and a pid namespace in it
 * may choose pids in that pid namespace, but not in the parent one.
 */
TEST(unprivileged_user_ns_chooses_pids_only_in_its_own_pid_ns)
{
	pid_t pids[2] = { unused_pid(), 1 };
	struct pid_set set = { .num_pids = 2, .pids = pids };
	pid_t pid;

	ASSERT_GT(pids[0], 0);
	ASSERT_EQ(0, drop_privileges());
	ASSERT_EQ(0, unshare(CLONE_NEWUSER | CLONE_NEWPID));

	/* Level 1 is allocated first, then level 0 is refused. */
	EXPECT_EQ(-1, clone_extended_call(SIGCHLD, NULL, &set));
	EXPECT_EQ(EPERM, errno);

	/* Pid 1 of the new namespace is free again. */
	pids[0] = 0;
	pid = clone_extended_call(SIGCHLD, NULL, &set);
	if (pid == 0)
		_exit(getpid() == 1 ? choose_pid_in_own_namespace() :
		      CHILD_BROKEN);
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	EXPECT_EQ(0, wait_exit_code(pid));
}

static int sigusr1_caught;

static void catch_sigusr1(int sig)
{
	sigusr1_caught = 1;
}

TEST(clear_sighand_resets_handlers_in_the_child)
{
	struct sigaction act = { .sa_handler = catch_sigusr1 };
	pid_t pid;

	ASSERT_EQ(0, sigaction(SIGUSR1, &act, NULL));
	pid = clone_extended_call(SIGCHLD | CLONE_CLEAR_SIGHAND, NULL, NULL);
	if (pid == 0) {
		struct sigaction now;

		if (sigaction(SIGUSR1, NULL, &now))
			_exit(CHILD_BROKEN);
		_exit(now.sa_handler == SIG_DFL ? 0 : 1);
	}
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	EXPECT_EQ(0, wait_exit_code(pid));
	EXPECT_EQ(0, sigusr1_caught);
}

TEST(parent_settid_stores_the_childs_pid)
{
	int tid = 0;
	pid_t pid = clone_extended_call(SIGCHLD | CLONE_PARENT_SETTID, &tid,
					NULL);

	if (pid == 0)
		_exit(0);
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	EXPECT_EQ(pid, tid);
	EXPECT_EQ(0, wait_exit_code(pid));
}

TEST(pidfd_goes_to_parent_tid)
{
	int pidfd = -1;
	pid_t pid = clone_extended_call(SIGCHLD | CLONE_PIDFD, &pidfd, NULL);

	if (pid == 0)
		_exit(0);
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	EXPECT_GE(pidfd, 0);
	EXPECT_EQ(FD_CLOEXEC, fcntl(pidfd, F_GETFD));
	EXPECT_EQ(0, wait_exit_code(pid));
}

/* Bit 31, the top of the low word, is a flag like any other. */
TEST(clone_io_is_accepted)
{
	pid_t pid = clone_extended_call(SIGCHLD | CLONE_IO, NULL, NULL);

	if (pid == 0)
		_exit(0);
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	EXPECT_EQ(0, wait_exit_code(pid));
}

#endif /* CLONE_EXTENDED_CASES_H */
