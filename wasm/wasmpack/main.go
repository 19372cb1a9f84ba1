// Command wasmpack rewrites a Go wasm binary's data section in place as a
// few large segments. Go's linker cuts the data into one segment per run of
// non-zero bytes (zeros need no bytes: memory starts zeroed), up to 100,000
// segments of 8-byte headers each; that is smallest raw, but brotli
// compresses the zeros to almost nothing and the headers' offsets hardly at
// all. One segment across every run of zeros shorter than 4 KiB makes the
// file 1 MB larger and its brotli 126 KB smaller. The memory the module
// starts with is the same, byte for byte, but for the parts of the
// runtime's function table (pclntab.go) that only tracebacks read, or only
// what Go's wasm never does: they are zeroed, where they lie. Those are the
// file, line, inlining and unsafe-point tables (lines.go, 204 KB less
// brotli), the names of all functions but the few the runtime decides
// something by (names.go, 53 KB) and the inlining trees and argument layouts
// (funcdata.go, 32 KB). build.sh runs it on kubeplay.wasm.
//
//	go run ./wasm/wasmpack kubeplay.wasm
package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"slices"
)

// maxGap is the longest run of zeros a segment spans: longer runs still
// separate segments (a large zeroed table costs no bytes).
const maxGap = 4096

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: wasmpack file.wasm")
		os.Exit(2)
	}
	b, err := os.ReadFile(os.Args[1])
	if err == nil {
		b, err = pack(b, maxGap, stripAll)
	}
	if err == nil {
		err = os.WriteFile(os.Args[1], b, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmpack:", err)
		os.Exit(1)
	}
}

// segment is an active data segment of memory 0: data at offset.
type segment struct {
	offset uint32
	data   []byte
}

// pack returns the module b with its data segments sorted by offset and
// merged where fewer than maxGap zeros separate them, and with the parts of
// the runtime's function table that s names zeroed. Every other section is
// copied unchanged.
func pack(b []byte, maxGap int, s strip) ([]byte, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, errors.New("not a wasm binary")
	}
	out := append([]byte(nil), b[:8]...)
	var merged []segment
	for p := 8; p < len(b); {
		id := b[p]
		size, n := binary.Uvarint(b[p+1:])
		if n <= 0 || uint64(len(b)-p-1-n) < size {
			return nil, fmt.Errorf("section %d at %d: bad size", id, p)
		}
		body := b[p+1+n : p+1+n+int(size)]
		p += 1 + n + int(size)
		if id == 11 {
			segs, err := readData(body)
			if err != nil {
				return nil, err
			}
			if merged, err = mergeSegments(segs, maxGap); err != nil {
				return nil, err
			}
			if s != 0 {
				if err := stripIn(merged, s); err != nil {
					return nil, err
				}
			}
			body = writeData(merged)
		}
		if id == 12 {
			return nil, errors.New("a data count section: Go's linker writes none, and wasmpack does not rewrite it")
		}
		out = append(out, id)
		out = binary.AppendUvarint(out, uint64(len(body)))
		out = append(out, body...)
	}
	if merged == nil {
		return nil, errors.New("no data section")
	}
	return out, nil
}

// readData reads a data section's segments: active, memory 0, at an
// i32.const offset (all that Go's linker writes).
func readData(body []byte) ([]segment, error) {
	count, p := binary.Uvarint(body)
	if p <= 0 {
		return nil, errors.New("data section: bad count")
	}
	segs := make([]segment, 0, count)
	for range count {
		if p+2 > len(body) || body[p] != 0 || body[p+1] != 0x41 {
			return nil, fmt.Errorf("data segment %d: not an active segment of memory 0 at an i32.const offset", len(segs))
		}
		off, n := sleb(body[p+2:])
		p += 2 + n
		if n <= 0 || p >= len(body) || body[p] != 0x0b {
			return nil, fmt.Errorf("data segment %d: bad offset", len(segs))
		}
		size, m := binary.Uvarint(body[p+1:])
		p += 1 + m
		if m <= 0 || uint64(len(body)-p) < size {
			return nil, fmt.Errorf("data segment %d: bad size", len(segs))
		}
		segs = append(segs, segment{offset: uint32(off), data: body[p : p+int(size)]})
		p += int(size)
	}
	if p != len(body) {
		return nil, errors.New("data section: trailing bytes")
	}
	return segs, nil
}

// mergeSegments sorts segs by offset and joins neighbours fewer than maxGap
// zero bytes apart, writing the zeros between them out.
func mergeSegments(segs []segment, maxGap int) ([]segment, error) {
	segs = slices.Clone(segs)
	slices.SortStableFunc(segs, func(a, b segment) int { return int(int64(a.offset) - int64(b.offset)) })
	var out []segment
	for _, s := range segs {
		if len(out) == 0 {
			out = append(out, segment{s.offset, slices.Clone(s.data)})
			continue
		}
		last := &out[len(out)-1]
		end := uint64(last.offset) + uint64(len(last.data))
		if uint64(s.offset) < end {
			return nil, fmt.Errorf("data segments overlap at %d", s.offset)
		}
		if gap := uint64(s.offset) - end; gap < uint64(maxGap) {
			last.data = append(last.data, make([]byte, gap)...)
			last.data = append(last.data, s.data...)
		} else {
			out = append(out, segment{s.offset, slices.Clone(s.data)})
		}
	}
	return out, nil
}

// writeData is the body of a data section holding segs.
func writeData(segs []segment) []byte {
	body := binary.AppendUvarint(nil, uint64(len(segs)))
	for _, s := range segs {
		body = append(body, 0, 0x41)
		body = appendSleb(body, int64(int32(s.offset)))
		body = append(body, 0x0b)
		body = binary.AppendUvarint(body, uint64(len(s.data)))
		body = append(body, s.data...)
	}
	return body
}

// sleb reads a signed LEB128 number and its length in bytes (0 if b ends first).
func sleb(b []byte) (int64, int) {
	var v int64
	var shift uint
	for i, c := range b {
		v |= int64(c&0x7f) << shift
		shift += 7
		if c&0x80 == 0 {
			if shift < 64 && c&0x40 != 0 {
				v |= -1 << shift
			}
			return v, i + 1
		}
	}
	return 0, 0
}

// appendSleb appends v as a signed LEB128 number.
func appendSleb(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 && c&0x40 == 0 || v == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
