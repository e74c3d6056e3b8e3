/* A TLS relocation (TPREL22): the loader must refuse it. */
	.section .tbss,"awT",@nobits
	.align 8
tlsvar:	.skip 8
	.text
	.align 16
	.global f
	.proc f
f:
	addl r14 = @tprel(tlsvar), r0
	br.ret.sptk.many b0
	.endp f
