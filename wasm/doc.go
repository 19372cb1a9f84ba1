//go:build js && wasm

// Command wasm is the browser playground's entry point (GOOS=js
// GOARCH=wasm): it registers globalThis.__kubeplayCore, the synchronous
// function table of package seam (JSON strings in and out), and then parks
// forever so the page can keep calling it. It plays the part of the machine
// a kind cluster runs on.
package main
