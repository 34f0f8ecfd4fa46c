/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef CALLER_MEMORY_H
#define CALLER_MEMORY_H

#include <stddef.h>

/*
 * Copies @len bytes the caller pointed to, as the kernel's copy_from_user()
 * would: NULL, unmapped or unreadable memory gives -EFAULT instead of a
 * crash.  Returns 0 or -EFAULT.
 */
int copy_from_caller(void *dst, const void *src, size_t len);

#endif /* CALLER_MEMORY_H */
