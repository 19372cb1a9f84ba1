package apiserver

import (
	"fmt"
	"math/rand/v2"
)

// Name generation, as apiserver's pkg/storage/names: generateName plus five
// characters from apimachinery's rand alphabet (no vowels, no 0, 1 or 3, so
// no words and no look-alikes).
const (
	nameAlphabet           = "bcdfghjklmnpqrstvwxz2456789"
	randomLength           = 5
	maxNameLength          = 63
	maxGeneratedNameLength = maxNameLength - randomLength // 58
)

// GenerateName returns base (truncated to 58 characters) followed by five
// random characters drawn from r.
func GenerateName(r *rand.Rand, base string) string {
	if len(base) > maxGeneratedNameLength {
		base = base[:maxGeneratedNameLength]
	}
	b := make([]byte, randomLength)
	for i := range b {
		b[i] = nameAlphabet[r.IntN(len(nameAlphabet))]
	}
	return base + string(b)
}

// newUID returns a random (version 4, RFC 4122 variant) UUID drawn from r.
func newUID(r *rand.Rand) string {
	hi, lo := r.Uint64(), r.Uint64()
	hi = hi&^0xf000 | 0x4000           // version 4
	lo = lo&^(0xc000<<48) | 0x8000<<48 // variant 10
	return fmt.Sprintf("%08x-%04x-%04x-%04x-%012x",
		hi>>32, (hi>>16)&0xffff, hi&0xffff, lo>>48, lo&0xffffffffffff)
}
