package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// The runtime's function table (pclntab) keeps, per function, tables from a
// program counter to its stack frame's size and to the pointer maps the
// garbage collector reads, and tables to the function's source file and line
// and to the calls inlined into it, which only tracebacks read (a panic's
// stack, runtime.Caller, debug.Stack), and a table of the pcs unsafe for
// asynchronous preemption, which Go's wasm never does. Those four and the
// file names are 376 KB of the playground's wasm, 190 KB of its brotli:
// dropLineTables
// zeroes them and marks every function as having none, as a function the
// linker wrote without them. A traceback then names each function (not the
// ones inlined into it) with "?:0" for its place (the native build keeps all
// of it); nothing else changes, not even an address, since the bytes stay
// where they were.

// pcHeader's layout (runtime/symtab.go): magic, two pad bytes, the minimum
// instruction size, the pointer size, then eight pointer-sized words.
var pcHeaderMagic = []byte{0xf1, 0xff, 0xff, 0xff, 0, 0, 1, 8}

const (
	hdrNfunc    = 0 // word indexes after the first 8 bytes
	hdrCuOff    = 4 // the compilation units' file lists, then the file names, end at pctab
	hdrPctabOff = 6
	hdrPclnOff  = 7
	// _func (runtime/runtime2.go): entryOff, nameOff, args, deferreturn,
	// pcsp, pcfile, pcln, npcdata, cuOffset, startLine (4 bytes each), then
	// funcID, flag, a pad byte and nfuncdata; then npcdata pcdata offsets.
	funcPcsp     = 16
	funcPcfile   = 20
	funcPcln     = 24
	funcNpcdata  = 28
	funcFixedLen = 44
	// pcdataUnsafePoint marks the pcs where a goroutine may not be preempted
	// asynchronously (abi.PCDATA_UnsafePoint): only signal-based preemption
	// reads it, which Go's wasm does not have.
	pcdataUnsafePoint = 0
	// pcdataInlTreeIndex is the pcdata table saying which inlined call a pc
	// belongs to (abi.PCDATA_InlTreeIndex): tracebacks alone read it.
	pcdataInlTreeIndex = 2
)

// dropLineTables finds the pclntab in mem (a data segment at some offset)
// and zeroes its file, line, inlining and unsafe-point tables and its file
// names, returning how many bytes it zeroed.
func dropLineTables(mem []byte) (int, error) {
	h := bytes.Index(mem, pcHeaderMagic)
	if h < 0 {
		return 0, errors.New("no pclntab header (Go's pcHeader magic) in the data")
	}
	if bytes.Index(mem[h+1:], pcHeaderMagic) >= 0 {
		return 0, errors.New("two pclntab headers in the data")
	}
	word := func(k int) (int, error) {
		p := h + 8 + 8*k
		if p+8 > len(mem) {
			return 0, errors.New("pclntab header cut short")
		}
		v := binary.LittleEndian.Uint64(mem[p:])
		if v > uint64(len(mem)) {
			return 0, fmt.Errorf("pclntab header word %d out of range", k)
		}
		return int(v), nil
	}
	nfunc, err1 := word(hdrNfunc)
	cuOff, err2 := word(hdrCuOff)
	pctabOff, err3 := word(hdrPctabOff)
	pclnOff, err4 := word(hdrPclnOff)
	if err := errors.Join(err1, err2, err3, err4); err != nil {
		return 0, err
	}
	pctab, functab := h+pctabOff, h+pclnOff
	if functab+8*(nfunc+1) > len(mem) || pctab >= functab || cuOff > pctabOff {
		return 0, errors.New("pclntab tables out of range")
	}
	// The tables every function points at, to drop or to keep (the linker
	// shares identical tables between functions, and between kinds of
	// table); each function's own offsets to the dropped ones become 0.
	type table struct{ start, end int }
	kept := map[int]bool{}
	dropped := map[int]bool{}
	take := func(field int) {
		dropped[int(binary.LittleEndian.Uint32(mem[field:]))] = true
		binary.LittleEndian.PutUint32(mem[field:], 0)
	}
	for k := range nfunc {
		f := functab + int(binary.LittleEndian.Uint32(mem[functab+8*k+4:]))
		if f+funcFixedLen > len(mem) {
			return 0, fmt.Errorf("function %d's entry out of range", k)
		}
		npcdata := int(binary.LittleEndian.Uint32(mem[f+funcNpcdata:]))
		if f+funcFixedLen+4*npcdata > len(mem) {
			return 0, fmt.Errorf("function %d's pcdata out of range", k)
		}
		kept[int(binary.LittleEndian.Uint32(mem[f+funcPcsp:]))] = true
		for j := range npcdata {
			if field := f + funcFixedLen + 4*j; j == pcdataInlTreeIndex || j == pcdataUnsafePoint {
				take(field)
			} else {
				kept[int(binary.LittleEndian.Uint32(mem[field:]))] = true
			}
		}
		take(f + funcPcfile)
		take(f + funcPcln)
	}
	var keptTables []table
	for off := range kept {
		if off == 0 {
			continue
		}
		n, err := pcTableLen(mem[pctab+off : functab])
		if err != nil {
			return 0, err
		}
		keptTables = append(keptTables, table{off, off + n})
	}
	var drop []table
	for off := range dropped {
		if off == 0 || kept[off] {
			continue
		}
		n, err := pcTableLen(mem[pctab+off : functab])
		if err != nil {
			return 0, err
		}
		t := table{off, off + n}
		for _, k := range keptTables {
			if t.start < k.end && k.start < t.end {
				return 0, fmt.Errorf("a dropped table at %d overlaps a kept table at %d", t.start, k.start)
			}
		}
		drop = append(drop, t)
	}
	// With no file tables, nothing reads the file names either.
	clear(mem[h+cuOff : pctab])
	zeroed := pctab - (h + cuOff)
	for _, t := range drop {
		clear(mem[pctab+t.start : pctab+t.end])
		zeroed += t.end - t.start
	}
	return zeroed, nil
}

// pcTableLen is the length of the pc-value table b starts with: pairs of a
// zig-zag value delta and a pc delta (unsigned varints), ended by a zero
// value delta after the first pair.
func pcTableLen(b []byte) (int, error) {
	p := 0
	for first := true; ; first = false {
		v, n := binary.Uvarint(b[p:])
		if n <= 0 {
			return 0, errors.New("pc-value table cut short")
		}
		p += n
		if v == 0 && !first {
			return p, nil
		}
		_, n = binary.Uvarint(b[p:])
		if n <= 0 {
			return 0, errors.New("pc-value table cut short")
		}
		p += n
	}
}
