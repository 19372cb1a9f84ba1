// A program for wasmpack's test: it makes the garbage collector walk deep
// stacks many times (which reads the frame-size and pointer-map tables
// wasmpack keeps), then prints where it is (which reads the line tables it
// drops) and a stack.
package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

type node struct {
	next *node
	buf  []byte
}

// deep recurses n frames, allocating at each, and collects at the bottom.
func deep(n int, keep *node) int {
	if n == 0 {
		runtime.GC()
		total := 0
		for p := keep; p != nil; p = p.next {
			total += len(p.buf)
		}
		return total
	}
	return deep(n-1, &node{next: keep, buf: make([]byte, n%64+1)})
}

func main() {
	sum := 0
	for i := range 200 {
		sum += deep(100+i%50, nil)
	}
	_, file, line, ok := runtime.Caller(0)
	fmt.Printf("sum %d\n", sum)
	fmt.Printf("caller %v %s:%d\n", ok, file[strings.LastIndex(file, "/")+1:], line)
	fmt.Printf("stack\n%s", debug.Stack())
}
