/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef WRITE_TEXT_H
#define WRITE_TEXT_H

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

/*
 * Writes @text to the existing file @path in one write(), as /proc and
 * debugfs files want it: 0, or -1 with errno set.
 */
static inline int write_text(const char *path, const char *text)
{
	ssize_t len = (ssize_t)strlen(text);
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t done;

	if (fd < 0)
		return -1;
	done = write(fd, text, len);
	close(fd);
	if (done == len)
		return 0;
	if (done >= 0)
		errno = EIO;
	return -1;
}

#endif
