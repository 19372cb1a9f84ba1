//go:build js && wasm

package main

import (
	"fmt"
	"runtime/debug"
	"syscall/js"

	"kubeplay/wasm/seam"
)

func main() {
	defer func() {
		if r := recover(); r != nil {
			showFatal(fmt.Sprint(r))
			panic(r)
		}
	}()
	// Fewer, larger collections: each GC cycle's marking runs inside one
	// call (in the core's worker, off the page's main thread). Doubling GOGC
	// halves the cycles while 1,000 Pods scale up, for ~60 MB more heap.
	debug.SetGCPercent(200)
	core := seam.New()
	obj := js.Global().Get("Object").New()
	// The functions live as long as the page (never Released).
	for _, name := range seam.Functions() {
		obj.Set(name, js.FuncOf(func(this js.Value, args []js.Value) any {
			return core.Call(name, jsArgs(args))
		}))
	}
	obj.Set("version", seam.Version)
	js.Global().Set("__kubeplayCore", obj)
	if ready := js.Global().Get("__kubeplayReady"); ready.Type() == js.TypeFunction {
		ready.Invoke(obj)
	}
	select {}
}

// jsArgs turns JS arguments into Go values: strings, numbers, booleans and
// nil; objects and arrays are passed as their JSON text.
func jsArgs(args []js.Value) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch a.Type() {
		case js.TypeString:
			out[i] = a.String()
		case js.TypeNumber:
			out[i] = a.Float()
		case js.TypeBoolean:
			out[i] = a.Bool()
		case js.TypeObject:
			out[i] = js.Global().Get("JSON").Call("stringify", a).String()
		default:
			out[i] = nil
		}
	}
	return out
}

// showFatal reports an error that stopped the Go side, in the page.
func showFatal(msg string) {
	defer func() { _ = recover() }()
	reportInPage("kubeplay stopped: " + msg)
}
