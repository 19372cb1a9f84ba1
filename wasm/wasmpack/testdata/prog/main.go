// A program for wasmpack's test. It does what reads the tables wasmpack
// keeps: the garbage collector walking deep stacks and finding stack
// objects, stacks growing, deferred calls (open-coded ones too) run by
// panics and recovered, panics built from a wrapper's name, goroutines,
// channels, maps, reflection's method values and made functions,
// finalizers. What it prints is the same with and without the tables
// wasmpack drops, but for the lines starting with "trace", which show what
// tracebacks, runtime.Caller and runtime.FuncForPC see.
package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

func main() {
	// The runtime's own goroutines (named runtime.*) do not count.
	fmt.Println("goroutines at start", runtime.NumGoroutine())
	sum := 0
	for i := range 200 {
		sum += deep(100+i%50, nil)
	}
	fmt.Println("deep", sum)
	stacks()
	defers()
	panicwraps()
	goroutines()
	maps()
	reflection()
	finalizers()
	where()
}

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

// where prints the place and the stack it sees from stack, which the
// compiler inlines into it.
func where() {
	_, file, line, ok := runtime.Caller(0)
	fmt.Printf("trace caller %v %s:%d\n", ok, file[strings.LastIndex(file, "/")+1:], line)
	for l := range strings.Lines(string(stack())) {
		fmt.Print("trace stack ", l)
	}
	fmt.Println("trace FuncForPC", runtime.FuncForPC(funcPC(where)).Name())
}

func stack() []byte { return debug.Stack() }

// try calls f and returns what it panicked with.
func try(f func()) (msg string) {
	defer func() {
		r := recover()
		_, isRuntime := r.(runtime.Error)
		msg = fmt.Sprintf("%v (runtime.Error %v)", r, isRuntime)
	}()
	f()
	return "no panic"
}
