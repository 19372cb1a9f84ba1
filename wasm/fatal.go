//go:build js && wasm

package main

import "syscall/js"

// reportInPage posts a fatal message to the page as {type: "fatal", detail};
// the page's loader shows it. The core always runs in a Web Worker
// (site/src/coreworker.js), where there is no document to write into.
func reportInPage(msg string) {
	post := js.Global().Get("postMessage")
	if post.Type() != js.TypeFunction {
		return
	}
	m := js.Global().Get("Object").New()
	m.Set("type", "fatal")
	m.Set("detail", msg)
	post.Invoke(m)
}
