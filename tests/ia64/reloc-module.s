/* The ia64 loader relocations checked on the host (tests/63-ia64-reloc.sh):
   what gcc 12 and gas 2.40 emit in kbuild modules, one or more of each;
   the labels name what the checker looks at. */
	.section .text
	.align 32
	.global fn_local
	.proc fn_local
fn_local:
	br.ret.sptk.many b0
	;;
	.endp fn_local

	.align 32
	.global mod_main
	.proc mod_main
mod_main:
	.prologue
	.save ar.pfs, r2
	alloc r2 = ar.pfs, 0, 0, 0, 0
	.body
call_ext:
	br.call.sptk.many b0 = printk
	;;
call_int:
	br.call.sptk.many b0 = fn_local
	;;
ltoffx:
	addl r14 = @ltoffx(kvar), r1
	;;
	ld8.mov r14 = [r14], kvar
	;;
fptr_loc:
	addl r15 = @ltoff(@fptr(fn_local)), r1
	;;
fptr_ext:
	addl r16 = @ltoff(@fptr(printk)), r1
	;;
gprel:
	addl r17 = @gprel(sdata_var), r1
	;;
ltoff:
	addl r18 = @ltoff(kvar), r1
	;;
gprel64:
	movl r19 = @gprel(sdata_var)
	;;
	br.ret.sptk.many b0
	;;
	.endp mod_main

	.section .init.text,"ax",@progbits
	.align 32
	.proc init_fn
init_fn:
init_ext:
	br.call.sptk.many b0 = printk
	;;
init_int:
	br.call.sptk.many b0 = fn_local
	;;
	br.ret.sptk.many b0
	;;
	.endp init_fn
	.global __initfn
	.set __initfn, init_fn

	.section .data
	.align 8
data_fptr_loc:	data8 @fptr(fn_local)
data_fptr_ext:	data8 @fptr(printk)
data_dir:	data8 kvar
data_dir_add:	data8 mod_main + 16
	.section .sdata,"aws",@progbits
	.align 8
sdata_var:	data8 0
	.section __ex_table,"a",@progbits
	.align 4
ex_table:	data4 @gprel(mod_main), @gprel(fn_local)
