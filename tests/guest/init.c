// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * /init of the test initramfs.  Runs the programs named in /tests/list, one
 * per line, one after the other, with their output on the character device
 * that the kernel command line's "tap=MAJOR:MINOR" names (the kernel hands
 * it to init as an environment variable; scripts/kernel run sets it: a
 * second serial port or a virtio console), and reboots, which ends QEMU
 * (-no-reboot).
 *
 * The kernel log stays on the console, so that it cannot break a TAP line
 * in two.
 * Around the output of each program it prints
 *
 *	# kernel-run: begin NAME
 *	# kernel-run: end NAME exit N     (or: signal N)
 *
 * so that scripts/kernel tap can tell the programs apart and see how each
 * one ended.
 *
 * On a kernel with kmemleak (the sanitizer kernel), leaks from before the
 * programs are set aside first, and the leaks found after them are printed
 * as "# kmemleak: " lines, which scripts/kernel run fails on.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/sysinfo.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "../shared/write_text.h"

#define KMEMLEAK "/debug/kmemleak"
/* kmemleak reports no object younger than this (MSECS_MIN_AGE). */
#define KMEMLEAK_MIN_AGE 5

static int kmemleak(const char *command)
{
	return write_text(KMEMLEAK, command);
}

/*
 * Boot leaves objects that kmemleak takes for leaks: once they are old
 * enough to be reported, report them and mark them seen ("clear").
 */
static void kmemleak_set_aside_boot(int out)
{
	struct sysinfo info;

	mkdir("/debug", 0755);
	if (mount("debugfs", "/debug", "debugfs", 0, NULL) ||
	    access(KMEMLEAK, W_OK))
		return;
	if (!sysinfo(&info) && info.uptime <= KMEMLEAK_MIN_AGE)
		sleep(KMEMLEAK_MIN_AGE + 1 - info.uptime);
	if (kmemleak("scan") || kmemleak("clear"))
		dprintf(out, "# kmemleak: cannot scan: %s\n", strerror(errno));
}

/* Scan twice, as Documentation/dev-tools/kmemleak.rst advises, and print. */
static void kmemleak_report(int out)
{
	char line[512];
	FILE *report;

	if (access(KMEMLEAK, W_OK))
		return;
	sleep(KMEMLEAK_MIN_AGE + 1);
	if (kmemleak("scan")) {
		dprintf(out, "# kmemleak: cannot scan: %s\n", strerror(errno));
		return;
	}
	sleep(1);
	kmemleak("scan");
	report = fopen(KMEMLEAK, "r");
	if (!report) {
		dprintf(out, "# kmemleak: cannot read: %s\n", strerror(errno));
		return;
	}
	while (fgets(line, sizeof(line), report))
		dprintf(out, "# kmemleak: %s", line);
	fclose(report);
	dprintf(out, "# kmemleak: scan done\n");
}

static void run(const char *name, int out)
{
	char path[300];
	int status;
	pid_t pid;

	snprintf(path, sizeof(path), "/tests/%s", name);
	dprintf(out, "# kernel-run: begin %s\n", name);
	pid = fork();
	if (pid == 0) {
		char *argv[] = { path, NULL };

		dup2(out, 1);
		dup2(out, 2);
		execv(path, argv);
		dprintf(out, "# kernel-run: cannot run %s: %s\n", path,
			strerror(errno));
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		dprintf(out, "# kernel-run: end %s lost\n", name);
	else if (WIFEXITED(status))
		dprintf(out, "# kernel-run: end %s exit %d\n", name,
			WEXITSTATUS(status));
	else
		dprintf(out, "# kernel-run: end %s signal %d\n", name,
			WTERMSIG(status));
}

int main(void)
{
	unsigned int major_nr, minor_nr;
	struct termios raw;
	char name[256];
	const char *tap;
	FILE *list;
	int out;

	mkdir("/proc", 0555);
	mkdir("/dev", 0755);
	mount("proc", "/proc", "proc", 0, NULL);
	tap = getenv("tap");
	if (!tap || sscanf(tap, "%u:%u", &major_nr, &minor_nr) != 2) {
		fprintf(stderr, "init: no tap=MAJOR:MINOR on the kernel command line\n");
		goto done;
	}
	mknod("/dev/tap", S_IFCHR | 0600, makedev(major_nr, minor_nr));
	out = open("/dev/tap", O_WRONLY | O_NOCTTY);
	if (out < 0) {
		fprintf(stderr, "init: /dev/tap (%s): %s\n", tap, strerror(errno));
		goto done;
	}
	/* No \r added to the output. */
	if (!tcgetattr(out, &raw)) {
		cfmakeraw(&raw);
		tcsetattr(out, TCSANOW, &raw);
	}

	kmemleak_set_aside_boot(out);
	list = fopen("/tests/list", "r");
	if (!list) {
		dprintf(out, "# kernel-run: no /tests/list\n");
		goto done;
	}
	while (fgets(name, sizeof(name), list)) {
		name[strcspn(name, "\n")] = '\0';
		if (name[0])
			run(name, out);
	}
	fclose(list);
	kmemleak_report(out);
	dprintf(out, "# kernel-run: all done\n");
	tcdrain(out);
done:
	sync();
	reboot(RB_AUTOBOOT);
	return 1;
}
