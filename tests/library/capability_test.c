// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The rows of capability_cases.h through the compat library, each with both
 * variants.  The patched kernels run the same rows through system call 463
 * (tests/guest/capability_matrix.c).
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <signal.h>
#include <stdio.h>

#include "capability_check.h"
#include "variant_call.h"

static pid_t call_variant(const struct pid_set *pid_set, void *arg)
{
	return variant_fork(*(const enum variant *)arg, SIGCHLD, NULL, NULL,
			    pid_set);
}

struct case_param {
	int row;
	int variant;
};

ParameterizedTestParameters(capability, row)
{
	static struct case_param params[NUM_CAPABILITY_CASES * VARIANT_COUNT];
	size_t i;

	for (i = 0; i < NUM_CAPABILITY_CASES * VARIANT_COUNT; i++) {
		params[i].row = (int)(i / VARIANT_COUNT);
		params[i].variant = (int)(i % VARIANT_COUNT);
	}
	return cr_make_param_array(struct case_param, params,
				   NUM_CAPABILITY_CASES * VARIANT_COUNT);
}

ParameterizedTest(struct case_param *param, capability, row, .timeout = 30)
{
	const struct capability_case *row = &capability_cases[param->row];
	enum variant variant = param->variant;
	enum capability_verdict verdict;
	char why[200];

	verdict = capability_check(row, call_variant, &variant, why,
				   sizeof(why));
	if (verdict == CAPABILITY_SKIP)
		cr_skip_test("%s [%s]: %s", row->name, variant_name(variant),
			     why);
	cr_assert_eq(verdict, CAPABILITY_PASS, "%s [%s]: %s", row->name,
		     variant_name(variant), why);
}
