/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Guest-time cost of clone(), clone3() and one clone_extended() variant on
 * its patched kernel, run in QEMU with -icount shift=0 (1 guest ns = 1
 * instruction, so the figures repeat on a busy host).  The cases:
 *
 *   reject                  CLONE_SIGHAND without CLONE_VM: copy_process()
 *                           refuses it first thing, after every argument
 *                           has been copied from user memory, so the call
 *                           costs entry, argument copies and checks only
 *   reject_pids1            the same with a pid set of one level (clone3:
 *                           set_tid), which is copied and checked too
 *   create_reap             create a process that _exit(0)s, waitpid() it
 *   create_reap_ns2         the same from pid 1 of a pid namespace two
 *                           levels down: the child gets three pids
 *   create_reap_ns2_pidsN   the same choosing the child's pids at the N
 *                           innermost levels, N = 1, 2, 3
 *   create_reap_ns2_pids1_zeros2
 *                           the same choosing the innermost pid with a pid
 *                           set of all three levels, the outer two 0
 *                           (clone3: set_tid holds the chosen pid only)
 *
 * Each round times a batch of calls of every case and call in turn, after
 * CLONE_COST_WARMUP such rounds not kept (the first rounds grow the
 * kernel's pid tables and caches and cost less).  Rounds come in pairs:
 * rounds 2k and 2k + 1 run at the same stack depth
 * (time_batch_at_depth()), the first with the calls in order, the second
 * backwards (call_at()); the program runs with its address
 * space laid out the same every time, without randomization; each
 * (case, call) prints one line, tab-separated:
 *
 *   clone_cost KERNEL WIDTH CASE CALL CALLS_PER_ROUND MEDIAN MIN MAX ROUNDS
 *
 * MEDIAN, MIN and MAX are over the rounds' mean guest ns per call, ROUNDS
 * lists those means in round order, so that a reader can pair them.  A
 * line first says how many such lines will follow and how many rounds each
 * lists, so that a reader can tell that none is missing:
 *
 *   clone_cost_plan KERNEL WIDTH LINES ROUNDS
 *  Every call's result is checked (the errno of a
 * rejected call, the pid and exit status of a created child, the chosen
 * pid); a wrong one stops the program with exit status 1, so figures are
 * only printed for calls that did what they are said to do.
 *
 * The file that includes this one defines CLONE_COST_KERNEL (the series
 * name), struct clone_extended_args and
 *
 *	static void clone_extended_prepare(struct clone_extended_args *args,
 *					   __u64 flags,
 *					   const struct pid_set *pid_set);
 *	static long clone_extended_call(const struct clone_extended_args *args);
 *
 * prepare fills @args once per batch, for the 64-bit clone3() flag space
 * @flags (exit signal in bits 0-7) and the pids of @pid_set (NULL: none);
 * call makes the system call with no stack, tls or tid pointers.
 */

#ifndef CLONE_COST_H
#define CLONE_COST_H

#include <alloca.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/pid_set.h>
#include <linux/sched.h>
#include <linux/types.h>

/*
 * Rounds, and calls per round of the cases that create a process or not.
 * Two rounds at each of the STACK_DEPTHS depths (time_batch_at_depth()),
 * one in each call order (call_at()): an even number.
 */
#ifndef CLONE_COST_ROUNDS
#define CLONE_COST_ROUNDS 16
#endif
#ifndef CLONE_COST_CREATES
#define CLONE_COST_CREATES 200
#endif
#ifndef CLONE_COST_REJECTS
#define CLONE_COST_REJECTS 2000
#endif
#ifndef CLONE_COST_WARMUP
#define CLONE_COST_WARMUP 3
#endif
_Static_assert(CLONE_COST_ROUNDS % 2 == 0, "rounds come in pairs");

/* Levels below the caller's pid namespace of the *_ns2 cases. */
#define NS_DEPTH 2

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Cases in the longest table below. */
#define MAX_CASES 5

enum call { CALL_CLONE, CALL_CLONE3, CALL_CLONE_EXTENDED, NUM_CALLS };

static const char *const call_name[NUM_CALLS] = {
	"clone", "clone3", "clone_extended",
};

struct bench_case {
	const char *name;
	int creates;		/* a child is created and reaped */
	int num_pids;		/* pid set levels chosen, 0 for none */
	int zeros;		/* 0 entries outside them in the pid set */
};

static const struct bench_case top_cases[] = {
	{ "reject", 0, 0 },
	{ "reject_pids1", 0, 1 },
	{ "create_reap", 1, 0 },
};

static const struct bench_case ns2_cases[] = {
	{ "create_reap_ns2", 1, 0 },
	{ "create_reap_ns2_pids1", 1, 1 },
	{ "create_reap_ns2_pids2", 1, 2 },
	{ "create_reap_ns2_pids3", 1, 3 },
	{ "create_reap_ns2_pids1_zeros2", 1, 1, 2 },
};

/* Everything a call needs, made before the batch is timed. */
struct prepared {
	__u64 flags;
	struct pid_set pid_set;
	pid_t pids[NS_DEPTH + 1];	/* outermost first */
	pid_t set_tid[NS_DEPTH + 1];	/* innermost first */
	struct clone_args clone3_args;
	struct clone_extended_args clone_extended_args;
};

static void prepare(struct prepared *p, const struct bench_case *c,
		    pid_t chosen)
{
	int i;

	memset(p, 0, sizeof(*p));
	p->flags = SIGCHLD | (c->creates ? 0 : CLONE_SIGHAND);
	p->pid_set.num_pids = c->zeros + c->num_pids;
	p->pid_set.pids = p->pids;
	for (i = 0; i < c->num_pids; i++) {
		p->pids[c->zeros + i] = chosen;
		p->set_tid[i] = chosen;
	}
	p->clone3_args.flags = p->flags & ~(__u64)CSIGNAL;
	p->clone3_args.exit_signal = p->flags & CSIGNAL;
	/* clone3() refuses a set_tid pointer with a set_tid_size of 0. */
	if (c->num_pids) {
		p->clone3_args.set_tid = (__u64)(uintptr_t)p->set_tid;
		p->clone3_args.set_tid_size = c->num_pids;
	}
	clone_extended_prepare(&p->clone_extended_args, p->flags,
			       p->pid_set.num_pids ? &p->pid_set : NULL);
}

static long issue(enum call call, const struct prepared *p)
{
	switch (call) {
	case CALL_CLONE:
		return syscall(SYS_clone, (unsigned long)p->flags, 0UL, 0UL,
			       0UL, 0UL);
	case CALL_CLONE3:
		return syscall(SYS_clone3, &p->clone3_args,
			       sizeof(p->clone3_args));
	default:
		return clone_extended_call(&p->clone_extended_args);
	}
}

static void __attribute__((noreturn))
wrong(const struct bench_case *c, enum call call, const char *what, long ret)
{
	printf("# clone_cost: %s %s %s: %s (returned %ld, errno %d)\n",
	       CLONE_COST_KERNEL, c->name, call_name[call], what, ret, errno);
	exit(1);
}

/* One call, its result checked; a created child is reaped. */
static void one(const struct bench_case *c, enum call call,
		const struct prepared *p)
{
	int status;
	long ret;

	/*
	 * Nothing is written before the call: a page written between two
	 * fork()s costs a copy-on-write fault, which would hide one that the
	 * call itself causes (errno's page, written by a failed system call).
	 */
	ret = issue(call, p);
	if (!c->creates) {
		if (ret != -1 || errno != EINVAL)
			wrong(c, call, "not rejected with EINVAL", ret);
		return;
	}
	if (ret == 0)
		_exit(0);
	if (ret < 0)
		wrong(c, call, "no child", ret);
	/* The caller sees the child's innermost pid, the set's last. */
	if (c->num_pids && ret != p->pids[p->pid_set.num_pids - 1])
		wrong(c, call, "child has not the chosen pid", ret);
	if (waitpid(ret, &status, 0) != ret || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		wrong(c, call, "child not reaped with exit status 0", ret);
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* clone() has neither a pid set nor a way to reach the rejection after one. */
static int applies(const struct bench_case *c, enum call call)
{
	return call != CALL_CLONE || c->num_pids == 0;
}

/* The mean guest ns of @n calls. */
static double __attribute__((noinline))
time_batch(const struct bench_case *c, enum call call,
	   const struct prepared *p, int n)
{
	double start = now_ns();
	int k;

	for (k = 0; k < n; k++)
		one(c, call, p);
	return (now_ns() - start) / n;
}

/*
 * After each fork() every stack page the parent writes costs it a page
 * fault, so a call's figure depends on whether a page boundary falls
 * under its frames.  Pair k runs STACK_STEP * k bytes deeper, modulo a
 * page, so that each layout decides some pairs, not all of them.
 */
#define STACK_STEP	512
#define STACK_DEPTHS	8

/* The depth of @round's pair, 0 to STACK_DEPTHS - 1; warmups are < 0. */
static int depth_of(int round)
{
	return (round + 2 * STACK_DEPTHS * CLONE_COST_WARMUP) / 2 %
	       STACK_DEPTHS;
}

static double __attribute__((noinline))
time_batch_at_depth(int round, const struct bench_case *c, enum call call,
		    const struct prepared *p, int n)
{
	size_t depth = (size_t)depth_of(round) * STACK_STEP;
	volatile char *pad = alloca(depth + 1);

	/* Reading pad back keeps the compiler from dropping the alloca(). */
	pad[0] = 0;
	return time_batch(c, call, p, n) + (double)pad[0];
}

/*
 * The call of the @k-th batch of a case in @round: in call order in the
 * first round of a pair, backwards in the second.  A batch costs more the
 * later it is timed in its round (clone3() against itself on x86_64,
 * create_reap: +0.3 to +0.7 % timed last of four batches, -0.3 to -0.8 %
 * timed first), so one round's ratio of two calls holds their distance in
 * the order; the mean of a pair's two ratios cancels it.
 */
static enum call call_at(int round, int k)
{
	int backwards = round & 1;

	return (enum call)(backwards ? NUM_CALLS - 1 - k : k);
}

/*
 * Time every case of @cases with every call that applies, the pid sets
 * choosing @chosen at each level, and print the figures.
 */
static void run_cases(const struct bench_case *cases, int num_cases,
		      pid_t chosen)
{
	_Static_assert(ARRAY_SIZE(top_cases) <= MAX_CASES &&
		       ARRAY_SIZE(ns2_cases) <= MAX_CASES, "MAX_CASES too small");
	double means[MAX_CASES][NUM_CALLS][CLONE_COST_ROUNDS];
	struct prepared p;
	int round, i, j, k;
	enum call call;

	for (round = -CLONE_COST_WARMUP; round < CLONE_COST_ROUNDS; round++)
		for (i = 0; i < num_cases; i++) {
			int n = cases[i].creates ? CLONE_COST_CREATES :
						   CLONE_COST_REJECTS;

			prepare(&p, &cases[i], chosen);
			for (k = 0; k < NUM_CALLS; k++) {
				double mean;

				call = call_at(round, k);

				if (!applies(&cases[i], call))
					continue;
				mean = time_batch_at_depth(round, &cases[i],
							   call, &p, n);
				if (round >= 0)
					means[i][call][round] = mean;
			}
		}

	for (i = 0; i < num_cases; i++)
		for (call = 0; call < NUM_CALLS; call++) {
			double sorted[CLONE_COST_ROUNDS];

			if (!applies(&cases[i], call))
				continue;
			memcpy(sorted, means[i][call], sizeof(sorted));
			qsort(sorted, CLONE_COST_ROUNDS, sizeof(sorted[0]),
			      compare_doubles);
			printf("clone_cost\t%s\t%d\t%s\t%s\t%d\t%.1f\t%.1f\t%.1f\t",
			       CLONE_COST_KERNEL, (int)(8 * sizeof(long)),
			       cases[i].name, call_name[call],
			       cases[i].creates ? CLONE_COST_CREATES :
						  CLONE_COST_REJECTS,
			       sorted[CLONE_COST_ROUNDS / 2], sorted[0],
			       sorted[CLONE_COST_ROUNDS - 1]);
			for (j = 0; j < CLONE_COST_ROUNDS; j++)
				printf("%s%.1f", j ? "," : "",
				       means[i][call][j]);
			printf("\n");
		}
	fflush(stdout);
}

/* How many lines run_cases() prints for @cases. */
static int count_lines(const struct bench_case *cases, int num_cases)
{
	int i, lines = 0;
	enum call call;

	for (i = 0; i < num_cases; i++)
		for (call = 0; call < NUM_CALLS; call++)
			lines += applies(&cases[i], call);
	return lines;
}

/* Exit status of the child @pid, or 1 if it did not exit normally. */
static int exit_status(pid_t pid)
{
	int status;

	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return 1;
	return WEXITSTATUS(status);
}

/*
 * Run the *_ns2 cases as pid 1 of a pid namespace @depth levels below the
 * caller's: it reaps its children, and pid 1 at every level above it is
 * alive, as a chosen pid other than 1 needs.
 */
static int run_ns2_cases(int depth, pid_t chosen)
{
	pid_t pid;

	if (depth == 0) {
		run_cases(ns2_cases, ARRAY_SIZE(ns2_cases), chosen);
		return 0;
	}
	if (unshare(CLONE_NEWPID)) {
		perror("# clone_cost: unshare(CLONE_NEWPID)");
		return 1;
	}
	pid = fork();
	if (pid < 0) {
		perror("# clone_cost: fork");
		return 1;
	}
	if (pid == 0)
		_exit(run_ns2_cases(depth - 1, chosen));
	return exit_status(pid);
}

/* /proc/sys/kernel/pid_max, or -1. */
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

int main(int argc, char **argv)
{
	pid_t pid_max, chosen;
	pid_t pid;

	/*
	 * How many page tables fork() copies depends on where the mappings
	 * are: the same layout on every run makes the figures repeat.
	 */
	if (argc > 0 && !(personality(0xffffffff) & ADDR_NO_RANDOMIZE)) {
		if (personality(ADDR_NO_RANDOMIZE) == -1 ||
		    execv("/proc/self/exe", argv)) {
			perror("# clone_cost: running without randomization");
			return 1;
		}
	}

	pid_max = read_pid_max();
	if (pid_max < 100) {
		printf("# clone_cost: cannot read /proc/sys/kernel/pid_max\n");
		return 1;
	}
	/*
	 * The highest pid: the namespaces' processes are made first, when
	 * the kernel hands out low pids, and every other process is reaped
	 * before the next call, so it is free at every level.
	 */
	chosen = pid_max - 1;
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("# clone_cost: %s, %d-bit caller, %d rounds after %d not kept, %d calls per round creating, %d rejected, chosen pid %d\n",
	       CLONE_COST_KERNEL, (int)(8 * sizeof(long)), CLONE_COST_ROUNDS,
	       CLONE_COST_WARMUP, CLONE_COST_CREATES, CLONE_COST_REJECTS,
	       chosen);
	printf("clone_cost_plan\t%s\t%d\t%d\t%d\n", CLONE_COST_KERNEL,
	       (int)(8 * sizeof(long)),
	       count_lines(ns2_cases, ARRAY_SIZE(ns2_cases)) +
	       count_lines(top_cases, ARRAY_SIZE(top_cases)),
	       CLONE_COST_ROUNDS);

	pid = fork();
	if (pid < 0) {
		perror("# clone_cost: fork");
		return 1;
	}
	if (pid == 0)
		_exit(run_ns2_cases(NS_DEPTH, chosen));
	if (exit_status(pid))
		return 1;

	run_cases(top_cases, ARRAY_SIZE(top_cases), chosen);
	return 0;
}

#endif
