/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef CALLER_MEMORY_H
#define CALLER_MEMORY_H

#include <stddef.h>
#include <stdint.h>

/* What one library call has learnt of its caller's memory. */
struct caller_reads {
	uintptr_t page_size;
	uintptr_t page;		/* the last page known to be readable */
};

/*
 * Starts @reads, a variable on the library's stack, with its own page
 * known: the library runs on that page, so arguments the caller keeps
 * there need no probe.
 */
void caller_reads_init(struct caller_reads *reads);

/*
 * Copies @len bytes the caller pointed to, as the kernel's copy_from_user()
 * would: NULL, unmapped or unreadable memory gives -EFAULT instead of a
 * crash.  Memory that another thread unmaps while the call runs can still
 * crash it, as it would any C library function.  Returns 0 or -EFAULT.
 */
int copy_from_caller(struct caller_reads *reads, void *dst, const void *src,
		     size_t len);

#endif /* CALLER_MEMORY_H */
