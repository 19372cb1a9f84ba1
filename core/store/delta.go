package store

import (
	"bytes"
	"encoding/binary"
)

// Values are kept as deltas where that is smaller; they are handed out
// whole (Get, Range, Watch and Log rebuild them). etcd keeps every revision
// until compaction (kube-apiserver compacts every 5 minutes), and the
// objects of one resource in one namespace are alike: pods of a Deployment
// differ in name, uid, node and timestamps; an update changes a few fields.
// So a value is kept as its difference from a dictionary, an earlier value
// written under the same key prefix (dictionary.go).
//
// A delta is uvarint(len(value)) followed by operations, each a
// uvarint(n<<1|isCopy): a literal of n bytes that follow, or a copy of n
// bytes of the base from offset uvarint(off).

// deltaMinValue is the smallest value worth storing as a delta.
const deltaMinValue = 64

// deltaMinMatch is the shortest run of the base a delta copies.
const deltaMinMatch = 8

// deltaIndex is a base value indexed for delta encoding: the offset of
// (one occurrence of) every 8-byte run of base, by hash.
type deltaIndex struct {
	base  []byte
	table []uint16 // hash → offset+1; 0 = none
	shift uint
}

// deltaMaxBase bounds a base: offsets are kept in 16 bits.
const deltaMaxBase = 1<<16 - 2

// reset indexes base (at most deltaMaxBase long), reusing the table.
func (x *deltaIndex) reset(base []byte) {
	x.base = base
	bits := uint(8)
	for 1<<bits < len(base) && bits < 14 {
		bits++
	}
	if n := 1 << bits; cap(x.table) >= n {
		x.table = x.table[:n]
		clear(x.table)
	} else {
		x.table = make([]uint16, n)
	}
	x.shift = 64 - bits
	for j := len(base) - deltaMinMatch; j >= 0; j-- {
		x.table[x.hash(base[j:])] = uint16(j + 1) // the first occurrence wins
	}
}

func (x *deltaIndex) hash(b []byte) uint64 {
	return (binary.LittleEndian.Uint64(b) * 0x9E3779B97F4A7C15) >> x.shift
}

// encode appends v as a delta against the base to buf[:0] and returns it,
// or returns nil when the delta would not be smaller than limit.
func (x *deltaIndex) encode(buf, v []byte, limit int) []byte {
	base := x.base
	n := min(len(v), len(base))
	p := 0
	for p < n && v[p] == base[p] {
		p++
	}
	q := 0
	for q < n-p && v[len(v)-1-q] == base[len(base)-1-q] {
		q++
	}
	out := binary.AppendUvarint(buf[:0], uint64(len(v)))
	if p > 0 {
		out = appendCopyOp(out, 0, p)
	}
	if mid := v[p : len(v)-q]; len(mid) > 0 {
		out = x.encodeMiddle(out, mid, limit)
	}
	if q > 0 {
		out = appendCopyOp(out, len(base)-q, q)
	}
	if len(out) >= limit {
		return nil
	}
	return out
}

// encodeMiddle appends the operations that rebuild mid: runs of at least
// deltaMinMatch bytes found in the base are copied, the rest is literal. It
// gives up (returning a result of at least limit bytes) once the delta
// cannot be smaller than limit.
func (x *deltaIndex) encodeMiddle(out, mid []byte, limit int) []byte {
	base := x.base
	if len(mid) < deltaMinMatch || len(base) < deltaMinMatch || len(x.table) == 0 {
		return appendLiteralOp(out, mid)
	}
	lit, i := 0, 0
	for i+deltaMinMatch <= len(mid) {
		if len(out)+(i-lit) >= limit {
			return appendLiteralOp(out, mid[lit:])
		}
		j := int(x.table[x.hash(mid[i:])]) - 1
		if j < 0 || !bytes.Equal(base[j:j+deltaMinMatch], mid[i:i+deltaMinMatch]) {
			i++
			continue
		}
		l := deltaMinMatch
		for i+l < len(mid) && j+l < len(base) && mid[i+l] == base[j+l] {
			l++
		}
		for i > lit && j > 0 && mid[i-1] == base[j-1] {
			i, j, l = i-1, j-1, l+1
		}
		if i > lit {
			out = appendLiteralOp(out, mid[lit:i])
		}
		out = appendCopyOp(out, j, l)
		i += l
		lit = i
	}
	if lit < len(mid) {
		out = appendLiteralOp(out, mid[lit:])
	}
	return out
}

func appendCopyOp(out []byte, off, n int) []byte {
	out = binary.AppendUvarint(out, uint64(n)<<1|1)
	return binary.AppendUvarint(out, uint64(off))
}

func appendLiteralOp(out, lit []byte) []byte {
	out = binary.AppendUvarint(out, uint64(len(lit))<<1)
	return append(out, lit...)
}

// applyDelta rebuilds the value d encodes against base. The result is a new
// slice.
func applyDelta(d, base []byte) []byte {
	size, k := binary.Uvarint(d)
	d = d[k:]
	out := make([]byte, 0, size)
	for len(d) > 0 {
		op, k := binary.Uvarint(d)
		d = d[k:]
		n := int(op >> 1)
		if op&1 == 0 {
			out = append(out, d[:n]...)
			d = d[n:]
			continue
		}
		off, k := binary.Uvarint(d)
		d = d[k:]
		out = append(out, base[off:int(off)+n]...)
	}
	return out
}
