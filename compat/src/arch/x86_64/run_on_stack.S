/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * long __clone_extended_run_syscall(long nr, long a1, long a2, long a3,
 *				     long a4, long a5);
 *
 * Makes system call nr (clone or clone3) and returns its raw result in the
 * parent.  The child starts on the stack the caller prepared, whose top two
 * slots hold fn and arg, calls fn(arg) and exits with its return value; no C
 * code runs before the child owns its stack.  Like musl's
 * src/thread/x86_64/clone.s.
 */
	.text
	.globl	__clone_extended_run_syscall
	.hidden	__clone_extended_run_syscall
	.type	__clone_extended_run_syscall, @function
__clone_extended_run_syscall:
	.cfi_startproc
	mov	%rdi, %rax
	mov	%rsi, %rdi
	mov	%rdx, %rsi
	mov	%rcx, %rdx
	mov	%r8, %r10
	mov	%r9, %r8
	syscall
	test	%rax, %rax
	jz	1f
	ret
	/* Child: mark the outermost frame, then fn(arg) on a 16-aligned stack. */
1:	.cfi_undefined	%rip
	xor	%ebp, %ebp
	pop	%rax
	pop	%rdi
	call	*%rax
	mov	%eax, %edi
	mov	$60, %eax	/* __NR_exit: this thread only, as clone(3) */
	syscall
	hlt
	.cfi_endproc
	.size	__clone_extended_run_syscall, .-__clone_extended_run_syscall

	.section .note.GNU-stack, "", @progbits
