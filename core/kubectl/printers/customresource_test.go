package printers_test

import (
	"bytes"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/kubectl/printers"
)

func TestCustomResourcesPrintTheirCRDsColumns(t *testing.T) {
	now := time.Date(2026, 1, 5, 9, 2, 0, 0, time.UTC)
	obj := func(name, content string) api.Object {
		o, err := api.DecodeCustom([]byte(`{"apiVersion":"example.com/v1","kind":"Gadget","metadata":{"name":"` + name +
			`","creationTimestamp":"2026-01-05T09:01:00Z"}` + content + `}`))
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	objs := []api.Object{
		obj("full", `,"spec":{"size":2.5,"ratio":0.25,"on":true,"tags":["a","b"],"since":"2026-01-05T08:00:00Z"},"status":{"conditions":[{"type":"Ready","status":"True"}]}`),
		obj("empty", `,"spec":{"since":"yesterday"}`),
	}
	info := &api.ResourceInfo{Group: "example.com", Version: "v1", Resource: "gadgets", Kind: "Gadget", Namespaced: true,
		Custom: &api.CustomResourceDefinitionVersion{Name: "v1", AdditionalPrinterColumns: []api.CustomResourceColumnDefinition{
			{Name: "Size", Type: "integer", JSONPath: ".spec.size"},
			{Name: "Ratio", Type: "number", JSONPath: ".spec.ratio"},
			{Name: "On", Type: "boolean", JSONPath: ".spec.on"},
			{Name: "Tags", Type: "string", JSONPath: ".spec.tags", Priority: 1},
			{Name: "Ready", Type: "string", JSONPath: `.status.conditions[?(@.type=="Ready")].status`},
			{Name: "Since", Type: "date", JSONPath: ".spec.since"},
		}}}
	var out bytes.Buffer
	if err := printers.PrintTable(&out, info, objs, printers.Options{Now: now, Wide: true}); err != nil {
		t.Fatal(err)
	}
	want := "NAME    SIZE   RATIO   ON     TAGS        READY   SINCE\n" +
		"full    2      0.25    true   [\"a\",\"b\"]   True    62m\n" +
		"empty                                             <invalid>\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	info.Custom.AdditionalPrinterColumns = nil
	out.Reset()
	_ = printers.PrintTable(&out, info, objs[:1], printers.Options{Now: now})
	if want := "NAME   AGE\nfull   60s\n"; out.String() != want {
		t.Errorf("without columns: got\n%s\nwant\n%s", out.String(), want)
	}
}
