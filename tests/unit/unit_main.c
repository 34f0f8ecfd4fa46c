// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Runs the unit tests built with UNIT_TEST_PLAIN (unit_test.h), one TAP line
 * each, and closes with "N passed, N failed".  Exit status 1 if any failed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

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

int main(void)
{
	int i, failed = 0;

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
