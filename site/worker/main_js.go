//go:build js && wasm

package main

import (
	"context"
	"net/http"
	"strconv"

	"github.com/syumai/workers"
	"github.com/syumai/workers/cloudflare"
	"github.com/syumai/workers/cloudflare/fetch"
	"github.com/syumai/workers/cloudflare/kv"

	"kubeplay/site/worker/handler"
)

// The Worker: one Go instance per request (syumai/workers' worker.mjs), so bindings are looked up here.
func main() {
	workers.Serve(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var store handler.KV
		if ns, err := kv.NewNamespace("SHARES"); err != nil {
			store = brokenKV{err}
		} else {
			store = handler.StringKV{
				GetString: func(key string) (string, error) { return ns.GetString(key, nil) },
				PutString: func(key, value string, ttl int) error {
					var opts *kv.PutOptions
					if ttl > 0 {
						opts = &kv.PutOptions{ExpirationTTL: ttl}
					}
					return ns.PutString(key, value, opts)
				},
			}
		}
		writes, _ := strconv.Atoi(cloudflare.Getenv("SHARE_WRITES_PER_MINUTE"))
		handler.New(handler.Config{
			KV:              store,
			Assets:          assets{fetch.NewClient(fetch.WithBinding(cloudflare.GetBinding("ASSETS")))},
			WritesPerWindow: writes,
		}).ServeHTTP(w, r)
	}))
}

// brokenKV answers when the SHARES binding is missing: every call fails, so the API says 503.
type brokenKV struct{ err error }

func (k brokenKV) Get(context.Context, string) (string, bool, error) { return "", false, k.err }
func (k brokenKV) Put(context.Context, string, string, int) error    { return k.err }

// assets fetches files through the ASSETS binding (Workers Static Assets).
type assets struct{ c *fetch.Client }

func (a assets) Fetch(ctx context.Context, path string, h http.Header) (*http.Response, error) {
	req, err := fetch.NewRequest(ctx, http.MethodGet, "https://assets.invalid"+path, nil)
	if err != nil {
		return nil, err
	}
	for _, k := range []string{"If-None-Match", "If-Modified-Since"} {
		if v := h.Get(k); v != "" {
			req.Header.Set(k, v)
		}
	}
	return a.c.Do(req, nil)
}
