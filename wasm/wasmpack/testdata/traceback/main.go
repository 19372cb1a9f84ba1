// A program for wasmpack's test: it makes the garbage collector walk deep
// stacks many times (which reads the frame-size and pointer-map tables
// wasmpack keeps), then prints where it is and a stack from a function the
// compiler inlines (which read the line and inlining tables it drops).
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
	fmt.Printf("sum %d\n", sum)
	where()
}

// where prints the place and the stack it sees from stack, which the
// compiler inlines into it.
func where() {
	_, file, line, ok := runtime.Caller(0)
	fmt.Printf("caller %v %s:%d\n", ok, file[strings.LastIndex(file, "/")+1:], line)
	fmt.Printf("stack\n%s", stack())
}

func stack() []byte { return debug.Stack() }
