// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Every row of clone_extended_cases.h through both variants of the compat
 * library, run by the rows' driver (clone_extended_row.h) as the
 * kselftests run them on the patched kernels.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "library_row_call.h"

struct row_param {
	int row;
	int variant;
};

/*
 * Rows the library cannot make through clone3() (docs/compat.md,
 * differences), by name, with its answer: a 0 entry after a chosen pid.
 */
static const struct {
	const char *row;
	int errno_value;
} library_differs[] = {
	{ "0 between chosen pids", EOPNOTSUPP },
	{ "0 in the target namespace under a chosen pid", EOPNOTSUPP },
};

/* The errno the library must give for @row, 0 for success. */
static int library_errno(const struct clone_extended_case *row)
{
	size_t i;

	for (i = 0; i < sizeof(library_differs) / sizeof(*library_differs); i++)
		if (strcmp(library_differs[i].row, row->name) == 0)
			return library_differs[i].errno_value;
	return row->expect_errno;
}

ParameterizedTestParameters(conformance, row)
{
	static struct row_param params[CLONE_EXTENDED_NUM_CASES * VARIANT_COUNT];
	size_t i;

	for (i = 0; i < CLONE_EXTENDED_NUM_CASES * VARIANT_COUNT; i++) {
		params[i].row = (int)(i / VARIANT_COUNT);
		params[i].variant = (int)(i % VARIANT_COUNT);
	}
	return cr_make_param_array(struct row_param, params,
				   CLONE_EXTENDED_NUM_CASES * VARIANT_COUNT);
}

ParameterizedTest(struct row_param *param, conformance, row, .timeout = 30)
{
	const struct clone_extended_case *row = &clone_extended_cases[param->row];
	struct row_outcome outcome;
	char why[256];

	library_row_variant = param->variant;
	if (geteuid() != 0)
		cr_skip_test("%s [%s]: needs root", row->name,
			     variant_name(library_row_variant));
	cr_assert_eq(row_run(row, library_row_call, &outcome), 0,
		     "%s: cannot start the row: %s", row->name,
		     strerror(errno));
	if (outcome.no_user_ns)
		cr_skip_test("%s [%s]: uid 65534 may not create a user namespace",
			     row->name, variant_name(library_row_variant));
	cr_assert_eq(row_check(row, library_errno(row), &outcome, why,
			       sizeof(why)), 0,
		     "[%s] %s", variant_name(library_row_variant), why);
}
