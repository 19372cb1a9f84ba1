package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// The runtime's function table (pclntab) keeps, per function (a _func), its
// name, tables from a program counter to its stack frame's size, to its
// source file and line and to the garbage collector's pointer maps, and
// funcdata: pointer maps, stack objects, open-coded defers, inlining trees
// and argument layouts. Some of it only a traceback reads, or only something
// Go's wasm never does; lines.go, names.go and funcdata.go zero that, in the
// memory image the data segments write, where the linker put it. Nothing
// moves: every address the code holds stays what it was.

// pcHeader's layout (runtime/symtab.go): magic, two pad bytes, the minimum
// instruction size, the pointer size, then eight pointer-sized words.
var pcHeaderMagic = []byte{0xf1, 0xff, 0xff, 0xff, 0, 0, 1, 8}

const (
	// pcHeader's words, after its first 8 bytes: offsets from the header.
	hdrNfunc       = 0
	hdrFuncnameOff = 3 // the function names (funcnametab), then
	hdrCuOff       = 4 // the compilation units' file lists (cutab) and the file names (filetab), end at
	hdrPctabOff    = 6 // the pc-value tables (pctab), then
	hdrPclnOff     = 7 // the function table (functab: pairs of an entry and a _func offset) and the _funcs
	// moduledata's words (runtime/symtab.go): the pcHeader's address, then
	// six slices (funcnametab, cutab, filetab, pctab, pclntable, ftab), then
	// findfunctab, minpc, maxpc, 17 section bounds and gofunc.
	mdFuncnametab = 1
	mdGofunc      = 40
	// _func (runtime/runtime2.go): entryOff, nameOff, args, deferreturn,
	// pcsp, pcfile, pcln, npcdata, cuOffset, startLine (4 bytes each), then
	// funcID, flag, a pad byte and nfuncdata; then npcdata pcdata offsets
	// (from pctab) and nfuncdata funcdata offsets (from gofunc).
	funcNameOff   = 4
	funcArgs      = 8
	funcPcsp      = 16
	funcPcfile    = 20
	funcPcln      = 24
	funcNpcdata   = 28
	funcCuOffset  = 32
	funcStartLine = 36
	funcFuncID    = 40
	funcNfuncdata = 43
	funcFixedLen  = 44
)

// pclntab is the runtime's function table in a module's memory image: the
// ints are addresses in mem.
type pclntab struct {
	mem                                []byte
	header                             int
	funcnametab, cutab, pctab, functab int
	gofunc                             int
	funcs                              []int // each function's _func
}

// findPclntab finds the one pcHeader in mem, and the runtime's moduledata
// that points at it.
func findPclntab(mem []byte) (*pclntab, error) {
	h := bytes.Index(mem, pcHeaderMagic)
	if h < 0 {
		return nil, errors.New("no pclntab header (Go's pcHeader magic) in the data")
	}
	if bytes.Index(mem[h+1:], pcHeaderMagic) >= 0 {
		return nil, errors.New("two pclntab headers in the data")
	}
	var words [8]int
	for k := range words {
		p := h + 8 + 8*k
		if p+8 > len(mem) {
			return nil, errors.New("pclntab header cut short")
		}
		v := binary.LittleEndian.Uint64(mem[p:])
		if v > uint64(len(mem)) {
			return nil, fmt.Errorf("pclntab header word %d out of range", k)
		}
		words[k] = int(v)
	}
	t := &pclntab{
		mem:         mem,
		header:      h,
		funcnametab: h + words[hdrFuncnameOff],
		cutab:       h + words[hdrCuOff],
		pctab:       h + words[hdrPctabOff],
		functab:     h + words[hdrPclnOff],
	}
	nfunc := words[hdrNfunc]
	if t.functab+8*(nfunc+1) > len(mem) || !(t.funcnametab <= t.cutab && t.cutab <= t.pctab && t.pctab < t.functab) {
		return nil, errors.New("pclntab tables out of range")
	}
	for k := range nfunc {
		f := t.functab + int(t.u32(t.functab+8*k+4))
		if f+funcFixedLen > len(mem) || f+funcFixedLen+4*t.npcdata(f)+4*t.nfuncdata(f) > len(mem) {
			return nil, fmt.Errorf("function %d's entry out of range", k)
		}
		t.funcs = append(t.funcs, f)
	}
	// moduledata: the one place holding the header's address followed by
	// funcnametab as a slice (address, length, capacity).
	var md [32]byte
	binary.LittleEndian.PutUint64(md[0:], uint64(h))
	binary.LittleEndian.PutUint64(md[8:], uint64(t.funcnametab))
	binary.LittleEndian.PutUint64(md[16:], uint64(t.cutab-t.funcnametab))
	binary.LittleEndian.PutUint64(md[24:], uint64(t.cutab-t.funcnametab))
	m := bytes.Index(mem, md[:])
	if m < 0 || bytes.Index(mem[m+1:], md[:]) >= 0 || m+8*(mdGofunc+1) > len(mem) {
		return nil, errors.New("no one moduledata for the pclntab")
	}
	gofunc := binary.LittleEndian.Uint64(mem[m+8*mdGofunc:])
	if gofunc >= uint64(len(mem)) {
		return nil, errors.New("moduledata's gofunc out of range")
	}
	t.gofunc = int(gofunc)
	return t, nil
}

func (t *pclntab) u32(p int) uint32      { return binary.LittleEndian.Uint32(t.mem[p:]) }
func (t *pclntab) put32(p int, v uint32) { binary.LittleEndian.PutUint32(t.mem[p:], v) }
func (t *pclntab) npcdata(f int) int     { return int(t.u32(f + funcNpcdata)) }
func (t *pclntab) nfuncdata(f int) int   { return int(t.mem[f+funcNfuncdata]) }
func (t *pclntab) pcdata(f, j int) int   { return f + funcFixedLen + 4*j }
func (t *pclntab) funcdata(f, j int) int { return f + funcFixedLen + 4*t.npcdata(f) + 4*j }
func (t *pclntab) funcID(f int) byte     { return t.mem[f+funcFuncID] }
func (t *pclntab) args(f int) int32      { return int32(t.u32(f + funcArgs)) }
func (t *pclntab) nameOff(f int) int     { return int(t.u32(f + funcNameOff)) }
func (t *pclntab) nameAt(off int) string { return cstring(t.mem[t.funcnametab+off : t.cutab]) }
func cstring(b []byte) string {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return string(b)
}

// strip is what pack zeroes of the runtime's tables.
type strip uint8

const (
	stripLines    strip = 1 << iota // lines.go
	stripNames                      // names.go
	stripFuncdata                   // funcdata.go
	stripAll      = stripLines | stripNames | stripFuncdata
)

// stripIn zeroes the parts named by what in the memory the segments write.
// The pclntab and the funcdata lie in segments (their bytes are not zero),
// and only bytes already in a segment change: anything else is an error.
func stripIn(segs []segment, what strip) error {
	if len(segs) == 0 {
		return errors.New("no data segments")
	}
	last := segs[len(segs)-1]
	mem := make([]byte, int(last.offset)+len(last.data))
	for _, s := range segs {
		copy(mem[s.offset:], s.data)
	}
	t, err := findPclntab(mem)
	if err != nil {
		return err
	}
	if what&stripLines != 0 {
		if _, err := t.dropLineTables(); err != nil {
			return err
		}
	}
	if what&stripFuncdata != 0 {
		if _, err := t.dropFuncdata(); err != nil {
			return err
		}
	}
	if what&stripNames != 0 {
		if _, err := t.dropNames(); err != nil {
			return err
		}
	}
	end := 0
	for _, s := range segs {
		if slices.ContainsFunc(mem[end:s.offset], func(c byte) bool { return c != 0 }) {
			return fmt.Errorf("wrote outside the data segments, before %d", s.offset)
		}
		copy(s.data, mem[s.offset:])
		end = int(s.offset) + len(s.data)
	}
	return nil
}
