// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The variant-specific errors of the spec's error table (E-FLAGS-FAULT,
 * E-INFO-FAULT, E-HIGH-COUNT, E-HIGH-FAULT, E-PID-SET-FAULT, and the order
 * of the checks), plus the library's own argument rules for
 * its fork-like and run forms (docs/compat.md).
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clone_extended.h"

#define PAGE	4096

/* A readable page followed by an unreadable one. */
static char *page_then_hole(void)
{
	char *pages = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	cr_assert_neq(pages, MAP_FAILED);
	cr_assert_eq(mprotect(pages + PAGE, PAGE, PROT_NONE), 0);
	return pages;
}

static void expect_failure(pid_t ret, int expected, const char *what)
{
	int err = errno;

	if (ret == 0)
		_exit(0);	/* a child that should not exist: stop it */
	if (ret > 0)
		waitpid(ret, NULL, __WALL);
	cr_assert_eq(ret, -1, "%s: returned %d, expected %s", what, ret,
		     strerror(expected));
	cr_assert_eq(err, expected, "%s: %s, expected %s", what, strerror(err),
		     strerror(expected));
}

/* A fork-like call that must succeed; the child exits at once. */
static void expect_child(pid_t ret, const char *what)
{
	int status;

	if (ret == 0)
		_exit(42);
	cr_assert_gt(ret, 0, "%s: failed: %s", what, strerror(errno));
	cr_assert_eq(waitpid(ret, &status, 0), ret, "%s: waitpid", what);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 42,
		  "%s: child status %#x", what, status);
}

/*
 * A call that succeeds leaves errno as it was, even where it probes an
 * argument in a page of its own: a write to errno's page between two
 * fork()s would cost the caller a copy-on-write fault.
 */
static void expect_child_and_errno_kept(pid_t ret, const char *what)
{
	int err = errno;

	expect_child(ret, what);
	cr_expect_eq(err, EDOM, "%s: errno is %s, expected EDOM kept", what,
		     strerror(err));
}

Test(flags_array, flags_pointer_null_or_unreadable_is_efault)
{
	char *pages = page_then_hole();
	clone_flags_t *straddling = (clone_flags_t *)(pages + PAGE - 4);

	expect_failure(clone_extended_flags(NULL, NULL, 0, NULL, NULL, NULL),
		       EFAULT, "NULL flags");
	expect_failure(clone_extended_flags((clone_flags_t *)(pages + PAGE),
					    NULL, 0, NULL, NULL, NULL),
		       EFAULT, "unreadable flags");
	expect_failure(clone_extended_flags(straddling, NULL, 0, NULL, NULL,
					    NULL),
		       EFAULT, "flags running into an unreadable page");
}

/* An unreadable page right after the argument is no reason for EFAULT. */
Test(flags_array, flags_ending_where_an_unreadable_page_starts_are_read)
{
	char *pages = page_then_hole();
	clone_flags_t *flags = (clone_flags_t *)(pages + PAGE) - 1;

	clone_flags_from_mask(flags, SIGCHLD);
	expect_child(clone_extended_flags(flags, NULL, 0, NULL, NULL, NULL),
		     "flags ending at the hole");
}

Test(flags_array, successful_call_leaves_errno_alone)
{
	clone_flags_t *flags = (clone_flags_t *)page_then_hole();

	clone_flags_from_mask(flags, SIGCHLD);
	errno = EDOM;
	expect_child_and_errno_kept(clone_extended_flags(flags, NULL, 0, NULL,
							 NULL, NULL),
				    "flags in a page of their own");
}

Test(flags_array, pid_set_null_is_plain_clone)
{
	clone_flags_t flags;

	clone_flags_from_mask(&flags, SIGCHLD);
	expect_child(clone_extended_flags(&flags, NULL, 0, NULL, NULL, NULL),
		     "NULL pid_set");
}

Test(flags_array, pid_set_unreadable_is_efault)
{
	char *pages = page_then_hole();
	clone_flags_t flags;

	clone_flags_from_mask(&flags, SIGCHLD);
	expect_failure(clone_extended_flags(&flags, NULL, 0, NULL, NULL,
					    (struct pid_set *)(pages + PAGE)),
		       EFAULT, "unreadable pid_set");
}

Test(flags_array, pids_running_into_unreadable_page_is_efault)
{
	char *pages = page_then_hole();
	struct pid_set pid_set = { 2, (pid_t *)(pages + PAGE - sizeof(pid_t)) };
	clone_flags_t flags;
	int own_pid_ns;

	if (geteuid() != 0)
		cr_skip_test("needs root: level 1 must exist for 2 pids");
	/* The Criterion worker may sit at level 0: make room for 2 pids. */
	own_pid_ns = open("/proc/self/ns/pid", O_RDONLY | O_CLOEXEC);
	cr_assert_geq(own_pid_ns, 0);
	cr_assert_eq(unshare(CLONE_NEWPID), 0);
	clone_flags_from_mask(&flags, SIGCHLD);
	expect_failure(clone_extended_flags(&flags, NULL, 0, NULL, NULL,
					    &pid_set),
		       EFAULT, "second pid unreadable");
	/*
	 * Children go to our own namespace again.  Anything cloned at exit
	 * (LeakSanitizer's tracer) would otherwise become the init of the
	 * empty namespace, see no parent and quit, and the leak check would
	 * wait for it forever.
	 */
	cr_assert_eq(setns(own_pid_ns, CLONE_NEWPID), 0);
	close(own_pid_ns);
}

Test(flags_array, exit_signal_is_checked_before_pid_set)
{
	clone_flags_t flags;

	clone_flags_from_mask(&flags, 65);
	expect_failure(clone_extended_flags(&flags, NULL, 0, NULL, NULL,
					    (struct pid_set *)8),
		       EINVAL, "E-EXIT-SIGNAL before E-PID-SET-FAULT");
}

Test(clone_info, null_clone_info_is_plain_clone)
{
	expect_child(clone_extended_info(SIGCHLD, NULL, 0, NULL, NULL, NULL),
		     "NULL clone_info");
}

Test(clone_info, successful_call_leaves_errno_alone)
{
	struct clone_info *info = (struct clone_info *)page_then_hole();

	memset(info, 0, sizeof(*info));
	errno = EDOM;
	expect_child_and_errno_kept(clone_extended_info(SIGCHLD, NULL, 0, NULL,
							NULL, info),
				    "clone_info in a page of its own");
}

Test(clone_info, null_clone_info_still_checks_exit_signal)
{
	expect_failure(clone_extended_info(65, NULL, 0, NULL, NULL, NULL),
		       EINVAL, "exit signal 65 without clone_info");
}

Test(clone_info, clone_info_unreadable_is_efault)
{
	char *pages = page_then_hole();

	expect_failure(clone_extended_info(SIGCHLD, NULL, 0, NULL, NULL,
					   (struct clone_info *)(pages + PAGE)),
		       EFAULT, "unreadable clone_info");
	expect_failure(clone_extended_info(SIGCHLD, NULL, 0, NULL, NULL,
					   (struct clone_info *)(pages + PAGE -
								 8)),
		       EFAULT, "clone_info running into an unreadable page");
}

Test(clone_info, clone_info_and_high_word_ending_where_an_unreadable_page_starts_are_read)
{
	struct clone_info *info =
		(struct clone_info *)(page_then_hole() + PAGE) - 1;
	int *high_word = (int *)(page_then_hole() + PAGE) - 1;

	*high_word = 0;
	*info = (struct clone_info){
		.num_clone_high_words = 1,
		.flags_high = high_word,
	};
	expect_child(clone_extended_info(SIGCHLD, NULL, 0, NULL, NULL, info),
		     "clone_info and its high word ending at the hole");
}

/* num_clone_high_words bounds, and flags_high read only when needed. */
static const struct {
	int words;
	int flags_high_null;
	int expect_errno;
} high_words_table[] = {
	{ -2147483647 - 1, 0, EINVAL },
	{ -1, 0, EINVAL },
	{ 0, 1, 0 },
	{ 1, 0, 0 },
	{ CLONE_INFO_HIGH_WORDS_MAX, 0, 0 },
	{ CLONE_INFO_HIGH_WORDS_MAX + 1, 0, EINVAL },
	{ CLONE_INFO_HIGH_WORDS_MAX + 1, 1, EINVAL },	/* E-HIGH-COUNT first */
	{ 1, 1, EFAULT },
};

Test(clone_info, num_clone_high_words_bounds)
{
	int words[CLONE_INFO_HIGH_WORDS_MAX + 1] = { 0 };
	size_t i;

	for (i = 0; i < sizeof(high_words_table) / sizeof(high_words_table[0]);
	     i++) {
		struct clone_info info = {
			.num_clone_high_words = high_words_table[i].words,
			.flags_high = high_words_table[i].flags_high_null ?
				      NULL : words,
		};
		pid_t ret = clone_extended_info(SIGCHLD, NULL, 0, NULL, NULL,
						&info);
		char what[64];

		snprintf(what, sizeof(what), "%d words%s",
			 high_words_table[i].words,
			 high_words_table[i].flags_high_null ?
			 ", flags_high NULL" : "");
		if (high_words_table[i].expect_errno)
			expect_failure(ret, high_words_table[i].expect_errno,
				       what);
		else
			expect_child(ret, what);
	}
}

Test(clone_info, flags_high_unreadable_is_efault)
{
	char *pages = page_then_hole();
	struct clone_info info = {
		.num_clone_high_words = 2,
		.flags_high = (int *)(pages + PAGE - sizeof(int)),
	};

	expect_failure(clone_extended_info(SIGCHLD, NULL, 0, NULL, NULL,
					   &info),
		       EFAULT, "second high word unreadable");
}

Test(clone_info, any_bit_of_a_later_high_word_is_einval)
{
	int words[CLONE_INFO_HIGH_WORDS_MAX] = { 0 };
	struct clone_info info = {
		.num_clone_high_words = CLONE_INFO_HIGH_WORDS_MAX,
		.flags_high = words,
	};
	int word, bit;

	for (word = 1; word < CLONE_INFO_HIGH_WORDS_MAX; word++)
		for (bit = 0; bit < 32; bit += 31) {
			words[word] = (int)(1U << bit);
			expect_failure(clone_extended_info(SIGCHLD, NULL, 0,
							   NULL, NULL, &info),
				       EINVAL, "bit in a later high word");
			words[word] = 0;
		}
}

Test(clone_info, clear_sighand_through_high_word)
{
	int high = 1;	/* flag 32: CLONE_CLEAR_SIGHAND */
	struct clone_info info = { 1, &high, { 0, NULL } };

	expect_child(clone_extended_info(SIGCHLD, NULL, 0, NULL, NULL, &info),
		     "CLONE_CLEAR_SIGHAND in flags_high[0]");
}

Test(clone_info, negative_flags_low_is_clone_io)
{
	expect_child(clone_extended_info((int)(CLONE_IO | SIGCHLD), NULL, 0,
					 NULL, NULL, NULL),
		     "CLONE_IO through a negative flags_low");
}

static int return_zero(void *arg)
{
	(void)arg;
	return 0;
}

Test(library_forms, fork_form_refuses_child_stack_and_clone_vm)
{
	static char stack[4096];
	clone_flags_t flags;

	clone_flags_from_mask(&flags, SIGCHLD);
	expect_failure(clone_extended_flags(&flags, stack + sizeof(stack), 0,
					    NULL, NULL, NULL),
		       EINVAL, "fork form with a child stack");
	expect_failure(clone_extended_info(SIGCHLD, stack + sizeof(stack), 0,
					   NULL, NULL, NULL),
		       EINVAL, "fork form with a child stack (clone-info)");
	clone_flags_from_mask(&flags, CLONE_VM | CLONE_VFORK | SIGCHLD);
	expect_failure(clone_extended_flags(&flags, NULL, 0, NULL, NULL, NULL),
		       EINVAL, "fork form with CLONE_VM");
}

Test(library_forms, run_form_refuses_missing_fn_or_small_stack)
{
	static char stack[4096];
	clone_flags_t flags;

	clone_flags_from_mask(&flags, SIGCHLD);
	expect_failure(clone_extended_flags_run(NULL, NULL, stack,
						sizeof(stack), &flags, 0,
						NULL, NULL, NULL),
		       EINVAL, "NULL fn");
	expect_failure(clone_extended_flags_run(return_zero, NULL, NULL,
						sizeof(stack), &flags, 0,
						NULL, NULL, NULL),
		       EINVAL, "NULL stack");
	expect_failure(clone_extended_info_run(return_zero, NULL, stack, 63,
					       SIGCHLD, 0, NULL, NULL, NULL),
		       EINVAL, "63-byte stack");
}
