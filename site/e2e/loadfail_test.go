package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestALoadFailureShowsAClearMessage breaks the load two ways before the page's own scripts run and
// expects the loader to say what went wrong, in the page's language, with a reload button: never a
// blank page.
func TestALoadFailureShowsAClearMessage(t *testing.T) {
	for _, tc := range []struct {
		name, inject, want string
	}{
		{
			name:   "a browser without WebAssembly",
			inject: `delete globalThis.WebAssembly;`,
			want:   "This browser does not support WebAssembly",
		},
		{
			// The page's own download of the wasm fails (boot.js then leaves it to the worker), and the core's
			// worker is sent to a wasm that is not there: as when the network drops it.
			name: "kubeplay.wasm cannot be downloaded",
			inject: `(() => {
				const get = globalThis.fetch;
				globalThis.fetch = function (u, ...rest) {
					if (String(u instanceof Request ? u.url : u).endsWith('/kubeplay.wasm')) return Promise.reject(new TypeError('Failed to fetch'));
					return get.call(this, u, ...rest);
				};
				const post = Worker.prototype.postMessage;
				Worker.prototype.postMessage = function (m, ...rest) {
					if (m && m.type === 'load') m = { ...m, wasm: new URL('/no-such-kubeplay.wasm', location.href).href };
					return post.call(this, m, ...rest);
				};
			})();`,
			want: "kubeplay could not be downloaded (network error)",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newTab(t, 1000, 700)
			src := `try { localStorage.setItem('kubeplay.lang', 'en'); } catch (_) {}` + tc.inject
			if _, err := chromedp.Call(p.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: src}); err != nil {
				t.Fatal(err)
			}
			p.navigate("/")
			p.poll(`!document.getElementById('loader-error').hidden && document.getElementById('loader-error').textContent !== ''`, 30*time.Second)
			msg := eval[string](p, `document.getElementById('loader-error').textContent`)
			if !strings.Contains(msg, tc.want) {
				t.Errorf("the loader says %q; want it to say %q", msg, tc.want)
			}
			if !eval[bool](p, `!!document.querySelector('#loader-error button') && getComputedStyle(document.getElementById('loader')).display !== 'none' && document.getElementById('loader').getBoundingClientRect().height > 0`) {
				t.Errorf("the failure is not shown in a visible loader with a reload button")
			}
			if eval[string](p, `document.body.dataset.ready || ''`) == "1" {
				t.Errorf("the page says it is ready after a failed load")
			}
			p.screenshot("loadfail-" + strings.ReplaceAll(tc.name, " ", "-"))
		})
	}
}
