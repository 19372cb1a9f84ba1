package scenario

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestMarkdownRendersTheNarrationSubsetToASafeTree(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []Node
	}{
		{
			name: "plain text becomes one paragraph",
			src:  "hello world",
			want: []Node{{Type: NodePara, Children: []Node{{Type: NodeText, Text: "hello world"}}}},
		},
		{
			name: "emphasis and code are inline nodes",
			src:  "run `kubectl get pods` *now*",
			want: []Node{{Type: NodePara, Children: []Node{
				{Type: NodeText, Text: "run "}, {Type: NodeCode, Text: "kubectl get pods"},
				{Type: NodeText, Text: " "}, {Type: NodeEm, Text: "now"},
			}}},
		},
		{
			name: "double asterisks are emphasis too",
			src:  "**desired state**",
			want: []Node{{Type: NodePara, Children: []Node{{Type: NodeEm, Text: "desired state"}}}},
		},
		{
			name: "an https link keeps its target",
			src:  "[Controllers](https://kubernetes.io/docs/concepts/architecture/controller/)",
			want: []Node{{Type: NodePara, Children: []Node{{Type: NodeLink, Text: "Controllers", Href: "https://kubernetes.io/docs/concepts/architecture/controller/"}}}},
		},
		{
			name: "a javascript link loses its target and keeps its text",
			src:  "[click](javascript:alert(1))",
			want: []Node{{Type: NodePara, Children: []Node{{Type: NodeText, Text: "click)"}}}},
		},
		{
			name: "html stays text",
			src:  "<script>alert(1)</script>",
			want: []Node{{Type: NodePara, Children: []Node{{Type: NodeText, Text: "<script>alert(1)</script>"}}}},
		},
		{
			name: "blank lines separate paragraphs and latin lines join with a space",
			src:  "one\ntwo\n\nthree",
			want: []Node{
				{Type: NodePara, Children: []Node{{Type: NodeText, Text: "one two"}}},
				{Type: NodePara, Children: []Node{{Type: NodeText, Text: "three"}}},
			},
		},
		{
			name: "japanese lines join without a space",
			src:  "望ましい状態を\n保存するだけだ。",
			want: []Node{{Type: NodePara, Children: []Node{{Type: NodeText, Text: "望ましい状態を保存するだけだ。"}}}},
		},
		{
			name: "a latin word after japanese is set off by a space",
			src:  "続けて\n*Pulling* が流れる",
			want: []Node{{Type: NodePara, Children: []Node{{Type: NodeText, Text: "続けて "}, {Type: NodeEm, Text: "Pulling"}, {Type: NodeText, Text: " が流れる"}}}},
		},
		{
			name: "dash items form a list after a paragraph",
			src:  "steps:\n- `Scheduled`\n- Pulling\n  and more",
			want: []Node{
				{Type: NodePara, Children: []Node{{Type: NodeText, Text: "steps:"}}},
				{Type: NodeList, Children: []Node{
					{Type: NodeItem, Children: []Node{{Type: NodeCode, Text: "Scheduled"}}},
					{Type: NodeItem, Children: []Node{{Type: NodeText, Text: "Pulling and more"}}},
				}},
			},
		},
		{
			name: "numbered items form an ordered list",
			src:  "1. first\n2. second",
			want: []Node{{Type: NodeList, Ordered: true, Children: []Node{
				{Type: NodeItem, Children: []Node{{Type: NodeText, Text: "first"}}},
				{Type: NodeItem, Children: []Node{{Type: NodeText, Text: "second"}}},
			}}},
		},
		{
			name: "a lone asterisk and an unclosed backtick stay text",
			src:  "2 * 3 and `open",
			want: []Node{{Type: NodePara, Children: []Node{{Type: NodeText, Text: "2 * 3 and `open"}}}},
		},
		{
			name: "a backslash escapes an asterisk",
			src:  `\*not em\*`,
			want: []Node{{Type: NodePara, Children: []Node{{Type: NodeText, Text: "*not em*"}}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Markdown(tt.src)
			if !reflect.DeepEqual(got, tt.want) {
				g, _ := json.Marshal(got)
				w, _ := json.Marshal(tt.want)
				t.Errorf("Markdown(%q):\n got %s\nwant %s", tt.src, g, w)
			}
		})
	}
}

func TestMarkdownNeverEmitsANonHTTPLink(t *testing.T) {
	for _, src := range []string{
		"[a](javascript:alert(1))", "[a](data:text/html,x)", "[a](//evil.example)", "[a](HTTPS://ok.example/x\"onload)",
		"[a](vbscript:x)", "[a](file:///etc/passwd)",
	} {
		var walk func(ns []Node)
		walk = func(ns []Node) {
			for _, n := range ns {
				if n.Type == NodeLink {
					t.Errorf("Markdown(%q) made a link to %q", src, n.Href)
				}
				walk(n.Children)
			}
		}
		walk(Markdown(src))
		if len(unsafeLinks(src)) != 1 {
			t.Errorf("unsafeLinks(%q) = %q, want the one refused target", src, unsafeLinks(src))
		}
	}
}

func TestPlainTextRendersNarrationForATerminal(t *testing.T) {
	got := PlainText(Markdown("Run `kubectl get pods`, see [docs](https://kubernetes.io/).\n\n1. *one*\n2. two"))
	want := "Run `kubectl get pods`, see docs (https://kubernetes.io/).\n\n1. one\n2. two\n"
	if got != want {
		t.Errorf("PlainText = %q, want %q", got, want)
	}
}
