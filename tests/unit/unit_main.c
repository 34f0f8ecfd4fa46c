// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Runs the unit tests built with UNIT_TEST_PLAIN (unit_test.h), one TAP line
 * each, and closes with "N passed, N failed".  Exit status 1 if any failed.
 * A test killed by a trap (UBSan's, built with -fsanitize-undefined-trap-on-
 * error) prints the address of the trapping instruction first, so that
 * scripts/abi-check can name the helper and the line.
 */
#define _POSIX_C_SOURCE 200809L

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "unit_test.h"

static const struct unit_test *tests[128];
static int test_count;
static int failed_checks;

void unit_register(const struct unit_test *test)
{
	if (test_count == sizeof(tests) / sizeof(tests[0])) {
		fprintf(stderr, "unit_main: more than %d tests\n", test_count);
		exit(2);
	}
	tests[test_count++] = test;
}

int unit_check(int ok, const char *file, int line, const char *what,
	       const char *fmt, ...)
{
	va_list ap;

	if (ok)
		return 1;
	failed_checks++;
	printf("# %s:%d: %s is false", file, line, what);
	if (*fmt) {
		fputs(": ", stdout);
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
	}
	putchar('\n');
	return 0;
}

/*
 * For SIGILL, SIGTRAP and SIGFPE si_addr is the faulting instruction; for
 * SIGSEGV and SIGBUS it is the data address, printed as such.  Formatted by
 * hand: only write() is safe here.
 */
static void on_fault(int sig, siginfo_t *info, void *context)
{
	static const char digits[] = "0123456789abcdef";
	char line[80] = "# fault: signal ", *p = line + strlen(line);
	unsigned long addr = (unsigned long)info->si_addr;
	int shift;

	(void)context;
	*p++ = (char)('0' + sig / 10);
	*p++ = (char)('0' + sig % 10);
	strcpy(p, sig == SIGSEGV || sig == SIGBUS ? " data 0x" : " pc 0x");
	p += strlen(p);
	for (shift = (int)sizeof(addr) * 8 - 4; shift >= 0; shift -= 4)
		*p++ = digits[(addr >> shift) & 0xf];
	*p++ = '\n';
	if (write(STDOUT_FILENO, line, (size_t)(p - line)) < 0)
		_exit(128 + sig);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void catch_faults(void)
{
	static const int signals[] = { SIGILL, SIGTRAP, SIGFPE, SIGSEGV, SIGBUS };
	struct sigaction act;
	size_t i;

	memset(&act, 0, sizeof(act));
	act.sa_sigaction = on_fault;
	act.sa_flags = SA_SIGINFO;
	for (i = 0; i < sizeof(signals) / sizeof(signals[0]); i++)
		sigaction(signals[i], &act, NULL);
}

int main(void)
{
	int i, failed = 0;

	catch_faults();

	/* Line by line, so that a test killed by a trap is named. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("1..%d\n", test_count);
	for (i = 0; i < test_count; i++) {
		printf("# running %s::%s\n", tests[i]->suite, tests[i]->name);
		failed_checks = 0;
		tests[i]->run();
		failed += failed_checks != 0;
		printf("%sok %d %s::%s\n", failed_checks ? "not " : "", i + 1,
		       tests[i]->suite, tests[i]->name);
	}
	printf("%d passed, %d failed\n", test_count - failed, failed);
	return failed != 0;
}
