// SPDX-License-Identifier: GPL-2.0 OR MIT
/* A program outside the tree, built against an installed libclone_extended. */
#include <clone_extended.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static int wait_for(pid_t pid)
{
	int status;

	if (pid <= 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int main(void)
{
	clone_flags_t flags;
	pid_t pid;

	/* The exit signal is a value in bits 0-7, not a bit number. */
	clone_flags_from_mask(&flags, SIGCHLD);
	pid = clone_extended_flags(&flags, NULL, 0, NULL, NULL, NULL);
	if (pid == 0)
		_exit(3);
	if (wait_for(pid) != 3) {
		fprintf(stderr, "consumer: clone_extended_flags failed\n");
		return 1;
	}
	pid = clone_extended_info(SIGCHLD, NULL, 0, NULL, NULL, NULL);
	if (pid == 0)
		_exit(4);
	if (wait_for(pid) != 4) {
		fprintf(stderr, "consumer: clone_extended_info failed\n");
		return 1;
	}
	puts("consumer: both variants created a child");
	return 0;
}
