// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Reading caller memory the way the kernel would.  process_vm_readv() on our
 * own process copies through the kernel, so a bad pointer becomes EFAULT as
 * in copy_from_user(); reading our own process needs no ptrace permission.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "caller_memory.h"

int copy_from_caller(void *dst, const void *src, size_t len)
{
	struct iovec local = { .iov_base = dst, .iov_len = len };
	struct iovec remote = { .iov_base = (void *)src, .iov_len = len };
	ssize_t copied;

	if (len == 0)
		return 0;
	if (!src)
		return -EFAULT;
	copied = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
	if (copied == (ssize_t)len)
		return 0;
	if (copied >= 0 || errno == EFAULT)
		return -EFAULT;
	/*
	 * A seccomp profile may forbid process_vm_readv(); read directly then,
	 * as any C library function does with the pointers it is given.
	 */
	memcpy(dst, src, len);
	return 0;
}
