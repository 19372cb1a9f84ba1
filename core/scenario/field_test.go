package scenario

import (
	"strings"
	"testing"
)

func TestJSONPathComparesValuesAndQuantities(t *testing.T) {
	s := func(v string) *string { return &v }
	cases := []struct {
		c    JSONPathExpect
		v    string
		want bool
	}{
		{JSONPathExpect{AtMost: "1"}, "500m", true},
		{JSONPathExpect{AtMost: "1"}, "1", true},
		{JSONPathExpect{AtMost: "1"}, "1001m", false},
		{JSONPathExpect{AtMost: "1"}, "6", false},
		{JSONPathExpect{AtLeast: "512Mi"}, "1Gi", true},
		{JSONPathExpect{AtLeast: "512Mi"}, "500M", false},
		{JSONPathExpect{AtLeast: "2", AtMost: "3"}, "3", true},
		{JSONPathExpect{AtMost: "1"}, "web", false},
		{JSONPathExpect{AtMost: "1"}, "", false},
		{JSONPathExpect{Equals: s("500m")}, "500m", true},
		{JSONPathExpect{Equals: s("500m")}, "0.5", false},
		{JSONPathExpect{Equals: s("")}, "", true},
		{JSONPathExpect{Matches: `^nginx:1\.2[0-9]$`}, "nginx:1.27", true},
		{JSONPathExpect{Matches: `^nginx:1\.2[0-9]$`}, "ngnix:1.27", false},
	}
	for _, c := range cases {
		if got := (*jsonPathCheck)(&c.c).compare(c.v); got != c.want {
			t.Errorf("%s on %q = %v, want %v", (*jsonPathCheck)(&c.c).comparison(false), c.v, got, c.want)
		}
	}
}

func TestJSONPathExpectationsAreValidated(t *testing.T) {
	base, err := readTestdata("pending-reasons.yaml")
	if err != nil {
		t.Fatal(err)
	}
	anchor := "  - podStatus: {pod: web-*, status: Running, count: 2, within: 3m}\n"
	for _, c := range []struct{ expect, want string }{
		{`{object: deployment/web, path: "{.spec.replicas}"}`, "jsonpath needs a comparison: equals, matches, <= or >="},
		{`{object: web, path: "{.spec.replicas}", equals: "2"}`, `object "web" must be kind/name`},
		{`{object: gizmo/web, path: "{.spec.replicas}", equals: "2"}`, `the server doesn't have a resource type "gizmo"`},
		{`{object: deployment/web, path: "{.spec.replicas}", "<=": lots}`, `<= "lots" is not a number or a quantity`},
		{`{object: deployment/web, path: "{.spec.replicas}", matches: "a("}`, `matches "a(": error parsing regexp`},
		{`{object: deployment/web, path: "{.spec.replicas}", equals: "2", bogus: 1}`, `unknown field "bogus" in jsonpath`},
	} {
		src := strings.Replace(base, anchor, anchor+"  - jsonpath: "+c.expect+"\n", 1)
		_, err := Parse("lesson.yaml", []byte(src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.expect, err, c.want)
		}
	}
}

// A jsonpath expectation reads the learner's cluster: the CPU request they set, on the Deployment and on
// every Pod, as kubeplay check (Play) and the page (Attempt) evaluate it.
func TestJSONPathChecksTheFieldTheLearnerSet(t *testing.T) {
	base, err := readTestdata("pending-reasons.yaml")
	if err != nil {
		t.Fatal(err)
	}
	anchor := "  - podStatus: {pod: web-*, status: Running, count: 2, within: 3m}\n"
	src := strings.Replace(base, anchor, anchor+
		"  - jsonpath: {object: deployment/web, path: \"{.spec.template.spec.containers[0].resources.requests.cpu}\", \"<=\": \"1\"}\n"+
		"  - jsonpath: {object: pod/web-*, path: \"{.spec.containers[*].resources.requests.cpu}\", matches: \"^[0-9]+m$\", \">=\": 100m, within: 2m}\n", 1)
	sc, err := Parse("lesson.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	// kubeplay check plays the solution (500m): both hold.
	if res := Play(sc, Options{}); !res.Passed() {
		t.Fatalf("check: %+v", res.Failures())
	}
	// The learner's wrong fix (cpu 2) fails the field check, saying the value.
	p := NewPlayer(sc, Options{})
	defer p.Close()
	p.Step()
	p.Step()
	p.Shell().Exec("kubectl set resources deployment web --requests=cpu=2")
	ch, _ := p.Attempt()
	if ch.State != StateFailed {
		t.Fatalf("cpu 2: %+v", ch)
	}
	r := ch.Expectations[1]
	if r.Passed || r.Message() != `✗ expected deployment/web {.spec.template.spec.containers[0].resources.requests.cpu} <= 1; got: deployment/web: 2` {
		t.Errorf("the field check: %s", r.Message())
	}
	if fb := r.Feedback(sc.Steps[2].Expect[1].Sentence("ja"), "ja"); fb != "まだです: 「deployment/web の {.spec.template.spec.containers[0].resources.requests.cpu} が 1 以下」はずが、いまは deployment/web: 2" {
		t.Errorf("feedback: %s", fb)
	}
	p.Shell().Exec("kubectl set resources deployment web --requests=cpu=250m")
	if ch, _ = p.Attempt(); ch.State != StatePassed {
		t.Fatalf("cpu 250m: %+v", ch)
	}
}
