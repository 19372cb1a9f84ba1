package main

import (
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
)

// grow recurses with a large frame and an array of pointers whose address
// it passes down (a stack object, which the garbage collector finds through
// the function's funcdata), on a goroutine whose stack starts small: the
// stack is copied many times, and the pointers into it moved.
//
//go:noinline
func grow(n int, up *[8]*node) int {
	var here [8]*node
	var pad [256]uint64
	for i := range here {
		here[i] = &node{buf: make([]byte, i+1)}
		if up != nil {
			here[i].next = up[i]
		}
	}
	pad[n%256] = uint64(n)
	if n == 0 {
		runtime.GC()
		total := 0
		for _, p := range here {
			for ; p != nil; p = p.next {
				total += len(p.buf)
			}
		}
		return total
	}
	return grow(n-1, &here) + int(pad[n%256]) - n
}

func stacks() {
	done := make(chan int)
	for range 4 {
		go func() { done <- grow(300, nil) }()
	}
	fmt.Println("stacks", <-done, <-done, <-done, <-done)
}

// openCoded's defers are few, and in no loop: the compiler codes them
// inline, and a panic finds them through the function's funcdata.
func openCoded(fail bool) (out []string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered %v", r)
		}
	}()
	defer func() { out = append(out, "first") }()
	if fail {
		defer func() { out = append(out, "conditional") }()
	}
	defer func() { out = append(out, "last") }()
	middle(fail, &out)
	return append(out, "returned"), nil
}

//go:noinline
func middle(fail bool, out *[]string) {
	defer func() { *out = append(*out, "middle") }()
	if fail {
		var m map[string]int
		m["x"] = 1
	}
}

// loopDefers defers in a loop (not open-coded) and recovers.
func loopDefers(n int) (sum int) {
	defer func() { recover() }()
	for i := range n {
		defer func() { sum += i }()
	}
	panic("loop")
}

func defers() {
	fmt.Println(openCoded(false))
	fmt.Println(openCoded(true))
	fmt.Println("loop defers", loopDefers(10))
	fmt.Println("repanic", try(func() {
		defer func() { panic(fmt.Sprint("second after ", recover())) }()
		panic("first")
	}))
	done := make(chan []string)
	go func() {
		var log []string
		defer func() { done <- log }()
		defer func() { log = append(log, "deferred before Goexit") }()
		runtime.Goexit()
	}()
	fmt.Println("goexit", <-done)
	fmt.Println("divide", try(func() { _ = 1 / len(done) }))
	fmt.Println("index", try(func() { _ = []int{}[len(done)] }))
	fmt.Println("assert", try(func() { _ = any(done).(fmt.Stringer) }))
}

type T struct{ n int }

func (t T) M() int { return t.n }

type I interface{ M() int }

type G[E any] struct{ e E }

func (g G[E]) M() int { return 1 }

type Outer struct{ T }

// panicwraps calls value methods through nil pointers: the wrapper
// method of *T panics with a message made from its own name.
func panicwraps() {
	var t *T
	var g *G[int]
	var o *Outer
	var d *time.Duration
	for _, i := range []I{t, g, o} {
		fmt.Println("panicwrap", try(func() { i.M() }))
	}
	for _, s := range []fmt.Stringer{d} {
		fmt.Println("panicwrap", try(func() { _ = s.String() }))
	}
}

func goroutines() {
	jobs := make(chan int)
	results := make(chan int)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for j := range jobs {
				results <- j * j
			}
		})
	}
	go func() {
		for j := range 100 {
			jobs <- j
		}
		close(jobs)
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	sum := 0
	for r := range results {
		sum += r
	}
	block := make(chan struct{})
	for range 3 {
		go func() { <-block }()
	}
	runtime.Gosched()
	fmt.Println("goroutines", sum, runtime.NumGoroutine())
	close(block)
	var mu sync.Mutex
	n := 0
	var all sync.WaitGroup
	for range 50 {
		all.Go(func() {
			mu.Lock()
			n++
			mu.Unlock()
		})
	}
	all.Wait()
	select {
	case <-time.After(time.Millisecond):
		fmt.Println("locked", n)
	case <-block:
		fmt.Println("locked", n)
	}
}

func maps() {
	m := map[int]*node{}
	for i := range 10000 {
		m[i] = &node{buf: make([]byte, i%13)}
	}
	runtime.GC()
	for i := 0; i < 10000; i += 3 {
		delete(m, i)
	}
	total := 0
	for k, v := range m {
		total += k + len(v.buf)
	}
	names := map[string][]string{}
	for i := range 1000 {
		k := fmt.Sprint(i % 37)
		names[k] = append(names[k], fmt.Sprint(i))
	}
	runtime.GC()
	fmt.Println("maps", len(m), total, len(names), len(names["5"]), names["36"][26])
}

type Calc struct{ base int }

// Add collects garbage while reflection's call frames are on the stack.
func (c Calc) Add(x int) int {
	runtime.GC()
	var pcs [8]uintptr
	frames := runtime.CallersFrames(pcs[:runtime.Callers(1, pcs[:])])
	var names []string
	for f, more := frames.Next(); more; f, more = frames.Next() {
		names = append(names, f.Function)
	}
	fmt.Printf("trace Add's callers %q\n", names)
	return c.base + x
}

func (c *Calc) Scale(x int) int {
	c.base *= x
	return c.base
}

func reflection() {
	v := reflect.ValueOf(&Calc{base: 3})
	var methods []string
	for i := range v.NumMethod() {
		methods = append(methods, v.Type().Method(i).Name)
	}
	add := v.Method(0).Call([]reflect.Value{reflect.ValueOf(4)})[0].Int()
	scale := v.MethodByName("Scale").Call([]reflect.Value{reflect.ValueOf(5)})[0].Int()
	// A method value as a func runs reflect.methodValueCall, and a made
	// function reflect.makeFuncStub: the collector finds their arguments
	// by their names.
	f := v.Method(0).Interface().(func(int) int)
	swap := reflect.MakeFunc(reflect.TypeFor[func(*node, *node) (*node, *node)](), func(in []reflect.Value) []reflect.Value {
		runtime.GC()
		return []reflect.Value{in[1], in[0]}
	}).Interface().(func(*node, *node) (*node, *node))
	a, b := swap(&node{buf: []byte("a")}, &node{buf: []byte("b")})
	fmt.Println("reflect", methods, add, scale, f(6), string(a.buf)+string(b.buf))
	fmt.Println("reflect zero", try(func() { reflect.Value{}.Int() }))
	fmt.Println("reflect kind", try(func() { reflect.ValueOf("s").Int() }))
	fmt.Println("reflect unexported", try(func() { reflect.ValueOf(struct{ n int }{}).Field(0).Interface() }))
}

func finalizers() {
	done := make(chan string, 2)
	func() {
		p := &node{buf: make([]byte, 10)}
		runtime.SetFinalizer(p, func(*node) { done <- "finalizer" })
		q := &node{buf: make([]byte, 20)}
		runtime.AddCleanup(q, func(s string) { done <- s }, "cleanup")
	}()
	var ran []string
	for len(ran) < 2 {
		runtime.GC()
		select {
		case s := <-done:
			ran = append(ran, s)
		case <-time.After(10 * time.Millisecond):
		}
	}
	slices.Sort(ran)
	fmt.Println("finalizers", strings.Join(ran, " "), "goroutines", runtime.NumGoroutine())
}

// funcPC is the entry of a function.
func funcPC(f any) uintptr { return reflect.ValueOf(f).Pointer() }
