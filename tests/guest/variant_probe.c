// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * How a C library tells at run time which clone_extended() variant, if
 * any, the kernel has (docs/variants.md section 9): one call that neither
 * variant can turn into a process, with argument 0 = CLONE_SIGHAND.
 *
 *   ENOSYS  no clone_extended() on this number;
 *   EFAULT  flags-array: argument 0 is a pointer, and nothing is mapped at
 *           address CLONE_SIGHAND (0x800);
 *   EINVAL  clone-info: argument 0 is flags_low, and CLONE_SIGHAND
 *           without CLONE_VM is refused before anything is created.
 *
 * Valid only where the number is clone_extended()'s or unassigned (463 on
 * the patched 6.12 kernels; upstream 6.13 gave 463 to setxattrat()).
 * Built for every tree by scripts/kernel selftests, 64-bit and 32-bit: it
 * expects the variant whose UAPI header the tree installs, or none.  On
 * x86_64 it is also built for x32, whose number, __X32_SYSCALL_BIT + 463,
 * neither variant has (docs/spec.md section 4): it expects none there.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef __NR_clone_extended
#define __NR_clone_extended 463
#endif

#if defined(__x86_64__) && defined(__ILP32__)
#define PROBE_NR (__X32_SYSCALL_BIT | __NR_clone_extended)
#define EXPECTED "none"
#else
#define PROBE_NR __NR_clone_extended
#if __has_include(<linux/clone_flags.h>)
#define EXPECTED "flags-array"
#elif __has_include(<linux/clone_info.h>)
#define EXPECTED "clone-info"
#else
#define EXPECTED "none"
#endif
#endif

static const char *probe(void)
{
	long ret = syscall(PROBE_NR, (unsigned long)CLONE_SIGHAND,
			   NULL, 0UL, NULL, NULL, NULL);

	if (ret == 0)
		_exit(0);
	if (ret > 0)
		return "unknown (a process was created)";
	switch (errno) {
	case ENOSYS:
		return "none";
	case EFAULT:
		return "flags-array";
	case EINVAL:
		return "clone-info";
	default:
		return strerrorname_np(errno);
	}
}

int main(void)
{
	const char *got = probe();
	int ok = !strcmp(got, EXPECTED);

	printf("TAP version 13\n1..1\n");
	printf("%sok 1 the probe finds %s%s%s\n", ok ? "" : "not ", EXPECTED,
	       ok ? "" : " # got ", ok ? "" : got);
	return !ok;
}
