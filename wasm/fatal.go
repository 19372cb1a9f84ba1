//go:build js && wasm

package main

import "honnef.co/go/js/dom/v2"

// reportInPage shows a fatal message in the loader (or at the top of the
// body), so the page is never left blank.
func reportInPage(msg string) {
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
