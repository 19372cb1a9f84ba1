//go:build js && wasm

package main

import (
	"syscall/js"

	"honnef.co/go/js/dom/v2"
)

// reportInPage shows a fatal message in the loader (or at the top of the
// body), so the page is never left blank. In the core's Web Worker (where
// kubeplay normally runs) there is no document: the message is posted to the
// page as {type: "fatal", detail}, and the page's loader shows it.
func reportInPage(msg string) {
	g := js.Global()
	if g.Get("document").IsUndefined() {
		if post := g.Get("postMessage"); post.Type() == js.TypeFunction {
			m := g.Get("Object").New()
			m.Set("type", "fatal")
			m.Set("detail", msg)
			post.Invoke(m)
		}
		return
	}
	doc := dom.GetWindow().Document()
	el := doc.GetElementByID("loader-error")
	if el == nil {
		el = doc.GetElementByID("loader")
	}
	if el == nil {
		el = doc.CreateElement("pre")
		el.SetAttribute("role", "alert")
		if body := doc.QuerySelector("body"); body != nil {
			body.InsertBefore(el, body.FirstChild())
		}
	}
	if el == nil {
		return
	}
	el.SetAttribute("data-error", "1")
	el.SetTextContent(msg)
	if h, ok := el.(dom.HTMLElement); ok {
		h.Style().SetProperty("display", "block", "")
	}
}
