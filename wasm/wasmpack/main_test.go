package main

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// module is a wasm binary with a type section, a data section holding segs
// (in that order) and a custom section.
func module(segs []segment) []byte {
	b := []byte("\x00asm\x01\x00\x00\x00")
	b = append(b, 1, 4, 1, 0x60, 0, 0) // one type: func() → ()
	data := writeData(segs)
	b = append(b, 11)
	b = binary.AppendUvarint(b, uint64(len(data)))
	b = append(b, data...)
	return append(b, 0, 5, 4, 'n', 'o', 't', 'e')
}

// memory is the memory image the data segments of a module write.
func memory(t *testing.T, b []byte) ([]byte, []segment) {
	t.Helper()
	for p := 8; p < len(b); {
		size, n := binary.Uvarint(b[p+1:])
		if b[p] == 11 {
			segs, err := readData(b[p+1+n : p+1+n+int(size)])
			if err != nil {
				t.Fatal(err)
			}
			var mem []byte
			for _, s := range segs {
				if end := int(s.offset) + len(s.data); end > len(mem) {
					mem = append(mem, make([]byte, end-len(mem))...)
				}
				copy(mem[s.offset:], s.data)
			}
			return mem, segs
		}
		p += 1 + n + int(size)
	}
	t.Fatal("no data section")
	return nil, nil
}

func TestPackKeepsTheMemoryAndTheOtherSections(t *testing.T) {
	in := module([]segment{
		{offset: 5000, data: []byte("after a short gap")},
		{offset: 1024, data: []byte("first")},        // out of order, as Go's linker may write them
		{offset: 1040, data: []byte{1, 2, 3}},        // 11 zeros after "first"
		{offset: 5017 + maxGap, data: []byte("far")}, // maxGap zeros: a segment of its own
		{offset: 1 << 20, data: bytes.Repeat([]byte{7}, 300)},
	})
	out, err := pack(in, maxGap, 0)
	if err != nil {
		t.Fatal(err)
	}
	memIn, _ := memory(t, in)
	memOut, segs := memory(t, out)
	if !bytes.Equal(memIn, memOut) {
		t.Error("the memory image changed")
	}
	if len(segs) != 3 || segs[0].offset != 1024 || segs[1].offset != 5017+maxGap || segs[2].offset != 1<<20 {
		t.Errorf("segments at %v, want 1024, %d, %d", segs, 5017+maxGap, 1<<20)
	}
	if !bytes.Equal(out[:14], in[:14]) || !bytes.HasSuffix(out, []byte{0, 5, 4, 'n', 'o', 't', 'e'}) {
		t.Error("the other sections changed")
	}
	again, err := pack(out, maxGap, 0)
	if err != nil || !bytes.Equal(again, out) {
		t.Errorf("packing twice changed the module again (%v)", err)
	}
}

func TestPackRefusesWhatItCannotRewrite(t *testing.T) {
	overlapping := module([]segment{{offset: 10, data: []byte("abcdef")}, {offset: 12, data: []byte("x")}})
	for name, b := range map[string][]byte{
		"not wasm":            []byte("hello, world"),
		"no data":             []byte("\x00asm\x01\x00\x00\x00"),
		"overlapping data":    overlapping,
		"a data count":        append([]byte("\x00asm\x01\x00\x00\x00"), 12, 1, 0),
		"a passive segment":   append([]byte("\x00asm\x01\x00\x00\x00"), 11, 4, 1, 1, 1, 'x'),
		"a truncated section": append([]byte("\x00asm\x01\x00\x00\x00"), 11, 9, 1),
	} {
		if _, err := pack(b, maxGap, 0); err == nil {
			t.Errorf("%s: packed, want an error", name)
		}
	}
}

func TestSignedLEB128RoundTrips(t *testing.T) {
	for _, v := range []int64{0, 1, 63, 64, -1, -64, -65, 1 << 20, 1<<31 - 1, -1 << 31} {
		b := appendSleb(nil, v)
		if got, n := sleb(b); got != v || n != len(b) {
			t.Errorf("sleb(appendSleb(%d)) = %d, %d bytes of %d", v, got, n, len(b))
		}
	}
}
