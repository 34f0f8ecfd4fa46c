// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Cost of creating and reaping a process through the library against the
 * raw clone3() system call doing the same, interleaved so that both see the
 * same machine state: each round creates a batch of processes, one of
 * each method in turn, and the per-round ratio of mean times library/raw
 * is summarised as median and spread (10th and 90th percentiles).  A benchmark, not a test: it prints figures and checks nothing.
 * Usage: create_reap_bench [ROUNDS [BATCH]]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clone_extended.h"

enum method { RAW_CLONE3, FLAGS_ARRAY, CLONE_INFO, METHODS };

static const char *const method_name[METHODS] = {
	"raw clone3", "clone_extended_flags", "clone_extended_info",
};

/*
 * A clone of each method with @extra_flags added.  CLONE_SIGHAND alone is
 * rejected by the kernel after the library's work is done, which isolates
 * that work's cost.
 */
static pid_t create(enum method method, __u64 extra_flags)
{
	struct clone_args args = {
		.flags = extra_flags, .exit_signal = SIGCHLD,
	};
	clone_flags_t flags;

	switch (method) {
	case RAW_CLONE3:
		return (pid_t)syscall(SYS_clone3, &args, CLONE_ARGS_SIZE_VER0);
	case FLAGS_ARRAY:
		clone_flags_from_mask(&flags, SIGCHLD | extra_flags);
		return clone_extended_flags(&flags, NULL, 0, NULL, NULL, NULL);
	default:
		return clone_extended_info((int)(SIGCHLD | extra_flags), NULL,
					   0, NULL, NULL, NULL);
	}
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* Nanoseconds to create and reap one process. */
static double time_one(enum method method)
{
	double start = now_ns();
	pid_t pid = create(method, 0);

	if (pid == 0)
		_exit(0);
	if (pid < 0 || waitpid(pid, NULL, 0) != pid) {
		fprintf(stderr, "create_reap_bench: %s: %s\n",
			method_name[method], strerror(errno));
		exit(1);
	}
	return now_ns() - start;
}

/* Nanoseconds per call rejected by the kernel, over @calls calls. */
static double time_rejected(enum method method, int calls)
{
	double start = now_ns();
	int i;

	for (i = 0; i < calls; i++)
		if (create(method, CLONE_SIGHAND) != -1 || errno != EINVAL) {
			fprintf(stderr, "create_reap_bench: %s: not EINVAL\n",
				method_name[method]);
			exit(1);
		}
	return (now_ns() - start) / calls;
}

static int compare_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double quantile(double *sorted, int n, double q)
{
	return sorted[(int)(q * (n - 1) + 0.5)];
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 41;
	int batch = argc > 2 ? atoi(argv[2]) : 200;
	double *ns[METHODS], *ratio[METHODS];
	int r, m;

	if (rounds < 1 || batch < 1) {
		fprintf(stderr, "usage: create_reap_bench [ROUNDS [BATCH]]\n");
		return 2;
	}
	for (m = 0; m < METHODS; m++) {
		ns[m] = calloc(rounds, sizeof(double));
		ratio[m] = calloc(rounds, sizeof(double));
		if (!ns[m] || !ratio[m])
			return 1;
	}
	for (r = 0; r < rounds; r++) {
		int i;

		/*
		 * One process of each method in turn, the order rotating, so
		 * that load changes during the round hit all methods alike.
		 */
		for (i = 0; i < batch; i++)
			for (m = 0; m < METHODS; m++) {
				enum method method =
					(enum method)((m + i) % METHODS);

				ns[method][r] += time_one(method) / batch;
			}
		for (m = 0; m < METHODS; m++)
			ratio[m][r] = ns[m][r] / ns[RAW_CLONE3][r];
	}
	printf("create+reap, %d-bit, %d rounds of %d processes each\n",
	       (int)(8 * sizeof(long)), rounds, batch);
	printf("%-22s %12s %12s %12s %12s\n", "method", "median ns",
	       "ratio p50", "ratio p10", "ratio p90");
	for (m = 0; m < METHODS; m++) {
		qsort(ns[m], rounds, sizeof(double), compare_double);
		qsort(ratio[m], rounds, sizeof(double), compare_double);
		printf("%-22s %12.0f %12.4f %12.4f %12.4f\n", method_name[m],
		       quantile(ns[m], rounds, 0.5),
		       quantile(ratio[m], rounds, 0.5),
		       quantile(ratio[m], rounds, 0.1),
		       quantile(ratio[m], rounds, 0.9));
	}
	/* The library's own work, per call, on a call the kernel rejects. */
	printf("rejected call (CLONE_SIGHAND without CLONE_VM), median of %d rounds of 2000\n",
	       rounds);
	for (r = 0; r < rounds; r++)
		for (m = 0; m < METHODS; m++) {
			enum method method = (enum method)((m + r) % METHODS);

			ns[method][r] = time_rejected(method, 2000);
		}
	for (m = 0; m < METHODS; m++) {
		qsort(ns[m], rounds, sizeof(double), compare_double);
		printf("%-22s %12.0f ns\n", method_name[m],
		       quantile(ns[m], rounds, 0.5));
	}
	return 0;
}
