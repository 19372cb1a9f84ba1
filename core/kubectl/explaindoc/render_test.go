package explaindoc

import (
	"strings"
	"testing"
)

func TestWrapBreaksAtSpacesLikeKubectlsWordWrapWriter(t *testing.T) {
	for _, c := range []struct {
		name, in, want string
		width          int
	}{
		{"fits", "one two", "one two", 10},
		{"breaks before the word that overflows, dropping the space", "one two three", "one two\nthree", 8},
		{"a longer word is never broken; what follows it starts a line", "ab https://kubernetes.io/docs x", "ab\nhttps://kubernetes.io/docs\nx", 10},
		{"the text's own newlines stay and restart the column", "aaaa\nbbbb cccc", "aaaa\nbbbb cccc", 9},
		{"spaces before a newline that would overflow are dropped", "aaaaaaaa   \nb", "aaaaaaaa\nb", 9},
		{"trailing spaces that fit stay", "ab  ", "ab  ", 9},
		{"trailing spaces that overflow are dropped", "abcdefgh   ", "abcdefgh", 9},
		{"a tab counts as one space", "a\tb c", "a\tb\nc", 3},
	} {
		if got := wrap(c.width, c.in); got != c.want {
			t.Errorf("%s: wrap(%d, %q) = %q, want %q", c.name, c.width, c.in, got, c.want)
		}
	}
}

func TestExplainFollowsThePathThroughArraysMapsAndReferences(t *testing.T) {
	d, err := Get()
	if err != nil {
		t.Fatal(err)
	}
	out, err := d.Explain("", "v1", "Pod", []string{"spec", "containers", "ports", "containerPort"}, false)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "FIELD: containerPort <integer>\n\n\nDESCRIPTION:\n    Number of port to expose on the pod's IP address.") {
		t.Errorf("pod.spec.containers.ports.containerPort:\n%s", out)
	}
	out, _ = d.Explain("", "v1", "Pod", []string{"spec", "containers", "resources", "limits"}, false)
	if !strings.Contains(out, "FIELD: limits <map[string]Quantity>") {
		t.Errorf("limits are a map of Quantity:\n%s", out)
	}
	if _, err := d.Explain("", "v1", "Pod", []string{"spec", "nope", "deeper"}, false); err == nil || err.Error() != `field "deeper" does not exist` {
		t.Errorf("an unknown field names the path's last element as kubectl does, got %v", err)
	}
	out, _ = d.Explain("coordination.k8s.io", "v1", "Lease", nil, true)
	if !strings.Contains(out, "FIELDS:\n  apiVersion\t<string>\n  kind\t<string>\n  metadata\t<ObjectMeta>\n    annotations\t<map[string]string>\n") ||
		strings.Contains(out, "Standard object's metadata") {
		t.Errorf("--recursive lists the field tree without descriptions:\n%s", out)
	}
}

func TestEveryServedKindHasItsSchema(t *testing.T) {
	d, err := Get()
	if err != nil {
		t.Fatal(err)
	}
	for gvk, name := range d.Kinds {
		if d.Schemas[name] == nil || d.Schemas[name].Description == "" {
			t.Errorf("%s: schema %s missing or without a description", gvk, name)
		}
	}
	if len(d.Kinds) < 40 {
		t.Errorf("only %d kinds", len(d.Kinds))
	}
}

func TestEnumsShowInTheFieldLineAndTheFieldList(t *testing.T) {
	d := &Doc{Kinds: map[string]string{"v1/Thing": "Thing"}, Schemas: map[string]*Schema{"Thing": {
		Description: "A thing.",
		Properties: map[string]*Schema{
			"mode":  {Type: "string", Description: "How.", Enum: []any{"", "A", "B", "C", "D"}},
			"other": {Type: "object"},
		},
		Required: []string{"mode"},
	}}}
	out, err := d.Explain("", "v1", "Thing", nil, false)
	if err != nil {
		t.Fatal(err)
	}
	want := "KIND:       Thing\nVERSION:    v1\n\nDESCRIPTION:\n    A thing.\n    \nFIELDS:\n" +
		"  mode\t<string> -required-\n  enum: \"\", A, B, C, ....\n    How.\n\n" +
		"  other\t<Object>\n    <no description>\n\n\n"
	if out != want {
		t.Errorf("got\n%q\nwant\n%q", out, want)
	}
	out, _ = d.Explain("", "v1", "Thing", []string{"mode"}, false)
	if !strings.Contains(out, "FIELD: mode <string>\nENUM:\n    \"\"\n    A\n    B\n    C\n    D\n\nDESCRIPTION:\n    How.\n") {
		t.Errorf("the FIELD line lists every value:\n%q", out)
	}
}
