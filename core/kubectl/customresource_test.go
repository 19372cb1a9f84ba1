package kubectl

import (
	"bytes"
	"strings"
	"testing"
)

const gadgetCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: gadgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: gadgets, singular: gadget, kind: Gadget, shortNames: [gd]}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              size: {type: integer}
              tags: {type: array, items: {type: string}}
`

const gadget = `apiVersion: example.com/v1
kind: Gadget
metadata:
  name: g1
spec:
  size: 1
  tags: [a, b]
`

func TestCustomResourcesGoThroughDiscovery(t *testing.T) {
	c := newCluster(t)
	c.files["crd.yaml"], c.files["g.yaml"] = gadgetCRD, gadget
	if _, errOut, _ := c.run("apply -f g.yaml"); !strings.Contains(errOut, `no matches for kind "Gadget" in version "example.com/v1"`) {
		t.Errorf("before the CRD: %s", errOut)
	}
	c.must("apply -f crd.yaml")
	if got := c.must("apply -f g.yaml"); got != "gadget.example.com/g1 created\n" {
		t.Errorf("apply: %q", got)
	}
	// A list replaced in the file is replaced on the server (a JSON merge patch: no merge keys).
	c.files["g.yaml"] = strings.Replace(gadget, "[a, b]", "[c]", 1)
	if got := c.must("apply -f g.yaml"); got != "gadget.example.com/g1 configured\n" {
		t.Errorf("apply again: %q", got)
	}
	if got := c.must("get gd g1 -o jsonpath={.spec.tags}"); got != `["c"]` {
		t.Errorf("tags: %s", got)
	}
	// Printer columns come from the server as it is now (a table request), not from the cached discovery.
	if got := c.must("get gadgets"); got != "NAME   AGE\ng1     0s\n" {
		t.Errorf("get: %q", got)
	}
	c.files["crd.yaml"] = gadgetCRD + "    additionalPrinterColumns:\n    - {name: Size, type: integer, jsonPath: .spec.size}\n"
	c.must("apply -f crd.yaml")
	if got := c.must("get gadgets"); got != "NAME   SIZE\ng1     1\n" {
		t.Errorf("get with the new columns: %q", got)
	}
	c.must("delete crd gadgets.example.com")
	// kubectl's discovery cache still maps gadgets: the server answers 404.
	_, errOut, _ := c.run("get gadgets")
	if want := `Error from server (NotFound): Unable to list "example.com/v1, Resource=gadgets": the server could not find the requested resource (get gadgets.example.com)`; strings.TrimSpace(errOut) != want {
		t.Errorf("after the CRD is gone:\n%s\nwant\n%s", errOut, want)
	}
	_, errOut, _ = c.run("get gadget g1")
	if want := `Error from server (NotFound): the server could not find the requested resource (get gadgets.example.com g1)`; strings.TrimSpace(errOut) != want {
		t.Errorf("get by name:\n%s\nwant\n%s", errOut, want)
	}
	c.must("api-resources")
	if _, errOut, _ := c.run("get gadgets"); strings.TrimSpace(errOut) != `error: the server doesn't have a resource type "gadgets"` {
		t.Errorf("after api-resources refreshed discovery: %s", errOut)
	}
}

func TestGetAllListsCustomResourcesInTheAllCategory(t *testing.T) {
	c := newCluster(t)
	c.files["crd.yaml"] = strings.Replace(gadgetCRD, "shortNames: [gd]}", "shortNames: [gd], categories: [all]}", 1)
	c.files["g.yaml"] = gadget
	c.must("apply -f crd.yaml")
	c.must("apply -f g.yaml")
	if got := c.must("get all"); !strings.Contains(got, "NAME                    AGE\ngadget.example.com/g1   0s\n") {
		t.Errorf("get all:\n%s", got)
	}
}

func TestEditingACustomResourceSendsAJSONMergePatch(t *testing.T) {
	c := newCluster(t)
	c.files["crd.yaml"], c.files["g.yaml"] = gadgetCRD, gadget
	c.must("apply -f crd.yaml")
	c.must("apply -f g.yaml")
	var opened Edit
	c.k.SetEditor(func(e Edit) { opened = e })
	c.must("edit gadget g1")
	if opened.Resource != "gadgets.example.com" || opened.Ref != "gadget.example.com/g1" {
		t.Fatalf("opened %+v", opened)
	}
	if err := c.k.EditResume(opened); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	edited := strings.Replace(strings.Replace(opened.Text, "size: 1", "size: 2", 1), "  - b\n", "", 1)
	if code, _ := c.k.EditSave(edited, &out, &errOut); code != 0 || out.String() != "gadget.example.com/g1 edited\n" {
		t.Fatalf("save: %d %q %q", code, out.String(), errOut.String())
	}
	if got := c.must("get gd g1 -o jsonpath={.spec}"); got != `{"size":2,"tags":["a"]}` {
		t.Errorf("after the edit: %s", got)
	}
}
