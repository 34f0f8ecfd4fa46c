/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * long __clone_extended_run_syscall(long nr, long a1, long a2, long a3,
 *				     long a4, long a5);
 *
 * Makes system call nr (clone or clone3) through int $0x80, whose argument
 * registers are ebx, ecx, edx, esi and edi, and returns its raw result in
 * the parent.  The child starts on the stack the caller prepared, whose top
 * two slots hold fn and arg, calls fn(arg) and exits with its return value;
 * no C code runs before the child owns its stack.  Like musl's
 * src/thread/i386/clone.s.
 */
	.text
	.globl	__clone_extended_run_syscall
	.hidden	__clone_extended_run_syscall
	.type	__clone_extended_run_syscall, @function
__clone_extended_run_syscall:
	.cfi_startproc
	push	%ebx
	.cfi_adjust_cfa_offset 4
	push	%esi
	.cfi_adjust_cfa_offset 4
	push	%edi
	.cfi_adjust_cfa_offset 4
	mov	16(%esp), %eax
	mov	20(%esp), %ebx
	mov	24(%esp), %ecx
	mov	28(%esp), %edx
	mov	32(%esp), %esi
	mov	36(%esp), %edi
	int	$0x80
	test	%eax, %eax
	jz	1f
	pop	%edi
	.cfi_adjust_cfa_offset -4
	pop	%esi
	.cfi_adjust_cfa_offset -4
	pop	%ebx
	.cfi_adjust_cfa_offset -4
	ret
	/* Child: mark the outermost frame, then fn(arg) on a 16-aligned stack. */
1:	.cfi_undefined	%eip
	xor	%ebp, %ebp
	pop	%esi
	pop	%edi
	and	$-16, %esp
	sub	$12, %esp
	push	%edi
	call	*%esi
	mov	%eax, %ebx
	mov	$1, %eax	/* __NR_exit: this thread only, as clone(3) */
	int	$0x80
	hlt
	.cfi_endproc
	.size	__clone_extended_run_syscall, .-__clone_extended_run_syscall

	.section .note.GNU-stack, "", @progbits
