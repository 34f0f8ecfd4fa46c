/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The test macros of the unit tests: Criterion's, or, with UNIT_TEST_PLAIN,
 * a stand-in for the four the tests use, so that the same tests also run
 * where no Criterion exists: cross-compiled for each architecture and run
 * under qemu-user by scripts/abi-check --behaviour (main in unit_main.c).
 */
#ifndef UNIT_TEST_H
#define UNIT_TEST_H

#ifndef UNIT_TEST_PLAIN
#include <criterion/criterion.h>
#else

struct unit_test {
	const char *suite;
	const char *name;
	void (*run)(void);
};

void unit_register(const struct unit_test *test);
int unit_check(int ok, const char *file, int line, const char *what,
	       const char *fmt, ...);

#define Test(suite, name)						\
	static void suite##__##name(void);				\
	static const struct unit_test suite##__##name##_test = {	\
		#suite, #name, suite##__##name				\
	};								\
	__attribute__((constructor)) static void			\
	suite##__##name##_register(void)				\
	{								\
		unit_register(&suite##__##name##_test);			\
	}								\
	static void suite##__##name(void)

/* "" __VA_ARGS__: the optional message, or an empty format. */
#define cr_expect(cond, ...)						\
	unit_check(!!(cond), __FILE__, __LINE__, #cond, "" __VA_ARGS__)
#define cr_expect_eq(a, b, ...)						\
	unit_check((a) == (b), __FILE__, __LINE__, #a " == " #b,	\
		   "" __VA_ARGS__)
#define cr_assert_eq(a, b, ...)						\
	do {								\
		if (!cr_expect_eq(a, b, __VA_ARGS__))			\
			return;						\
	} while (0)

#endif /* UNIT_TEST_PLAIN */
#endif /* UNIT_TEST_H */
