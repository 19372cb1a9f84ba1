package main

import (
	"fmt"
	"slices"
)

// A function's funcdata are offsets from moduledata.gofunc (the linker's
// go:func.* symbol, which holds the funcdata symbols the functions point at
// and nothing else, each once however many functions share it), or ^0 for
// none. The garbage collector reads the pointer maps and stack objects
// (abi.FUNCDATA_ArgsPointerMaps, LocalsPointerMaps, StackObjects), a panic
// the open-coded defers (OpenCodedDeferInfo), and the execution tracer the
// wrapped function of a wrapper (WrapInfo). The inlining tree (InlTree)
// only tells tracebacks, runtime.Callers and runtime.FuncForPC which inlined
// calls a pc is in (newInlineUnwinder, which takes a function without one
// as having none inlined), and the arguments' layout and liveness (ArgInfo,
// ArgLiveInfo) only let a traceback print the arguments. dropFuncdata sets
// those three to ^0 in every function, as for a function the compiler gave
// none, and zeroes their symbols, 131 KB of the playground's wasm (32 KB
// less brotli): each from its offset to the next symbol's, the alignment
// padding between them being zeros already. A symbol that some function
// also points at as a kind kept (the linker shares symbols of equal bytes)
// stays, and so does the last one, whose end nothing records. A traceback
// then prints no arguments: "f()" for "f(0x1, ...)".

const (
	funcdataInlTree     = 3 // abi.FUNCDATA_InlTree
	funcdataArgInfo     = 5 // abi.FUNCDATA_ArgInfo
	funcdataArgLiveInfo = 6 // abi.FUNCDATA_ArgLiveInfo
	noFuncdata          = ^uint32(0)
)

// dropFuncdata drops the inlining trees and the arguments' layouts,
// returning how many bytes it zeroed.
func (t *pclntab) dropFuncdata() (int, error) {
	kept := map[uint32]bool{}
	dropped := map[uint32]bool{}
	for _, f := range t.funcs {
		for j := range t.nfuncdata(f) {
			p := t.funcdata(f, j)
			off := t.u32(p)
			switch {
			case off == noFuncdata:
			case j == funcdataInlTree || j == funcdataArgInfo || j == funcdataArgLiveInfo:
				dropped[off] = true
				t.put32(p, noFuncdata)
			default:
				kept[off] = true
			}
		}
	}
	var all []uint32
	for off := range kept {
		all = append(all, off)
	}
	for off := range dropped {
		if !kept[off] {
			all = append(all, off)
		}
	}
	slices.Sort(all)
	zeroed := 0
	for i, off := range all[:max(len(all)-1, 0)] {
		if kept[off] {
			continue
		}
		start, end := t.gofunc+int(off), t.gofunc+int(all[i+1])
		if end > len(t.mem) {
			return 0, fmt.Errorf("funcdata at %d out of range", off)
		}
		clear(t.mem[start:end])
		zeroed += end - start
	}
	return zeroed, nil
}
