// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * A program that defines functions named like the library's internal ones:
 * it must link against the static library, whose internal names are local.
 */
#include <clone_extended.h>

int pid_ns_pid_max(void);
int copy_from_caller(void);

int pid_ns_pid_max(void)
{
	return 7;
}

int copy_from_caller(void)
{
	return 35;
}

int main(void)
{
	clone_flags_t flags;

	clone_flags_empty(&flags);
	/* A request the library refuses before it creates anything. */
	if (clone_extended_flags(&flags, (void *)1, 0, 0, 0, 0) != -1)
		return 1;
	return pid_ns_pid_max() + copy_from_caller() == 42 ? 0 : 1;
}
