// Command worker is kubeplay's Cloudflare Worker (github.com/syumai/workers): it serves the playground and
// keeps short share links in Workers KV. The handler itself is package handler; this command only wires it.
//
// Built for GOOS=js GOARCH=wasm (main_js.go) it is the Worker: wrangler.toml's build runs `go run . build`,
// which generates build/worker.mjs and build/wasm_exec.js with syumai/workers' workers-assets-gen, stages
// the site into build/site with its _headers, and compiles build/app.wasm.
//
// Run natively (main.go) it offers:
//
//	go run ./site/worker build [-site DIR]             build for wrangler (see above)
//	go run ./site/worker stage SRC DST                  stage a built site for wrangler's [assets]
//	go run ./site/worker serve [-dir DIR] [-addr ADDR]  the same handler with an in-memory KV
package main
