/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The behaviour every clone_extended() variant shares, as the kselftests of
 * one variant: each row of clone_extended_cases.h as one test, then what a
 * row cannot express: every unknown flag bit, the order of the errors, pids
 * left free by failed calls, privilege dropped without a user namespace,
 * what the child gets from CLONE_CLEAR_SIGHAND, CLONE_PARENT_SETTID,
 * CLONE_PIDFD, CLONE_CHILD_SETTID, CLONE_CHILD_CLEARTID and CLONE_VFORK,
 * two callers racing for one pid, the ptrace event a traced caller stops
 * at, the deepest nesting, the state a failed call leaves a new pid namespace
 * in, threads on their own stack and thread pointer, and clone3()'s
 * set_tid, which keeps refusing 0.
 *
 * The file that includes this one includes ../kselftest_harness.h (which
 * defines _GNU_SOURCE and ARRAY_SIZE()) and defines, before the #include,
 * a struct call_regs with the members
 *
 *	unsigned long first, last;
 *
 * and a function
 *
 *	static void clone_extended_regs(struct call_regs *regs, __u64 flags,
 *					const struct pid_set *pid_set);
 *
 * which sets @first and @last, the first and the sixth argument of its
 * variant's clone_extended(), to pass @flags (bit n of the 64-bit clone3()
 * flag space, exit signal in bits 0-7) and the pids of @pid_set (NULL for
 * none), keeping in @regs what they point to.
 *
 * A child created by a test reports through its exit code: 0 when it saw
 * what it expected, another value otherwise.
 */

#ifndef CLONE_EXTENDED_COMMON_H
#define CLONE_EXTENDED_COMMON_H

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/futex.h>
#include <linux/pid_set.h>
#include <linux/sched.h>
#include <linux/types.h>

#include "clone_extended_row.h"

#ifndef CLONE_INTO_CGROUP
#define CLONE_INTO_CGROUP 0x200000000ULL
#endif

/*
 * clone_extended() with @flags, @parent_tid, @child_tid and @pid_set, no
 * child stack (the child runs on a copy of the caller's, like fork()) and
 * no tls: the child's pid, 0 in the child, or -1 with errno set.
 */
static pid_t clone_extended_call(__u64 flags, int *parent_tid,
				 int *child_tid,
				 const struct pid_set *pid_set)
{
	struct call_regs regs;

	clone_extended_regs(&regs, flags, pid_set);
	fflush(stdout);
	fflush(stderr);
	return syscall(__NR_clone_extended, regs.first, 0UL, 0UL, parent_tid,
		       child_tid, regs.last);
}

/* A pid set of one pid, for the pid namespace the child is created in. */
static struct pid_set one_pid(pid_t *pid)
{
	struct pid_set set = { .num_pids = 1, .pids = pid };

	return set;
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

/* Point *@p at a page shared with the children: their writes are seen. */
static int shared_page(void **p)
{
	*p = mmap(NULL, getpagesize(), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	return *p == MAP_FAILED ? -1 : 0;
}

TEST(unknown_flags_are_einval)
{
	int bit;

	for (bit = 34; bit < 64; bit++) {
		errno = 0;
		EXPECT_EQ(-1, clone_extended_call(SIGCHLD | 1ULL << bit, NULL,
						  NULL, NULL))
			TH_LOG("bit %d", bit);
		EXPECT_EQ(EINVAL, errno) TH_LOG("bit %d", bit);
	}
}

/*
 * clone() accepts CLONE_PIDFD with CLONE_THREAD since Linux 6.9 (a pidfd of
 * the thread), and so does clone_extended(): the call gets as far as
 * storing the pidfd, which an unmapped pointer makes EFAULT, before the
 * thread runs.  Not a row of clone_extended_cases.h, whose rows hold on
 * every kernel: before 6.9 the combination is EINVAL.
 */
TEST(pidfd_with_thread_is_accepted)
{
	EXPECT_EQ(-1, clone_extended_call(CLONE_PIDFD | CLONE_THREAD |
					  CLONE_SIGHAND | CLONE_VM,
					  unmapped_address(), NULL, NULL));
	EXPECT_EQ(EFAULT, errno);
}

/* An unmapped pids array is a row of the table; NULL is this test. */
TEST(null_pids_are_efault)
{
	struct pid_set set = { .num_pids = 1, .pids = NULL };

	EXPECT_EQ(-1, clone_extended_call(SIGCHLD, NULL, NULL, &set));
	EXPECT_EQ(EFAULT, errno);
}

/* Rows of the spec's error table in order: the first failing check wins. */
TEST(errors_come_in_spec_order)
{
	struct pid_set bad_pids = { .num_pids = 1, .pids = unmapped_address() };
	struct pid_set too_many = { .num_pids = 40, .pids = bad_pids.pids };
	pid_t out_of_range = -1;
	struct pid_set bad_entry = one_pid(&out_of_range);

	/* An unknown flag comes before unreadable pids. */
	EXPECT_EQ(-1, clone_extended_call(SIGCHLD | 1ULL << 40, NULL, NULL,
					  &bad_pids));
	EXPECT_EQ(EINVAL, errno);
	/* A bad exit signal comes before unreadable pids. */
	EXPECT_EQ(-1, clone_extended_call(65, NULL, NULL, &bad_pids));
	EXPECT_EQ(EINVAL, errno);
	/* num_pids comes before the pids it counts. */
	EXPECT_EQ(-1, clone_extended_call(SIGCHLD, NULL, NULL, &too_many));
	EXPECT_EQ(EINVAL, errno);
	/* Unreadable pids come before a flag combination clone() rejects. */
	EXPECT_EQ(-1, clone_extended_call(CLONE_SIGHAND, NULL, NULL,
					  &bad_pids));
	EXPECT_EQ(EFAULT, errno);
	/* So does a pid out of range. */
	EXPECT_EQ(-1, clone_extended_call(CLONE_SIGHAND, NULL, NULL,
					  &bad_entry));
	EXPECT_EQ(EINVAL, errno);
}

/*
 * Leave the caller no free file descriptor, so that CLONE_PIDFD fails with
 * EMFILE: fds 0-2 taken and RLIMIT_NOFILE at 3.  Returns 0 or -1.
 */
static int use_up_fds(void)
{
	struct rlimit no_more_fds = { 3, 3 };
	int fd;

	for (fd = 0; fd < 3; fd++)
		if (fcntl(fd, F_GETFD) < 0 && open("/", O_RDONLY) != fd)
			return -1;
	return setrlimit(RLIMIT_NOFILE, &no_more_fds);
}

/*
 * CLONE_PIDFD fails with EMFILE after the pid was allocated; the pid must be
 * free again for the next call.
 */
TEST(pid_of_a_failed_call_is_free_again)
{
	pid_t want = unused_pid();
	struct pid_set set = one_pid(&want);
	int pidfd = -1;
	pid_t pid;

	ASSERT_GT(want, 0);
	ASSERT_EQ(0, use_up_fds());

	EXPECT_EQ(-1, clone_extended_call(SIGCHLD | CLONE_PIDFD, &pidfd, NULL,
					  &set));
	EXPECT_EQ(EMFILE, errno);

	pid = clone_extended_call(SIGCHLD, NULL, NULL, &set);
	if (pid == 0)
		_exit(getpid() == want ? 0 : 1);
	ASSERT_EQ(want, pid) TH_LOG("errno %d", errno);
	EXPECT_EQ(0, wait_exit_code(pid));
}

/* Rounds of the race below, so that both callers get to go first. */
#define RACE_ROUNDS 50

/* The start line of two racing callers, in a page they share. */
struct race_start {
	int ready;		/* callers waiting for go */
	int go;
};

/*
 * A racing caller: as soon as both are ready, ask for @want and write the
 * answer (the pid or -errno) to @answers.  A child lives until @release
 * reads end of file, so the pid stays taken while the other caller asks.
 */
static void race_for_pid(struct race_start *start, pid_t want, int answers,
			 int release)
{
	struct pid_set set = one_pid(&want);
	pid_t pid, answer;
	char byte;

	__atomic_add_fetch(&start->ready, 1, __ATOMIC_ACQ_REL);
	while (!__atomic_load_n(&start->go, __ATOMIC_ACQUIRE))
		;
	pid = clone_extended_call(SIGCHLD, NULL, NULL, &set);
	if (pid == 0)
		_exit(read(release, &byte, 1) == 0 ? 0 : 1);
	answer = pid < 0 ? -errno : pid;
	if (write(answers, &answer, sizeof(answer)) != sizeof(answer))
		_exit(CHILD_BROKEN);
	_exit(pid > 0 ? wait_exit_code(pid) : 0);
}

/*
 * Two callers ask for the same pid at once: one gets it, the other EEXIST,
 * and once the child is reaped the pid is free again.
 */
TEST(one_of_two_callers_racing_for_a_pid_gets_it)
{
	pid_t want = unused_pid(), callers[2], got[2];
	struct race_start *start;
	int round, i, answers[2], release[2];

	ASSERT_GT(want, 0);
	ASSERT_EQ(0, shared_page((void **)&start));
	ASSERT_EQ(0, pipe(answers));
	for (round = 0; round < RACE_ROUNDS; round++) {
		memset(start, 0, sizeof(*start));
		ASSERT_EQ(0, pipe(release));
		for (i = 0; i < 2; i++) {
			callers[i] = fork();
			ASSERT_LE(0, callers[i]);
			if (callers[i] == 0) {
				close(release[1]);
				race_for_pid(start, want, answers[1],
					     release[0]);
			}
		}
		close(release[0]);
		while (__atomic_load_n(&start->ready, __ATOMIC_ACQUIRE) < 2)
			;
		__atomic_store_n(&start->go, 1, __ATOMIC_RELEASE);
		for (i = 0; i < 2; i++)
			ASSERT_EQ(sizeof(got[i]),
				  read(answers[0], &got[i], sizeof(got[i])));
		close(release[1]);
		for (i = 0; i < 2; i++)
			EXPECT_EQ(0, wait_exit_code(callers[i]));
		EXPECT_TRUE((got[0] == want && got[1] == -EEXIST) ||
			    (got[1] == want && got[0] == -EEXIST))
			TH_LOG("round %d: pid %d asked for, got %d and %d",
			       round, want, got[0], got[1]);
		EXPECT_TRUE(kill(want, 0) == -1 && errno == ESRCH);
	}
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
	if (clone_extended_call(SIGCHLD, NULL, NULL, &set) != -1 ||
	    errno != EEXIST)
		return 1;

	pids[0] = 0;
	pid = clone_extended_call(SIGCHLD, NULL, NULL, &set);
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

TEST(chosen_pid_without_capability_is_eperm)
{
	pid_t want = unused_pid(), zero = 0;
	struct pid_set set = one_pid(&want);
	pid_t pid;

	ASSERT_GT(want, 0);
	ASSERT_EQ(0, drop_privileges());
	EXPECT_EQ(-1, clone_extended_call(SIGCHLD, NULL, NULL, &set));
	EXPECT_EQ(EPERM, errno);

	/* A 0 entry chooses nothing and needs nothing. */
	set = one_pid(&zero);
	pid = clone_extended_call(SIGCHLD, NULL, NULL, &set);
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
	pid_t pid = clone_extended_call(SIGCHLD, NULL, NULL, &set);

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
	EXPECT_EQ(-1, clone_extended_call(SIGCHLD, NULL, NULL, &set));
	EXPECT_EQ(EPERM, errno);

	/* Pid 1 of the new namespace is free again. */
	pids[0] = 0;
	pid = clone_extended_call(SIGCHLD, NULL, NULL, &set);
	if (pid == 0)
		_exit(getpid() == 1 ? choose_pid_in_own_namespace() :
		      CHILD_BROKEN);
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	EXPECT_EQ(0, wait_exit_code(pid));
}

/* A handler of its own, which CLONE_CLEAR_SIGHAND resets (SIG_IGN stays). */
static void catch_sigusr1(int sig)
{
}

TEST(clear_sighand_resets_handlers_in_the_child)
{
	struct sigaction act = { .sa_handler = catch_sigusr1 };
	pid_t pid;

	ASSERT_EQ(0, sigaction(SIGUSR1, &act, NULL));
	pid = clone_extended_call(SIGCHLD | CLONE_CLEAR_SIGHAND, NULL, NULL,
				  NULL);
	if (pid == 0) {
		struct sigaction now;

		if (sigaction(SIGUSR1, NULL, &now))
			_exit(CHILD_BROKEN);
		_exit(now.sa_handler == SIG_DFL ? 0 : 1);
	}
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	EXPECT_EQ(0, wait_exit_code(pid));
}

TEST(parent_settid_stores_the_childs_pid)
{
	int tid = 0;
	pid_t pid = clone_extended_call(SIGCHLD | CLONE_PARENT_SETTID, &tid,
					NULL, NULL);

	if (pid == 0)
		_exit(0);
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	EXPECT_EQ(pid, tid);
	EXPECT_EQ(0, wait_exit_code(pid));
}

TEST(pidfd_goes_to_parent_tid)
{
	int pidfd = -1;
	pid_t pid = clone_extended_call(SIGCHLD | CLONE_PIDFD, &pidfd, NULL,
					NULL);

	if (pid == 0)
		_exit(0);
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	EXPECT_GE(pidfd, 0);
	EXPECT_EQ(FD_CLOEXEC, fcntl(pidfd, F_GETFD));
	EXPECT_EQ(0, wait_exit_code(pid));
}

/*
 * CLONE_CHILD_SETTID writes the child's pid to child_tid; with
 * CLONE_CHILD_CLEARTID the kernel keeps child_tid to clear at exit, which it
 * does only when the memory is shared, so the child asks for the address.
 */
TEST(child_tid_reaches_settid_and_cleartid)
{
	int *ctid;
	pid_t pid;

	ASSERT_EQ(0, shared_page((void **)&ctid));
	*ctid = -1;
	pid = clone_extended_call(SIGCHLD | CLONE_CHILD_SETTID, NULL, ctid,
				  NULL);
	if (pid == 0)
		_exit(0);
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	EXPECT_EQ(0, wait_exit_code(pid));
	EXPECT_EQ(pid, *ctid);

	pid = clone_extended_call(SIGCHLD | CLONE_CHILD_CLEARTID, NULL, ctid,
				  NULL);
	if (pid == 0) {
		/* A 64-bit pointer, also for 32-bit callers. */
		__u64 addr = 0;

		if (prctl(PR_GET_TID_ADDRESS, &addr))
			_exit(CHILD_BROKEN);
		_exit(addr == (uintptr_t)ctid ? 0 : 1);
	}
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	EXPECT_EQ(0, wait_exit_code(pid));
}

/* The caller sleeps until the child has exited. */
TEST(vfork_returns_after_the_child_exits)
{
	int *done;
	pid_t pid;

	ASSERT_EQ(0, shared_page((void **)&done));
	pid = clone_extended_call(SIGCHLD | CLONE_VFORK, NULL, NULL, NULL);
	if (pid == 0) {
		usleep(100000);
		*done = 1;
		_exit(0);
	}
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	EXPECT_EQ(1, *done);
	EXPECT_EQ(0, wait_exit_code(pid));
}

/*
 * A traced caller stops at the event clone3() would report for the same
 * flags, as kernel_clone() decides it for both: PTRACE_EVENT_VFORK with
 * CLONE_VFORK, PTRACE_EVENT_CLONE for an exit signal other than SIGCHLD,
 * PTRACE_EVENT_FORK otherwise, and none with CLONE_UNTRACED.
 */
FIXTURE(traced_caller) {};

FIXTURE_VARIANT(traced_caller) {
	__u64 flags;
	int event;		/* 0: the caller does not stop */
};

FIXTURE_SETUP(traced_caller) {}

FIXTURE_TEARDOWN(traced_caller) {}

FIXTURE_VARIANT_ADD(traced_caller, fork) {
	.flags = SIGCHLD,
	.event = PTRACE_EVENT_FORK,
};

FIXTURE_VARIANT_ADD(traced_caller, vfork) {
	.flags = SIGCHLD | CLONE_VFORK,
	.event = PTRACE_EVENT_VFORK,
};

FIXTURE_VARIANT_ADD(traced_caller, no_exit_signal) {
	.flags = 0,
	.event = PTRACE_EVENT_CLONE,
};

FIXTURE_VARIANT_ADD(traced_caller, untraced) {
	.flags = SIGCHLD | CLONE_UNTRACED,
	.event = 0,
};

/*
 * The traced caller: stop for the tracer, then make the call and reap the
 * child.  SIGCHLD stays blocked, so that the child's exit adds no
 * signal-delivery stop.
 */
static int traced_call(__u64 flags)
{
	sigset_t chld;
	pid_t pid;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	if (sigprocmask(SIG_BLOCK, &chld, NULL) ||
	    ptrace(PTRACE_TRACEME, 0, NULL, NULL) || raise(SIGSTOP))
		return CHILD_BROKEN;
	pid = clone_extended_call(flags, NULL, NULL, NULL);
	if (pid == 0)
		_exit(0);
	if (pid < 0)
		return call_failed();
	return wait_exit_code(pid);
}

TEST_F(traced_caller, stops_at_the_event_clone3_reports)
{
	unsigned long msg = 0;
	pid_t tracee, child;
	int status;

	tracee = fork();
	ASSERT_LE(0, tracee);
	if (tracee == 0)
		_exit(traced_call(variant->flags));
	ASSERT_EQ(tracee, waitpid(tracee, &status, 0));
	ASSERT_TRUE(WIFSTOPPED(status) && WSTOPSIG(status) == SIGSTOP);
	ASSERT_EQ(0, ptrace(PTRACE_SETOPTIONS, tracee, NULL,
			    PTRACE_O_TRACEFORK | PTRACE_O_TRACEVFORK |
			    PTRACE_O_TRACECLONE | PTRACE_O_EXITKILL));
	ASSERT_EQ(0, ptrace(PTRACE_CONT, tracee, NULL, NULL));
	ASSERT_EQ(tracee, waitpid(tracee, &status, 0));
	if (variant->event) {
		ASSERT_EQ(SIGTRAP | variant->event << 8, status >> 8)
			TH_LOG("status %#x", status);
		ASSERT_EQ(0, ptrace(PTRACE_GETEVENTMSG, tracee, NULL, &msg));
		child = msg;
		ASSERT_EQ(0, ptrace(PTRACE_CONT, tracee, NULL, NULL));
		/* The child starts traced and stopped: let it go. */
		ASSERT_EQ(child, waitpid(child, &status, __WALL));
		ASSERT_TRUE(WIFSTOPPED(status)) TH_LOG("status %#x", status);
		ASSERT_EQ(0, ptrace(PTRACE_DETACH, child, NULL, NULL));
		ASSERT_EQ(tracee, waitpid(tracee, &status, 0));
	}
	ASSERT_TRUE(WIFEXITED(status)) TH_LOG("status %#x", status);
	EXPECT_EQ(0, WEXITSTATUS(status));
}

/*
 * Runs as pid 1 at the deepest level, MAX_PID_NS_LEVEL (32): a pid set
 * reaches all 33 levels, one more entry is too many.
 */
static int choose_pids_at_33_levels(void)
{
	pid_t pids[34] = { 0 }, nspid[34];
	struct pid_set set = { .num_pids = 33, .pids = pids };
	pid_t pid;

	pids[32] = 7;
	pid = clone_extended_call(SIGCHLD, NULL, NULL, &set);
	if (pid == 0)
		_exit(read_nspid(nspid, 34) == 33 && nspid[32] == 7 ? 0 : 1);
	if (pid != 7)
		return pid < 0 ? call_failed() : 3;
	if (wait_exit_code(pid))
		return 4;

	set.num_pids = 34;
	if (clone_extended_call(SIGCHLD, NULL, NULL, &set) != -1)
		return 5;
	return errno == EINVAL ? 0 : 6;
}

TEST(pid_set_reaches_33_levels)
{
	EXPECT_EQ(0, run_in_new_pid_ns(32, choose_pids_at_33_levels));
}

/*
 * After setns() into a pid namespace, that namespace is the one children go
 * to: a pid set ends at its level, one below the caller's here.
 */
TEST(pid_chosen_after_setns_into_a_pid_namespace)
{
	pid_t pids[] = { 0, 77 };
	struct pid_set set = { .num_pids = 2, .pids = pids };
	int hold[2], fd;
	char path[64], c;
	pid_t init, pid;

	ASSERT_EQ(0, pipe(hold));
	init = clone_extended_call(CLONE_NEWPID | SIGCHLD, NULL, NULL, NULL);
	if (init == 0) {
		/* The namespace's init, until the test closes its end. */
		close(hold[1]);
		_exit(read(hold[0], &c, 1) == 0 ? 0 : 1);
	}
	ASSERT_GT(init, 0) TH_LOG("errno %d", errno);
	close(hold[0]);
	snprintf(path, sizeof(path), "/proc/%d/ns/pid", init);
	fd = open(path, O_RDONLY);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, setns(fd, CLONE_NEWPID));
	close(fd);
	pid = clone_extended_call(SIGCHLD, NULL, NULL, &set);
	if (pid == 0)
		_exit(getpid() == 77 ? 0 : 1);
	EXPECT_GT(pid, 0) TH_LOG("errno %d", errno);
	if (pid > 0)
		EXPECT_EQ(0, wait_exit_code(pid)) TH_LOG("the child's pid there is not 77");
	close(hold[1]);
	EXPECT_EQ(0, wait_exit_code(init));
}

/*
 * The kernel chose pid 1 in a namespace without init, then found the outer
 * pid taken: pid 1 is free again, so the next child there is its init.
 */
TEST(fresh_namespace_keeps_pid_1_after_an_outer_failure)
{
	pid_t pids[2] = { getpid(), 0 };
	struct pid_set set = { .num_pids = 2, .pids = pids };
	pid_t pid;

	ASSERT_EQ(0, unshare(CLONE_NEWPID));
	EXPECT_EQ(-1, clone_extended_call(SIGCHLD, NULL, NULL, &set));
	EXPECT_EQ(EEXIST, errno);

	pid = fork();
	if (pid == 0)
		_exit(getpid() == 1 ? 0 : 1);
	ASSERT_GT(pid, 0) TH_LOG("errno %d", errno);
	EXPECT_EQ(0, wait_exit_code(pid));
}

/*
 * The first process of a namespace failed after its pid 1 was allocated
 * (no fd for CLONE_PIDFD): as after such a clone(), the namespace takes no
 * process any more.
 */
TEST(fresh_namespace_is_unusable_after_a_late_failure)
{
	int pidfd = -1;

	ASSERT_EQ(0, use_up_fds());
	ASSERT_EQ(0, unshare(CLONE_NEWPID));

	EXPECT_EQ(-1, clone_extended_call(SIGCHLD | CLONE_PIDFD, &pidfd, NULL,
					  NULL));
	EXPECT_EQ(EMFILE, errno);
	EXPECT_EQ(-1, fork());
	EXPECT_EQ(ENOMEM, errno);
}

/*
 * After the init of a namespace exited, the namespace takes no process:
 * ENOMEM, as for clone3()'s set_tid, not the EINVAL of a namespace that
 * never had an init.
 */
TEST(chosen_pid_where_init_exited_is_enomem)
{
	pid_t pids[2] = { 0, 5 };
	struct pid_set set = { .num_pids = 2, .pids = pids };
	pid_t init;

	ASSERT_EQ(0, unshare(CLONE_NEWPID));
	EXPECT_EQ(-1, clone_extended_call(SIGCHLD, NULL, NULL, &set));
	EXPECT_EQ(EINVAL, errno);

	init = fork();
	if (init == 0)
		_exit(0);
	ASSERT_GT(init, 0) TH_LOG("errno %d", errno);
	ASSERT_EQ(0, wait_exit_code(init));

	EXPECT_EQ(-1, clone_extended_call(SIGCHLD, NULL, NULL, &set));
	EXPECT_EQ(ENOMEM, errno);
}

/*
 * RLIMIT_NPROC is clone()'s check, made before any pid is allocated: it
 * comes before the capability check of a chosen pid.
 */
TEST(nproc_limit_comes_before_the_capability_check)
{
	pid_t want = unused_pid();
	struct pid_set set = one_pid(&want);
	struct rlimit none = { 0, 0 };

	ASSERT_GT(want, 0);
	ASSERT_EQ(0, drop_privileges());
	ASSERT_EQ(0, setrlimit(RLIMIT_NPROC, &none));
	EXPECT_EQ(-1, clone_extended_call(SIGCHLD, NULL, NULL, &set));
	EXPECT_EQ(EAGAIN, errno);
}

/*
 * Threads: the child shares the caller's memory and runs on its own stack,
 * so it cannot return from the system call into C.  thread_syscall() makes
 * the call in assembly; the new thread writes its stack pointer and the
 * word at its thread pointer into *@seen, which is also its child_tid,
 * and exits at once.
 */
struct thread_seen {
	int tid;		/* child_tid: set, then cleared at exit */
	unsigned long sp;
	unsigned long tls_word;
};

#if defined(__x86_64__)
#define HAVE_THREAD_SYSCALL 1

static long thread_syscall(unsigned long first, unsigned long stack,
			   unsigned long tls, int *parent_tid,
			   struct thread_seen *seen, unsigned long last)
{
	register unsigned long r10 __asm__("r10") = (uintptr_t)parent_tid;
	register unsigned long r8 __asm__("r8") = (uintptr_t)seen;
	register unsigned long r9 __asm__("r9") = last;
	long ret = __NR_clone_extended;

	__asm__ volatile("syscall\n\t"
			 "test %%rax, %%rax\n\t"
			 "jnz 1f\n\t"
			 "mov %%rsp, %c[sp](%%r8)\n\t"
			 "mov %%fs:0, %%rcx\n\t"
			 "mov %%rcx, %c[word](%%r8)\n\t"
			 "mov %[exit], %%eax\n\t"
			 "xor %%edi, %%edi\n\t"
			 "syscall\n"
			 "1:"
			 : "+a" (ret)
			 : "D" (first), "S" (stack), "d" (tls), "r" (r10),
			   "r" (r8), "r" (r9),
			   [sp] "i" (offsetof(struct thread_seen, sp)),
			   [word] "i" (offsetof(struct thread_seen, tls_word)),
			   [exit] "i" (__NR_exit)
			 : "rcx", "r11", "memory");
	return ret;
}
#elif defined(__i386__)
#include <asm/ldt.h>
#define HAVE_THREAD_SYSCALL 1
#define THREAD_TLS_IS_DESCRIPTOR 1

static long thread_syscall(unsigned long first, unsigned long stack,
			   unsigned long tls, int *parent_tid,
			   struct thread_seen *seen, unsigned long last)
{
	long ret;

	/* The sixth argument goes in %ebp, which may be the frame pointer. */
	__asm__ volatile("pushl %[last]\n\t"
			 "push %%ebp\n\t"
			 "mov 4(%%esp), %%ebp\n\t"
			 "int $0x80\n\t"
			 "test %%eax, %%eax\n\t"
			 "jnz 1f\n\t"
			 "mov %%esp, %c[sp](%%edi)\n\t"
			 "mov %%gs:0, %%ecx\n\t"
			 "mov %%ecx, %c[word](%%edi)\n\t"
			 "mov %[exit], %%eax\n\t"
			 "xor %%ebx, %%ebx\n\t"
			 "int $0x80\n"
			 "1:\n\t"
			 "pop %%ebp\n\t"
			 "addl $4, %%esp"
			 : "=a" (ret)
			 : "0" (__NR_clone_extended), "b" (first), "c" (stack),
			   "d" (tls), "S" (parent_tid), "D" (seen),
			   [last] "g" (last),
			   [sp] "i" (offsetof(struct thread_seen, sp)),
			   [word] "i" (offsetof(struct thread_seen, tls_word)),
			   [exit] "i" (__NR_exit)
			 : "memory");
	return ret;
}

/*
 * The tls argument that makes @area the thread pointer: a descriptor of the
 * TLS entry that %gs selects, based at @area.
 */
static unsigned long thread_tls(void *area)
{
	static struct user_desc desc;
	unsigned short gs;

	__asm__ volatile("mov %%gs, %0" : "=r" (gs));
	memset(&desc, 0, sizeof(desc));
	desc.entry_number = gs >> 3;
	desc.base_addr = (uintptr_t)area;
	desc.limit = 0xfffff;
	desc.seg_32bit = 1;
	desc.limit_in_pages = 1;
	return (uintptr_t)&desc;
}
#elif defined(__aarch64__)
#define HAVE_THREAD_SYSCALL 1

static long thread_syscall(unsigned long first, unsigned long stack,
			   unsigned long tls, int *parent_tid,
			   struct thread_seen *seen, unsigned long last)
{
	register unsigned long x0 __asm__("x0") = first;
	register unsigned long x1 __asm__("x1") = stack;
	register unsigned long x2 __asm__("x2") = tls;
	register unsigned long x3 __asm__("x3") = (uintptr_t)parent_tid;
	register unsigned long x4 __asm__("x4") = (uintptr_t)seen;
	register unsigned long x5 __asm__("x5") = last;
	register unsigned long x8 __asm__("x8") = __NR_clone_extended;

	__asm__ volatile("svc #0\n\t"
			 "cbnz x0, 1f\n\t"
			 "mov x9, sp\n\t"
			 "str x9, [x4, #%[sp]]\n\t"
			 "mrs x9, tpidr_el0\n\t"
			 "ldr x9, [x9]\n\t"
			 "str x9, [x4, #%[word]]\n\t"
			 "mov x8, #%[exit]\n\t"
			 "mov x0, #0\n\t"
			 "svc #0\n"
			 "1:"
			 : "+r" (x0)
			 : "r" (x1), "r" (x2), "r" (x3), "r" (x4), "r" (x5),
			   "r" (x8),
			   [sp] "i" (offsetof(struct thread_seen, sp)),
			   [word] "i" (offsetof(struct thread_seen, tls_word)),
			   [exit] "i" (__NR_exit)
			 : "x9", "memory");
	return x0;
}
#elif defined(__arm__) && defined(__ARM_EABI__)
#define HAVE_THREAD_SYSCALL 1

static long thread_syscall(unsigned long first, unsigned long stack,
			   unsigned long tls, int *parent_tid,
			   struct thread_seen *seen, unsigned long last)
{
	register unsigned long r0 __asm__("r0") = first;
	register unsigned long r1 __asm__("r1") = stack;
	register unsigned long r2 __asm__("r2") = tls;
	register unsigned long r3 __asm__("r3") = (uintptr_t)parent_tid;
	register unsigned long r4 __asm__("r4") = (uintptr_t)seen;
	register unsigned long r5 __asm__("r5") = last;

	/* r7 takes the number, and may be the Thumb frame pointer. */
	__asm__ volatile("push {r7}\n\t"
			 "movw r7, #%c[nr]\n\t"
			 "svc #0\n\t"
			 "cmp r0, #0\n\t"
			 "bne 1f\n\t"
			 "mov r1, sp\n\t"
			 "str r1, [r4, #%c[sp]]\n\t"
			 "mrc p15, 0, r1, c13, c0, 3\n\t"
			 "ldr r1, [r1]\n\t"
			 "str r1, [r4, #%c[word]]\n\t"
			 "movw r7, #%c[exit]\n\t"
			 "mov r0, #0\n\t"
			 "svc #0\n"
			 "1:\n\t"
			 "pop {r7}"
			 : "+r" (r0)
			 : "r" (r1), "r" (r2), "r" (r3), "r" (r4), "r" (r5),
			   [nr] "i" (__NR_clone_extended),
			   [sp] "i" (offsetof(struct thread_seen, sp)),
			   [word] "i" (offsetof(struct thread_seen, tls_word)),
			   [exit] "i" (__NR_exit)
			 : "cc", "memory");
	return r0;
}
#elif defined(__powerpc__)
#define HAVE_THREAD_SYSCALL 1

#ifdef __LP64__
/* The thread pointer is r13; words are doublewords. */
#define PPC_TP "13"
#define PPC_ST "std"
#define PPC_L "ld"
#define PPC_CMPI "cmpdi"
#else
#define PPC_TP "2"
#define PPC_ST "stw"
#define PPC_L "lwz"
#define PPC_CMPI "cmpwi"
#endif

static long thread_syscall(unsigned long first, unsigned long stack,
			   unsigned long tls, int *parent_tid,
			   struct thread_seen *seen, unsigned long last)
{
	register unsigned long r0 __asm__("r0") = __NR_clone_extended;
	register unsigned long r3 __asm__("r3") = first;
	register unsigned long r4 __asm__("r4") = stack;
	register unsigned long r5 __asm__("r5") = tls;
	register unsigned long r6 __asm__("r6") = (uintptr_t)parent_tid;
	register unsigned long r7 __asm__("r7") = (uintptr_t)seen;
	register unsigned long r8 __asm__("r8") = last;
	/* The kernel returns with r4-r12 zeroed: the thread needs r29. */
	register unsigned long r29 __asm__("r29") = (uintptr_t)seen;

	/* An error sets cr0.SO and leaves the positive errno in r3. */
	__asm__ volatile("sc\n\t"
			 "bns+ 1f\n\t"
			 "neg 3, 3\n\t"
			 "b 2f\n"
			 "1:\t" PPC_CMPI " 3, 0\n\t"
			 "bne 2f\n\t"
			 PPC_ST " 1, %[sp](29)\n\t"
			 PPC_L " 9, 0(" PPC_TP ")\n\t"
			 PPC_ST " 9, %[word](29)\n\t"
			 "li 0, %[exit]\n\t"
			 "li 3, 0\n\t"
			 "sc\n"
			 "2:"
			 : "+r" (r0), "+r" (r3), "+r" (r4), "+r" (r5),
			   "+r" (r6), "+r" (r7), "+r" (r8)
			 : "r" (r29),
			   [sp] "i" (offsetof(struct thread_seen, sp)),
			   [word] "i" (offsetof(struct thread_seen, tls_word)),
			   [exit] "i" (__NR_exit)
			 : "r9", "r10", "r11", "r12", "cr0", "ctr", "xer",
			   "memory");
	return r3;
}
#else
#define HAVE_THREAD_SYSCALL 0
#endif

#if HAVE_THREAD_SYSCALL && !defined(THREAD_TLS_IS_DESCRIPTOR)
/*
 * The tls argument that makes @area the thread pointer (%fs base,
 * TPIDR_EL0, TPIDRURO, r13 or r2): the address itself everywhere but on
 * i386, which takes a TLS descriptor.
 */
static unsigned long thread_tls(void *area)
{
	return (uintptr_t)area;
}
#endif

#if HAVE_THREAD_SYSCALL
/* The stack of the threads the tests create, which never return. */
static char thread_stack[64 * 1024];
#define THREAD_STACK_TOP \
	(((uintptr_t)thread_stack + sizeof(thread_stack)) & ~15UL)
#define THREAD_FLAGS (CLONE_VM | CLONE_THREAD | CLONE_SIGHAND | \
		      CLONE_PARENT_SETTID | CLONE_CHILD_SETTID | \
		      CLONE_CHILD_CLEARTID)

/*
 * 32-bit callers wait with futex_time64: without COMPAT_32BIT_TIME their
 * futex is ENOSYS.
 */
#ifdef __NR_futex_time64
#define NR_FUTEX_WAIT __NR_futex_time64
#else
#define NR_FUTEX_WAIT __NR_futex
#endif

/* Until the kernel clears @seen->tid, which it does when the thread ends. */
static int wait_thread_exit(struct thread_seen *seen)
{
	int tid;

	while ((tid = __atomic_load_n(&seen->tid, __ATOMIC_ACQUIRE)))
		if (syscall(NR_FUTEX_WAIT, &seen->tid, FUTEX_WAIT, tid, NULL) &&
		    errno != EAGAIN && errno != EINTR)
			return -1;
	return 0;
}

/*
 * Create a thread with @flags added to THREAD_FLAGS on a stack of its own,
 * the pids of @pid_set, and @tls unless 0; wait until it has ended.  The
 * thread sets @seen->tid when it starts (CLONE_CHILD_SETTID), which may be
 * after the call returns here, and clears it when it ends.
 */
static pid_t run_thread(__u64 flags, unsigned long tls,
			const struct pid_set *pid_set, int *parent_tid,
			struct thread_seen *seen)
{
	struct call_regs regs;
	pid_t tid;

	clone_extended_regs(&regs, THREAD_FLAGS | flags, pid_set);
	memset(seen, 0, sizeof(*seen));
	seen->tid = -1;
	tid = thread_syscall(regs.first, THREAD_STACK_TOP, tls, parent_tid,
			     seen, regs.last);
	if (tid < 0) {
		errno = -tid;
		return -1;
	}
	return wait_thread_exit(seen) ? -1 : tid;
}

/*
 * A thread runs on the stack it was given, with the thread pointer it was
 * given (CLONE_SETTLS), and child_tid and parent_tid get its tid.
 */
TEST(thread_runs_on_its_stack_and_thread_pointer)
{
	static unsigned long area[4] = { 0x5e7715 };
	struct thread_seen seen;
	int ptid = 0;
	pid_t tid;

	tid = run_thread(CLONE_SETTLS, thread_tls(area), NULL, &ptid, &seen);
	ASSERT_GT(tid, 0) TH_LOG("errno %d", errno);
	EXPECT_NE(getpid(), tid);
	EXPECT_EQ(tid, ptid);
	EXPECT_EQ(0, seen.tid);
	EXPECT_TRUE(seen.sp > (uintptr_t)thread_stack &&
		    seen.sp <= THREAD_STACK_TOP)
		TH_LOG("sp %#lx, stack %p to %#lx", seen.sp, thread_stack,
		       (unsigned long)THREAD_STACK_TOP);
	EXPECT_EQ(area[0], seen.tls_word);
}

/*
 * A pid set chooses the tid of a thread as it chooses the pid of a process;
 * a taken tid is EEXIST and creates no thread.
 */
TEST(thread_gets_the_chosen_tid)
{
	pid_t want = unused_pid();
	struct pid_set set = one_pid(&want);
	struct thread_seen seen;
	int ptid = 0;
	pid_t tid;

	ASSERT_GT(want, 0);
	tid = run_thread(0, 0, &set, &ptid, &seen);
	ASSERT_EQ(want, tid) TH_LOG("errno %d", errno);
	EXPECT_EQ(want, ptid);

	want = getpid();
	ptid = 0;
	EXPECT_EQ(-1, run_thread(0, 0, &set, &ptid, &seen));
	EXPECT_EQ(EEXIST, errno);
	EXPECT_EQ(0, ptid);
}
#else
TEST(thread_runs_on_its_stack_and_thread_pointer)
{
	SKIP(return, "no thread_syscall() for this architecture");
}

TEST(thread_gets_the_chosen_tid)
{
	SKIP(return, "no thread_syscall() for this architecture");
}
#endif

/* clone3() with @set_tid: 0 if it created a child (reaped), else errno. */
static int clone3_set_tid_errno(const pid_t *set_tid, size_t set_tid_size)
{
	struct clone_args args = {
		.exit_signal = SIGCHLD,
		.set_tid = (uintptr_t)set_tid,
		.set_tid_size = set_tid_size,
	};
	pid_t pid = syscall(__NR_clone3, &args, sizeof(args));

	if (pid == 0)
		_exit(0);
	if (pid < 0)
		return errno;
	wait_exit_code(pid);
	return 0;
}

/* As pid 1 one level down: pid 5 here, 0 in the parent namespace. */
static int clone3_rejects_zero_at_an_outer_level(void)
{
	pid_t set_tid[] = { 5, 0 };

	return clone3_set_tid_errno(set_tid, 2) == EINVAL ? 0 : 1;
}

/*
 * clone3() keeps refusing a 0 in set_tid, at any level and with EINVAL
 * before its capability check: only clone_extended() takes a 0.
 */
TEST(clone3_still_rejects_zero_in_set_tid)
{
	pid_t zero = 0;

	EXPECT_EQ(EINVAL, clone3_set_tid_errno(&zero, 1));
	EXPECT_EQ(0, run_in_new_pid_ns(1,
				       clone3_rejects_zero_at_an_outer_level));
	ASSERT_EQ(0, drop_privileges());
	EXPECT_EQ(EINVAL, clone3_set_tid_errno(&zero, 1));
}

/*
 * The rows of clone_extended_cases.h, one kselftest test each: a variant of
 * the fixture "row" per row index, run by clone_extended_row.h.
 */

/* Step 5 of a row: the call with the row's flags, no stack, no tls. */
static pid_t row_call(const struct clone_extended_case *row,
		      const struct pid_set *pid_set)
{
	pid_t pid = clone_extended_call(row->flags, NULL, NULL, pid_set);

	if (pid == 0)
		_exit(row_child_check(row));
	return pid;
}

FIXTURE(row) {};

FIXTURE_VARIANT(row) {
	unsigned int index;
};

FIXTURE_SETUP(row) {}

FIXTURE_TEARDOWN(row) {}

/*
 * One variant per row of the table, named after it.  A name without a row
 * leaves a row of zeros, which row_run() refuses.
 */
static_assert(CLONE_EXTENDED_NUM_CASES == CE_NUM_NAMES,
	      "one row of clone_extended_cases.h per name");

FIXTURE_VARIANT_ADD(row, plain_clone_without_pid_set) {
	.index = CE_plain_clone_without_pid_set,
};

FIXTURE_VARIANT_ADD(row, num_pids_0_reads_no_pids) {
	.index = CE_num_pids_0_reads_no_pids,
};

FIXTURE_VARIANT_ADD(row, only_0_entries_choose_nothing) {
	.index = CE_only_0_entries_choose_nothing,
};

FIXTURE_VARIANT_ADD(row, pid_chosen_in_the_target_namespace) {
	.index = CE_pid_chosen_in_the_target_namespace,
};

FIXTURE_VARIANT_ADD(row, only_the_innermost_entry_given) {
	.index = CE_only_the_innermost_entry_given,
};

FIXTURE_VARIANT_ADD(row, seed_example_two_levels_down) {
	.index = CE_seed_example_two_levels_down,
};

FIXTURE_VARIANT_ADD(row, pids_chosen_three_levels_deep) {
	.index = CE_pids_chosen_three_levels_deep,
};

FIXTURE_VARIANT_ADD(row, outer_levels_left_to_the_kernel) {
	.index = CE_outer_levels_left_to_the_kernel,
};

FIXTURE_VARIANT_ADD(row, newpid_child_is_pid_1) {
	.index = CE_newpid_child_is_pid_1,
};

FIXTURE_VARIANT_ADD(row, newpid_without_pid_set) {
	.index = CE_newpid_without_pid_set,
};

FIXTURE_VARIANT_ADD(row, pid_1_without_init_makes_the_init) {
	.index = CE_pid_1_without_init_makes_the_init,
};

FIXTURE_VARIANT_ADD(row, pids_chosen_in_own_user_ns) {
	.index = CE_pids_chosen_in_own_user_ns,
};

FIXTURE_VARIANT_ADD(row, zero_where_not_owned_needs_nothing) {
	.index = CE_zero_where_not_owned_needs_nothing,
};

FIXTURE_VARIANT_ADD(row, zero_between_chosen_pids) {
	.index = CE_zero_between_chosen_pids,
};

FIXTURE_VARIANT_ADD(row, zero_in_target_under_chosen_pid) {
	.index = CE_zero_in_target_under_chosen_pid,
};

FIXTURE_VARIANT_ADD(row, exit_signal_64_is_accepted) {
	.index = CE_exit_signal_64_is_accepted,
};

FIXTURE_VARIANT_ADD(row, exit_signal_0_is_accepted) {
	.index = CE_exit_signal_0_is_accepted,
};

FIXTURE_VARIANT_ADD(row, clear_sighand_is_accepted) {
	.index = CE_clear_sighand_is_accepted,
};

FIXTURE_VARIANT_ADD(row, clone_io_is_accepted) {
	.index = CE_clone_io_is_accepted,
};

FIXTURE_VARIANT_ADD(row, unknown_flag_bit_34) {
	.index = CE_unknown_flag_bit_34,
};

FIXTURE_VARIANT_ADD(row, unknown_flag_bit_63) {
	.index = CE_unknown_flag_bit_63,
};

FIXTURE_VARIANT_ADD(row, unknown_flag_bit_34_alone) {
	.index = CE_unknown_flag_bit_34_alone,
};

FIXTURE_VARIANT_ADD(row, into_cgroup) {
	.index = CE_into_cgroup,
};

FIXTURE_VARIANT_ADD(row, detached) {
	.index = CE_detached,
};

FIXTURE_VARIANT_ADD(row, exit_signal_with_thread) {
	.index = CE_exit_signal_with_thread,
};

FIXTURE_VARIANT_ADD(row, exit_signal_with_parent) {
	.index = CE_exit_signal_with_parent,
};

FIXTURE_VARIANT_ADD(row, exit_signal_65) {
	.index = CE_exit_signal_65,
};

FIXTURE_VARIANT_ADD(row, exit_signal_66) {
	.index = CE_exit_signal_66,
};

FIXTURE_VARIANT_ADD(row, exit_signal_128) {
	.index = CE_exit_signal_128,
};

FIXTURE_VARIANT_ADD(row, exit_signal_255) {
	.index = CE_exit_signal_255,
};

FIXTURE_VARIANT_ADD(row, num_pids_minus_1) {
	.index = CE_num_pids_minus_1,
};

FIXTURE_VARIANT_ADD(row, num_pids_minus_2) {
	.index = CE_num_pids_minus_2,
};

FIXTURE_VARIANT_ADD(row, num_pids_int_min) {
	.index = CE_num_pids_int_min,
};

FIXTURE_VARIANT_ADD(row, num_pids_level_plus_2) {
	.index = CE_num_pids_level_plus_2,
};

FIXTURE_VARIANT_ADD(row, num_pids_level_plus_2_with_newpid) {
	.index = CE_num_pids_level_plus_2_with_newpid,
};

FIXTURE_VARIANT_ADD(row, num_pids_34) {
	.index = CE_num_pids_34,
};

FIXTURE_VARIANT_ADD(row, num_pids_int_max) {
	.index = CE_num_pids_int_max,
};

FIXTURE_VARIANT_ADD(row, pids_unreadable) {
	.index = CE_pids_unreadable,
};

FIXTURE_VARIANT_ADD(row, entry_minus_1) {
	.index = CE_entry_minus_1,
};

FIXTURE_VARIANT_ADD(row, entry_pid_max) {
	.index = CE_entry_pid_max,
};

FIXTURE_VARIANT_ADD(row, entry_int_min) {
	.index = CE_entry_int_min,
};

FIXTURE_VARIANT_ADD(row, entry_int_max) {
	.index = CE_entry_int_max,
};

FIXTURE_VARIANT_ADD(row, entry_minus_1_where_only_0) {
	.index = CE_entry_minus_1_where_only_0,
};

FIXTURE_VARIANT_ADD(row, sighand_without_vm) {
	.index = CE_sighand_without_vm,
};

FIXTURE_VARIANT_ADD(row, thread_without_sighand) {
	.index = CE_thread_without_sighand,
};

FIXTURE_VARIANT_ADD(row, newpid_with_thread) {
	.index = CE_newpid_with_thread,
};

FIXTURE_VARIANT_ADD(row, newuser_with_thread) {
	.index = CE_newuser_with_thread,
};

FIXTURE_VARIANT_ADD(row, newns_with_fs) {
	.index = CE_newns_with_fs,
};

FIXTURE_VARIANT_ADD(row, pidfd_with_parent_settid) {
	.index = CE_pidfd_with_parent_settid,
};

FIXTURE_VARIANT_ADD(row, clear_sighand_with_sighand) {
	.index = CE_clear_sighand_with_sighand,
};

FIXTURE_VARIANT_ADD(row, non_1_entry_without_init) {
	.index = CE_non_1_entry_without_init,
};

FIXTURE_VARIANT_ADD(row, non_1_entry_without_init_under_0) {
	.index = CE_non_1_entry_without_init_under_0,
};

FIXTURE_VARIANT_ADD(row, pid_where_not_owned) {
	.index = CE_pid_where_not_owned,
};

FIXTURE_VARIANT_ADD(row, entry_in_use_in_the_target) {
	.index = CE_entry_in_use_in_the_target,
};

FIXTURE_VARIANT_ADD(row, entry_in_use_at_an_outer_level) {
	.index = CE_entry_in_use_at_an_outer_level,
};

TEST_F(row, behaves_as_its_row_says)
{
	const struct clone_extended_case *row =
		&clone_extended_cases[variant->index];
	struct row_outcome outcome;
	char why[256];

	ASSERT_EQ(0, row_run(row, row_call, &outcome))
		TH_LOG("%s: cannot start the row: errno %d", row->name, errno);
	if (outcome.no_user_ns)
		SKIP(return, "%s: uid 65534 may not create a user namespace",
		     row->name);
	EXPECT_EQ(0, row_check(row, row->expect_errno, &outcome, why,
			       sizeof(why)))
		TH_LOG("%s", why);
}

/*
 * The tests create pid namespaces and choose pids, which needs root, and a
 * kernel with the call: without either, they are skipped.  A kernel has
 * the call when a plain one creates a child; on another kernel, its number
 * may be a different call (setxattrat() from Linux 6.13 on).
 */
int main(int argc, char **argv)
{
	pid_t pid;

	if (geteuid()) {
		ksft_print_header();
		ksft_exit_skip("clone_extended() tests need root\n");
	}
	pid = clone_extended_call(SIGCHLD, NULL, NULL, NULL);
	if (pid == 0)
		_exit(0);
	if (pid < 0 || waitpid(pid, NULL, 0) != pid) {
		ksft_print_header();
		ksft_exit_skip("system call %d creates no child: %s\n",
			       __NR_clone_extended, strerror(errno));
	}
	return test_harness_run(argc, argv);
}

#endif /* CLONE_EXTENDED_COMMON_H */
