package main

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Of the pc-value tables, the file, line and inlining ones only tracebacks
// read (a panic's stack, runtime.Caller, debug.Stack), and the unsafe-point
// one only asynchronous (signal-based) preemption, which Go's wasm does not
// have. Those four and the file names are 376 KB of the playground's wasm,
// 189 KB of its brotli: dropLineTables zeroes them and marks every function
// as having none, as a function the linker wrote without them. It zeroes
// each function's compilation unit (an index into the file lists, read only
// with the file table) and first line (runtime.Frame's startLine, read only
// by runtime/pprof) too: 15 KB less brotli. A traceback then gives "?:0" for
// each frame's place and shows no inlined frames (the native build keeps all
// of it).

const (
	// pcdataUnsafePoint marks the pcs where a goroutine may not be preempted
	// asynchronously (abi.PCDATA_UnsafePoint).
	pcdataUnsafePoint = 0
	// pcdataInlTreeIndex is the pcdata table saying which inlined call a pc
	// belongs to (abi.PCDATA_InlTreeIndex).
	pcdataInlTreeIndex = 2
)

// dropLineTables zeroes the pclntab's file, line, inlining and unsafe-point
// tables, its file names and each function's compilation unit and first
// line, returning how many bytes of tables and names it zeroed.
func (t *pclntab) dropLineTables() (int, error) {
	mem := t.mem
	// The tables every function points at, to drop or to keep (the linker
	// shares identical tables between functions, and between kinds of
	// table); each function's own offsets to the dropped ones become 0.
	type table struct{ start, end int }
	kept := map[int]bool{}
	dropped := map[int]bool{}
	take := func(field int) {
		dropped[int(t.u32(field))] = true
		t.put32(field, 0)
	}
	for _, f := range t.funcs {
		kept[int(t.u32(f+funcPcsp))] = true
		for j := range t.npcdata(f) {
			if field := t.pcdata(f, j); j == pcdataInlTreeIndex || j == pcdataUnsafePoint {
				take(field)
			} else {
				kept[int(t.u32(field))] = true
			}
		}
		take(f + funcPcfile)
		take(f + funcPcln)
		t.put32(f+funcCuOffset, 0)
		t.put32(f+funcStartLine, 0)
	}
	var keptTables []table
	for off := range kept {
		if off == 0 {
			continue
		}
		n, err := pcTableLen(mem[t.pctab+off : t.functab])
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
		n, err := pcTableLen(mem[t.pctab+off : t.functab])
		if err != nil {
			return 0, err
		}
		d := table{off, off + n}
		for _, k := range keptTables {
			if d.start < k.end && k.start < d.end {
				return 0, fmt.Errorf("a dropped table at %d overlaps a kept table at %d", d.start, k.start)
			}
		}
		drop = append(drop, d)
	}
	// With no file tables, nothing reads the file names either.
	clear(mem[t.cutab:t.pctab])
	zeroed := t.pctab - t.cutab
	for _, d := range drop {
		clear(mem[t.pctab+d.start : t.pctab+d.end])
		zeroed += d.end - d.start
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
