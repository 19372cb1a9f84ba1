package labels

import (
	"testing"

	"kubeplay/core/api"
)

func TestParseMatchesLikeKubectlSelectors(t *testing.T) {
	tests := []struct {
		name, sel, str string
		labels         Set
		want           bool
	}{
		{"equality matches", "app=web", "app=web", Set{"app": "web"}, true},
		{"double equals matches", "app==web", "app==web", Set{"app": "web"}, true},
		{"inequality matches a missing label", "app!=web", "app!=web", Set{}, true},
		{"inequality rejects the value", "app!=web", "app!=web", Set{"app": "web"}, false},
		{"set membership", "tier in (backend, frontend)", "tier in (backend,frontend)", Set{"tier": "frontend"}, true},
		{"set exclusion", "tier notin (backend)", "tier notin (backend)", Set{"tier": "frontend"}, true},
		{"existence", "canary", "canary", Set{"canary": ""}, true},
		{"non-existence", "!canary", "!canary", Set{"canary": "x"}, false},
		{"terms are ANDed and sorted by key", "z=1,a=2", "a=2,z=1", Set{"a": "2", "z": "1"}, true},
		{"greater than", "gen>3", "gen>3", Set{"gen": "4"}, true},
		{"in and notin may be values", "a=in", "a=in", Set{"a": "in"}, true},
		{"empty selects everything", "", "", Set{"x": "y"}, true},
		{"prefixed keys", "app.kubernetes.io/name=web", "app.kubernetes.io/name=web", Set{"app.kubernetes.io/name": "web"}, true},
		{"empty value", "a=", "a=", Set{"a": ""}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse(tt.sel)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.sel, err)
			}
			if got := s.String(); got != tt.str {
				t.Errorf("String() = %q, want %q", got, tt.str)
			}
			if got := s.Matches(tt.labels); got != tt.want {
				t.Errorf("Matches(%v) = %v, want %v", tt.labels, got, tt.want)
			}
		})
	}
}

// Error texts are apimachinery v0.35.0's.
func TestParseRejectsBadSelectorsWithApimachineryTexts(t *testing.T) {
	tests := []struct{ name, sel, want string }{
		{"unclosed set", "tier in (a", "unable to parse requirement: found '', expected: ',' or ')'"},
		{"missing parenthesis", "tier in a", "unable to parse requirement: found 'a' expected: '('"},
		{"trailing comma", "a=b,", "found '', expected: identifier after ','"},
		{"bad operator", "a b", "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt"},
		{"leading operator", "=a", "found '=', expected: !, identifier, or 'end of string'"},
		{"bad value", "a=b c", "found 'c', expected: ',' or 'end of string'"},
		{"invalid key", "a/b/c=1", `unable to parse requirement: <nil>: Invalid value: "a/b/c": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`},
		{"invalid value", "a=-x", `unable to parse requirement: values[0][a]: Invalid value: "-x": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`},
		{"non-integer greater than", "a>b", `unable to parse requirement: values[0]: Invalid value: "b": for 'Gt', 'Lt' operators, the value must be an integer`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.sel)
			if err == nil || err.Error() != tt.want {
				t.Errorf("Parse(%q) error = %v\nwant %s", tt.sel, err, tt.want)
			}
		})
	}
}

func TestSelectorFromLabelSelector(t *testing.T) {
	tests := []struct {
		name   string
		ls     *api.LabelSelector
		labels Set
		want   bool
		str    string
	}{
		{"nil matches nothing", nil, Set{"a": "b"}, false, ""},
		{"empty matches everything", &api.LabelSelector{}, Set{"a": "b"}, true, ""},
		{"matchLabels and expressions combine", &api.LabelSelector{MatchLabels: map[string]string{"app": "web"},
			MatchExpressions: []api.LabelSelectorRequirement{{Key: "tier", Operator: "In", Values: []string{"b", "a"}}}},
			Set{"app": "web", "tier": "a"}, true, "app=web,tier in (a,b)"},
		{"DoesNotExist", &api.LabelSelector{MatchExpressions: []api.LabelSelectorRequirement{{Key: "x", Operator: "DoesNotExist"}}},
			Set{"x": "1"}, false, "!x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := SelectorFromLabelSelector(tt.ls)
			if err != nil {
				t.Fatal(err)
			}
			if s.Matches(tt.labels) != tt.want || s.String() != tt.str {
				t.Errorf("Matches = %v, String = %q; want %v, %q", s.Matches(tt.labels), s.String(), tt.want, tt.str)
			}
		})
	}
	_, err := SelectorFromLabelSelector(&api.LabelSelector{MatchExpressions: []api.LabelSelectorRequirement{{Key: "x", Operator: "Foo"}}})
	if err == nil || err.Error() != `"Foo" is not a valid label selector operator` {
		t.Errorf("err = %v", err)
	}
}

func TestSetPrintsSorted(t *testing.T) {
	if got := (Set{"b": "2", "a": "1"}).String(); got != "a=1,b=2" {
		t.Errorf("got %q", got)
	}
	if !SelectorFromSet(Set{"a": "1"}).Matches(Set{"a": "1", "b": "2"}) {
		t.Error("a set selector should match a superset")
	}
}

func TestFieldSelectors(t *testing.T) {
	pod := map[string]string{"metadata.name": "web", "spec.nodeName": "n1", "status.phase": "Running"}
	get := func(f string) (string, bool) { v, ok := pod[f]; return v, ok }
	tests := []struct {
		name, sel string
		want      bool
		err       string
	}{
		{"equality", "status.phase=Running", true, ""},
		{"double equality", "spec.nodeName==n1", true, ""},
		{"inequality", "spec.nodeName!=n1", false, ""},
		{"conjunction", "status.phase=Running,metadata.name=web", true, ""},
		{"empty value", "spec.nodeName=", false, ""},
		{"no operator", "status.phase", false, "invalid selector: 'status.phase'; can't understand 'status.phase'"},
		{"escaped comma", `metadata.name=a\,b`, false, ""},
		{"bad escape", `metadata.name=a\x`, false, `invalid field selector: invalid escape sequence: \x`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseFieldSelector(tt.sel)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Matches(get); got != tt.want {
				t.Errorf("Matches = %v, want %v", got, tt.want)
			}
		})
	}
}
