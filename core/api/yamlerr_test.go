package api

import (
	"testing"

	"gopkg.in/yaml.v3"
)

// Each want is what go-yaml v2 (kubectl's YAML to JSON) answers for in.
func TestYAMLErrorsNameTheLineKubectlNames(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"a tab under a plain scalar", "a:\n  b: c\n\td: e\n", "yaml: line 3: found a tab character that violates indentation"},
		{"a tab after spaces", "a:\n  b: c\n  \td: e\n", "yaml: line 3: found a tab character that violates indentation"},
		{"blank lines before the tab", "a:\n  b: c\n\n\n\td: e\n", "yaml: line 5: found a tab character that violates indentation"},
		{"a scalar over several lines", "a:\n  b: c\n    d\n    e\n\tf: g\n", "yaml: line 5: found a tab character that violates indentation"},
		{"a line of blanks with a tab", "a:\n  b: c d\n  \t\n", "yaml: line 3: found a tab character that violates indentation"},
		{"CRLF line ends", "a:\n  b: c\r\n\td: e\r\n", "yaml: line 3: found a tab character that violates indentation"},
		{"a tab in a folded block scalar", "a:\n  b: >\n    text\n\tmore\n", "yaml: line 4: found a tab character where an indentation space is expected"},
		{"a tab in a literal block scalar", "a:\n  b: |\n    text\n\n  \tmore\n", "yaml: line 5: found a tab character where an indentation space is expected"},
		{"a key without colon is noticed at the next line", "a: b\nc\nd: e\n", "yaml: line 3: could not find expected ':'"},
		{"a comment is a line", "a:\n  b: c\n  d\n\n# hi\n  e: f\n", "yaml: line 5: could not find expected ':'"},
		{"at the end of the text", "a:\n  b: c\n  d\n\n\n", "yaml: line 6: could not find expected ':'"},
		{"at the end of a text without a final line break", "a:\n  b: c\n  d", "yaml: line 4: could not find expected ':'"},
		{"in a sequence", "a:\n  - b\n  - c\n  d\n  e: f\n", "yaml: line 5: could not find expected ':'"},
		{"errors of one place are kept", "key: value\n  other: x\n", "yaml: line 2: mapping values are not allowed in this context"},
		{"a tab that cannot start a token is kept", "a:\n  b:\n\t- c\n", "yaml: line 3: found character that cannot start any token"},
		{"an unclosed quote is kept", "a: 'abc\nb: c\n", "yaml: line 3: found unexpected end of stream"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var n yaml.Node
			err := KubectlYAMLError(yaml.Unmarshal([]byte(tc.in), &n), []byte(tc.in))
			if err == nil || err.Error() != tc.want {
				t.Errorf("= %v, want %s", err, tc.want)
			}
		})
	}
}
