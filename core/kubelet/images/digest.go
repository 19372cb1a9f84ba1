package images

import "hash/fnv"

// Sum256 is a deterministic 32-byte fingerprint of s, shaped like a SHA-256
// sum. kubeplay's digests and container IDs only need to look real and be
// stable; four salted FNV-1a rounds do that without linking crypto/sha256
// (about 40 KB of the compressed wasm).
func Sum256(s string) [32]byte {
	var out [32]byte
	for i := 0; i < 4; i++ {
		h := fnv.New64a()
		h.Write([]byte{byte(i), 0x6b, 0x70}) // salt per word
		h.Write([]byte(s))
		v := h.Sum64()
		for j := 0; j < 8; j++ {
			out[i*8+j] = byte(v >> (56 - 8*j))
		}
	}
	return out
}
