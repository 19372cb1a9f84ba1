//go:build js && wasm

// Command wasm is the browser playground's entry point (GOOS=js
// GOARCH=wasm). It runs in a Web Worker (site/src/coreworker.js), off the
// page's main thread: it registers self.__kubeplayCore, the function table of
// package seam (JSON strings in and out, each call synchronous within the
// worker), and then parks forever so the worker can keep calling it. It plays
// the part of the machine a kind cluster runs on.
package main
