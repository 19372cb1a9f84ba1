package seam

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPU reads the calling thread's CPU clock (CLOCK_THREAD_CPUTIME_ID):
// unlike the wall clock, it does not count the time other processes on a
// busy machine take from us.
func threadCPU() time.Duration {
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}
