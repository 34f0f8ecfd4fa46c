/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef ARCH_SYSCALL_H
#define ARCH_SYSCALL_H

/*
 * The system calls the library makes in assembly, arch/<arch>/syscall.S.
 * Both return the kernel's result as it is, -errno on failure, and leave
 * errno alone.
 */

/*
 * System call @nr.  Unlike syscall(), it does not write errno on failure:
 * a write to errno's page between two fork()s costs the caller a
 * copy-on-write fault.
 */
long __clone_extended_raw_syscall(long nr, long a1, long a2, long a3,
				  long a4, long a5);

/*
 * System call @nr (clone or clone3), then, in the child only, fn(arg) on
 * the new stack (fn and arg are its top two slots) and exit() with fn's
 * return value: the child must not run C code before its stack is its own.
 */
long __clone_extended_run_syscall(long nr, long a1, long a2, long a3,
				  long a4, long a5);

#endif /* ARCH_SYSCALL_H */
