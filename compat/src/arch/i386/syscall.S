/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The functions of ../../arch_syscall.h for i386, through int $0x80, whose
 * argument registers are ebx, ecx, edx, esi and edi.
 */

/* Saves the registers the call uses, then loads nr and its arguments. */
	.macro	load_syscall_args
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
	.endm

/* Restores them and returns. */
	.macro	restore_and_return
	pop	%edi
	.cfi_adjust_cfa_offset -4
	pop	%esi
	.cfi_adjust_cfa_offset -4
	pop	%ebx
	.cfi_adjust_cfa_offset -4
	ret
	.endm

	.text
	.globl	__clone_extended_raw_syscall
	.hidden	__clone_extended_raw_syscall
	.type	__clone_extended_raw_syscall, @function
__clone_extended_raw_syscall:
	.cfi_startproc
	load_syscall_args
	int	$0x80
	restore_and_return
	.cfi_endproc
	.size	__clone_extended_raw_syscall, .-__clone_extended_raw_syscall

/* The run forms' call, like musl's src/thread/i386/clone.s. */
	.globl	__clone_extended_run_syscall
	.hidden	__clone_extended_run_syscall
	.type	__clone_extended_run_syscall, @function
__clone_extended_run_syscall:
	.cfi_startproc
	load_syscall_args
	int	$0x80
	test	%eax, %eax
	jz	1f
	restore_and_return
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
