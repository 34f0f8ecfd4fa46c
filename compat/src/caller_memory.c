// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Reading caller memory the way the kernel would.  rt_sigprocmask() copies
 * its new mask with copy_from_user() before it looks at "how": given a "how"
 * it does not know, it fails with EFAULT where that word is unreadable and
 * with EINVAL where it is readable, and changes no mask.  Readability is per
 * page, so one such probe in each page of an argument tells whether the
 * kernel could read it all; then the argument is read directly.  The probe
 * costs a system call without work, where a process_vm_readv() copy costs
 * a task lookup and a page pin (docs/compat.md).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <sys/syscall.h>

#include "arch_syscall.h"
#include "caller_memory.h"

/* The kernel's sigset_t on x86_64 and i386, the probe's copy size. */
#define KERNEL_SIGSET_SIZE	8
#define NO_SUCH_HOW		(-1)

/*
 * -EFAULT where the aligned word around @addr, in its page, is unreadable.
 * The probe always fails, and syscall() would write errno each time: the
 * page errno lies in would then be copied after every fork().
 */
static int probe_word(uintptr_t addr)
{
	addr &= ~(uintptr_t)(KERNEL_SIGSET_SIZE - 1);
	if (__clone_extended_raw_syscall(SYS_rt_sigprocmask, NO_SUCH_HOW,
					 (long)addr, 0, KERNEL_SIGSET_SIZE, 0) ==
	    -EFAULT)
		return -EFAULT;
	/* EINVAL; or a seccomp profile forbids the probe: read directly. */
	return 0;
}

/* Arguments of one call mostly share a page: probe it once. */
static int probe_page(struct caller_reads *reads, uintptr_t addr)
{
	if (in_known_page(reads, addr))
		return 0;
	if (probe_word(addr))
		return -EFAULT;
	reads->page = addr & ~(CALLER_PAGE_SIZE - 1);
	return 0;
}

int caller_reads_probe(struct caller_reads *reads, const void *src,
		       size_t len)
{
	uintptr_t first = (uintptr_t)src, last = first + len - 1;
	uintptr_t at;
	int err;

	if (!src || last < first)
		return -EFAULT;
	err = probe_page(reads, first);
	for (at = (first | (CALLER_PAGE_SIZE - 1)) + 1;
	     !err && at && at <= last; at += CALLER_PAGE_SIZE)
		err = probe_page(reads, at);
	return err;
}
