package store

import (
	"bytes"
	"strings"
)

// A dictionary is an earlier value that later values written under the
// same key prefix (the key up to its last '/': /registry/pods/default/)
// are stored as deltas against. The current dictionary of a prefix keeps
// its index; a replaced one keeps only its value, for the entries coded
// against it (and is freed with the last of them).
type dictionary struct {
	value []byte
	index *deltaIndex // nil once replaced
}

// dictMaxPrefixes bounds the dictionaries kept; beyond it they start over.
const dictMaxPrefixes = 256

// dictMaxRatio: a value is kept as a delta against its prefix's dictionary
// only when the delta is at most 1/dictMaxRatio of the value; otherwise the
// value becomes the prefix's dictionary.
const dictMaxRatio = 2

func keyPrefix(key string) string { return key[:strings.LastIndexByte(key, '/')+1] }

// code returns how to keep value, a value written to key: a delta and the
// dictionary it is coded against, or a copy of value and nil.
func (s *Store) code(key string, value []byte) ([]byte, *dictionary) {
	if len(value) < deltaMinValue || len(value) > deltaMaxBase {
		return clone(value), nil
	}
	prefix := keyPrefix(key)
	d := s.dicts[prefix]
	var x *deltaIndex
	if d != nil {
		if out := d.index.encode(s.deltaBuf, value, len(value)/dictMaxRatio); out != nil {
			s.deltaBuf = out
			return bytes.Clone(out), d
		}
		x, d.index = d.index, nil // replaced: its index serves the new one
	}
	if s.dicts == nil || len(s.dicts) >= dictMaxPrefixes {
		for _, old := range s.dicts {
			old.index = nil
		}
		s.dicts = map[string]*dictionary{}
	}
	v := clone(value)
	if x == nil {
		x = &deltaIndex{}
	}
	x.reset(v)
	s.dicts[prefix] = &dictionary{value: v, index: x}
	return v, nil
}
