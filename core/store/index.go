package store

import (
	"sort"
	"strings"
)

// maxBlock bounds one block of the key index; a fuller block splits in two.
const maxBlock = 512

// keyIndex keeps every key's history sorted by key, in a list of small
// sorted blocks (etcd uses a B-tree; this is the same idea, flatter). Insert
// and remove move at most one block plus the block list; a prefix range is
// a binary search and a walk.
type keyIndex struct {
	blocks [][]*keyHistory
	n      int
}

// seek returns the position of the first key >= key.
func (x *keyIndex) seek(key string) (b, i int) {
	b = sort.Search(len(x.blocks), func(j int) bool {
		blk := x.blocks[j]
		return blk[len(blk)-1].key >= key
	})
	if b == len(x.blocks) {
		return b, 0
	}
	blk := x.blocks[b]
	i = sort.Search(len(blk), func(j int) bool { return blk[j].key >= key })
	return b, i
}

// insert adds h, whose key must not be in the index yet.
func (x *keyIndex) insert(h *keyHistory) {
	x.n++
	if len(x.blocks) == 0 {
		x.blocks = append(x.blocks, []*keyHistory{h})
		return
	}
	b, i := x.seek(h.key)
	if b == len(x.blocks) { // after every key: append to the last block
		b = len(x.blocks) - 1
		i = len(x.blocks[b])
	}
	blk := append(x.blocks[b], nil)
	copy(blk[i+1:], blk[i:])
	blk[i] = h
	if len(blk) <= maxBlock {
		x.blocks[b] = blk
		return
	}
	half := len(blk) / 2
	left := append(make([]*keyHistory, 0, maxBlock), blk[:half]...)
	right := append(make([]*keyHistory, 0, maxBlock), blk[half:]...)
	x.blocks[b] = left
	x.blocks = append(x.blocks, nil)
	copy(x.blocks[b+2:], x.blocks[b+1:])
	x.blocks[b+1] = right
}

// remove drops h from the index if present.
func (x *keyIndex) remove(h *keyHistory) {
	b, i := x.seek(h.key)
	if b == len(x.blocks) || x.blocks[b][i] != h {
		return
	}
	x.n--
	blk := x.blocks[b]
	copy(blk[i:], blk[i+1:])
	blk[len(blk)-1] = nil
	blk = blk[:len(blk)-1]
	if len(blk) > 0 {
		x.blocks[b] = blk
		return
	}
	copy(x.blocks[b:], x.blocks[b+1:])
	x.blocks[len(x.blocks)-1] = nil
	x.blocks = x.blocks[:len(x.blocks)-1]
}

// ascend calls fn for each history whose key has the prefix, in key order,
// until fn returns false.
func (x *keyIndex) ascend(prefix string, fn func(h *keyHistory) bool) {
	b, i := x.seek(prefix)
	for ; b < len(x.blocks); b, i = b+1, 0 {
		blk := x.blocks[b]
		for ; i < len(blk); i++ {
			if !strings.HasPrefix(blk[i].key, prefix) {
				return
			}
			if !fn(blk[i]) {
				return
			}
		}
	}
}
