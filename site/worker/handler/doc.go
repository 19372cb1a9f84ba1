// Package handler is kubeplay's own small web service, the heart of the Cloudflare Worker in site/worker:
// it serves the playground's pages with their security headers and keeps short share links in Workers KV.
//
//	POST /api/share        store a v1: share payload (≤ 64 KiB) → 201 {"id","url"}; the id is content-addressed
//	GET  /api/share/{id}   the payload, byte for byte
//	GET  /s/{id}           the playground page, which loads that payload (site/src/shortlink.js)
//	GET  /…                the built site (on Cloudflare most files never reach the worker: see Stage)
//
// It is a plain http.Handler over two narrow seams, KV and Assets, so it runs and is tested natively with
// MemKV and DirAssets; site/worker's js&&wasm main binds them to the Workers runtime (KV namespace SHARES,
// the ASSETS binding). A Go Worker starts a fresh Go instance for every request, so nothing is kept in
// memory between requests: the per-client rate limit lives in KV as well.
package handler
