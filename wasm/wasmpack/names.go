package main

import (
	"fmt"
	"strings"
)

// Function names (funcnametab) are 319 KB of the playground's wasm. The
// runtime prints them in tracebacks and hands them out through
// runtime.FuncForPC and runtime.Frames, which the page can do without (the
// native build keeps them), but it also decides a few things by a name:
//
//   - runtime.panicwrap, called by the wrapper that lets a *T call a value
//     method of T when the pointer is nil, builds its panic ("value method
//     main.T.M called using nil *T pointer") from the wrapper's name, and
//     throws (an unrecoverable fatal error) if the name has no ".(*". The
//     compiler (cmd/compile/internal/noder, methodWrapper) calls panicwrap
//     only from such wrappers, which it marks as wrappers (abi.FuncIDWrapper)
//     and names pkg.(*T).M.
//   - The garbage collector finds the arguments of a function of unknown
//     argument size (abi.ArgsSizeUnknown: assembly) by its name when it is
//     reflect.makeFuncStub or reflect.methodValueCall (stkframe.go,
//     argMapInternal).
//   - reflect and internal/reflectlite name the method in a ValueError
//     ("reflect: call of reflect.Value.Int on zero Value") after the frame
//     calling them, a reflect.Value (or internal/reflectlite.Value) method.
//   - isSystemGoroutine (traceback.go) counts a goroutine as the runtime's
//     when the function it started with is named runtime.*: such a goroutine
//     is left out of runtime.NumGoroutine and of the deadlock check, and does
//     not inherit its creator's synctest bubble or profiler labels.
//
// Every other reader of a name in the runtime and in the standard packages
// the playground links only prints it or hands it on to be printed
// (debug.Stack, the GODEBUG inittrace and bisect reports, heap dumps, the
// message of a function made by reflect.MakeFunc that returns wrong values),
// or runs only on other platforms (signal-based preemption, plugins,
// profiling on mips). dropNames keeps the names of the first three kinds
// whole (12 KB), points the other runtime.* functions at one shared name,
// "runtime.", and gives every other function the name offset 0, which the
// runtime reads as "" (moduledata.funcName; the linker puts the first
// function's name there, and it too reads as ""). It zeroes the names no
// function points at any more, those of inlined functions included: 53 KB
// less brotli. A traceback names no other frame: GOTRACEBACK's default
// hides the frames with no package in their name and the runtime's, so it
// shows the frames whose names stay or, when there are none, every frame
// (its fallback), the others as "()" and "runtime.()".

const (
	funcIDWrapper   = 23          // abi.FuncIDWrapper
	argsSizeUnknown = -0x80000000 // abi.ArgsSizeUnknown
)

// runtimePrefix is what isSystemGoroutine looks for.
const runtimePrefix = "runtime."

// nameUse is how much of its name a function needs.
type nameUse int

const (
	nameNone nameUse = iota
	namePrefix
	nameWhole
)

// nameNeeded says how much of its name the runtime reads of a function with
// name, funcID and args: see the list above.
func nameNeeded(name string, funcID byte, args int32) nameUse {
	switch {
	case funcID == funcIDWrapper && strings.Contains(name, ".(*"),
		args == argsSizeUnknown,
		strings.HasPrefix(name, "reflect.Value."),
		strings.HasPrefix(name, "internal/reflectlite.Value."):
		return nameWhole
	case strings.HasPrefix(name, runtimePrefix):
		return namePrefix
	}
	return nameNone
}

// dropNames zeroes the names no reader needs and shares one "runtime."
// among the runtime's functions, returning how many bytes it zeroed.
func (t *pclntab) dropNames() (int, error) {
	size := t.cutab - t.funcnametab
	whole := make([]bool, size) // the bytes of names kept whole, with their NULs
	var prefixed []int          // the functions to point at "runtime."
	for _, f := range t.funcs {
		off := t.nameOff(f)
		if off >= size {
			return 0, fmt.Errorf("a function's name offset %d out of range", off)
		}
		name := ""
		if off != 0 {
			name = t.nameAt(off)
			if off+len(name) >= size {
				return 0, fmt.Errorf("the name at %d has no end", off)
			}
		}
		switch nameNeeded(name, t.funcID(f), t.args(f)) {
		case nameWhole:
			for i := off; i <= off+len(name); i++ {
				whole[i] = true
			}
		case namePrefix:
			prefixed = append(prefixed, f)
		default:
			t.put32(f+funcNameOff, 0)
		}
	}
	// "runtime." goes where the first of the prefixed names was.
	shared := 0
	for _, f := range prefixed {
		if off := t.nameOff(f); !whole[off] {
			shared = off
			break
		}
	}
	if len(prefixed) > 0 && shared == 0 {
		return 0, fmt.Errorf("nowhere to write %q", runtimePrefix)
	}
	zeroed := 0
	for i, keep := range whole {
		if p := t.funcnametab + i; !keep && t.mem[p] != 0 {
			t.mem[p] = 0
			zeroed++
		}
	}
	if len(prefixed) > 0 {
		copy(t.mem[t.funcnametab+shared:], runtimePrefix)
		zeroed -= len(runtimePrefix)
		for _, f := range prefixed {
			t.put32(f+funcNameOff, uint32(shared))
		}
	}
	return zeroed, nil
}
