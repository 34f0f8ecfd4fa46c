// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The level of the namespace a child would be created in.  /proc shows the
 * caller's own level (NSpid lists one pid per level, counted from the pid
 * namespace /proc was mounted in: exact only when that is the initial one,
 * a lower bound in a container with its own /proc; NS_GET_PARENT cannot
 * look above the caller's own namespace).  pid_ns_for_children may sit
 * deeper after unshare(CLONE_NEWPID) or setns(), which NS_GET_PARENT walks
 * back up.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/nsfs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clone_request.h"
#include "pid_ns_level.h"

/* PID_MAX_LIMIT on 64-bit kernels: no pid_max is larger. */
#define PID_MAX_LIMIT	(4 * 1024 * 1024)

/* PROC_PID_INIT_INO: the inode number of the initial pid namespace. */
#define PID_NS_INIT_INO	0xEFFFFFFCU

static int read_proc_file(const char *path, char *buf, size_t size)
{
	ssize_t len;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	len = read(fd, buf, size - 1);
	if (len < 0)
		len = -errno;
	close(fd);
	if (len < 0)
		return (int)len;
	buf[len] = '\0';
	return 0;
}

/* Level of the caller's own pid namespace as /proc shows it. */
static int nspid_level(void)
{
	char status[4096];
	const char *p;
	int fields = 0;
	int err = read_proc_file("/proc/thread-self/status", status,
				 sizeof(status));

	if (err)
		return err;
	p = strstr(status, "\nNSpid:");
	if (!p)
		return -ENOSYS;
	for (p += strlen("\nNSpid:"); *p && *p != '\n'; p++)
		if ((*p >= '0' && *p <= '9') && (p[-1] == ' ' || p[-1] == '\t'))
			fields++;
	return fields > 0 ? fields - 1 : -ENOSYS;
}

/* How many levels pid_ns_for_children lies below the caller's own. */
static int children_depth(void)
{
	struct stat active, ns;
	int depth = 0;
	int fd;

	if (stat("/proc/thread-self/ns/pid", &active))
		return -errno;
	fd = open("/proc/thread-self/ns/pid_for_children",
		  O_RDONLY | O_CLOEXEC);
	/*
	 * The kernel hides a pid namespace that has no init yet; only
	 * unshare(CLONE_NEWPID) makes one, always right below our own.
	 */
	if (fd < 0 && errno == ENOENT)
		return 1;
	if (fd < 0)
		return -errno;
	while (depth < CLONE_REQUEST_PIDS_MAX) {
		int parent;

		if (fstat(fd, &ns)) {
			depth = -errno;
			break;
		}
		if (ns.st_dev == active.st_dev && ns.st_ino == active.st_ino)
			break;
		parent = ioctl(fd, NS_GET_PARENT);
		if (parent < 0) {
			depth = -errno;
			break;
		}
		close(fd);
		fd = parent;
		depth++;
	}
	close(fd);
	return depth;
}

/*
 * NSpid's count of levels and PPid of the process in /proc directory @dir,
 * or -1.
 */
static int nspid_and_ppid(const char *dir, pid_t *ppid)
{
	char path[64], status[4096];
	const char *p;
	int fields = 0;

	snprintf(path, sizeof(path), "%s/status", dir);
	if (read_proc_file(path, status, sizeof(status)))
		return -1;
	p = strstr(status, "\nPPid:");
	if (!p)
		return -1;
	*ppid = (pid_t)strtol(p + strlen("\nPPid:"), NULL, 10);
	p = strstr(status, "\nNSpid:");
	if (!p)
		return -1;
	for (p += strlen("\nNSpid:"); *p && *p != '\n'; p++)
		if ((*p >= '0' && *p <= '9') && (p[-1] == ' ' || p[-1] == '\t'))
			fields++;
	return fields;
}

/*
 * Whether /proc was mounted in the initial pid namespace, so that NSpid
 * lists every level.  /proc's pid 1 lives in /proc's pid namespace; its
 * namespace file tells which that is, in one stat().  Where that is not
 * ours to look at, the nearest ancestor that /proc shows with a single
 * NSpid field lives there too.  0 for a container's own /proc, and when it
 * cannot be told (an ancestor that is not ours to look at, or none in view).
 */
static int proc_sees_every_level(void)
{
	/* Pids as /proc numbers them: our own getpid() may be another. */
	char dir[32] = "/proc/self", path[64];
	struct stat ns;
	pid_t ppid;
	int step, fields;

	if (stat("/proc/1/ns/pid", &ns) == 0)
		return ns.st_ino == PID_NS_INIT_INO;
	for (step = 0; step <= CLONE_REQUEST_PIDS_MAX; step++) {
		fields = nspid_and_ppid(dir, &ppid);
		if (fields < 0)
			return 0;
		if (fields == 1) {
			snprintf(path, sizeof(path), "%s/ns/pid", dir);
			return stat(path, &ns) == 0 && ns.st_ino == PID_NS_INIT_INO;
		}
		if (ppid <= 0)
			return 0;
		snprintf(dir, sizeof(dir), "/proc/%d", (int)ppid);
	}
	return 0;
}

int pid_ns_level_for_children(int *exact)
{
	int level = nspid_level();
	int depth;

	if (level < 0)
		return level;
	*exact = proc_sees_every_level();
	depth = children_depth();
	if (depth < 0)
		return depth;
	return level + depth;
}

int pid_ns_pid_max(void)
{
	char buf[32];
	long value;
	int err = read_proc_file("/proc/sys/kernel/pid_max", buf, sizeof(buf));

	if (err)
		return err;
	value = strtol(buf, NULL, 10);
	if (value <= 0 || value > PID_MAX_LIMIT)
		return -ERANGE;
	return (int)value;
}
