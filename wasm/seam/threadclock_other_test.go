//go:build !linux

package seam

import "time"

var clockStart = time.Now()

// threadCPU falls back to the wall clock (js/wasm has one thread).
func threadCPU() time.Duration { return time.Since(clockStart) }
