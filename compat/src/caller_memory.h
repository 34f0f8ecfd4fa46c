/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef CALLER_MEMORY_H
#define CALLER_MEMORY_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

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

/* Whether @addr lies in the page @reads knows to be readable. */
static inline int in_known_page(const struct caller_reads *reads,
				uintptr_t addr)
{
	return (addr ^ reads->page) < reads->page_size;
}

/* copy_from_caller() where the argument is not all in the known page. */
int copy_from_caller_probed(struct caller_reads *reads, void *dst,
			    const void *src, size_t len);

/*
 * Copies @len bytes the caller pointed to, as the kernel's copy_from_user()
 * would: NULL, unmapped or unreadable memory gives -EFAULT instead of a
 * crash.  Memory that another thread unmaps while the call runs can still
 * crash it, as it would any C library function.  Returns 0 or -EFAULT.
 * Inline for the common case, an argument in the page already known, where
 * a constant @len makes the copy a move or two.
 */
static inline int copy_from_caller(struct caller_reads *reads, void *dst,
				   const void *src, size_t len)
{
	uintptr_t first = (uintptr_t)src, last = first + len - 1;

	if (len && last >= first && in_known_page(reads, first) &&
	    in_known_page(reads, last)) {
		memcpy(dst, src, len);
		return 0;
	}
	return copy_from_caller_probed(reads, dst, src, len);
}

#endif /* CALLER_MEMORY_H */
