package scenario

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Node is one node of rendered narration: a safe tree the browser builds
// DOM from with text nodes only — never an HTML string.
//
// Block nodes: "para" (inline children), "list" (Ordered; "item" children),
// "item" (inline children). Inline nodes: "text", "em", "code" (Text) and
// "link" (Text, Href; Href is always http:// or https://).
type Node struct {
	Type     string `json:"type"`
	Text     string `json:"text,omitempty"`
	Href     string `json:"href,omitempty"`
	Ordered  bool   `json:"ordered,omitempty"`
	Children []Node `json:"children,omitempty"`
}

// Node types.
const (
	NodePara = "para"
	NodeList = "list"
	NodeItem = "item"
	NodeText = "text"
	NodeEm   = "em"
	NodeCode = "code"
	NodeLink = "link"
)

var listItemRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\s*([-*+]|\d{1,9}[.)])\s+(.*)$`) })

// Markdown renders the narration subset: paragraphs separated by blank
// lines, "- " / "* " / "1. " list items, *emphasis* (or **…**), `code`
// and [text](http(s)://…) links. Anything else is text; a link to any other
// scheme keeps its text and loses its target. Lines of one paragraph join
// with a space, or with nothing between two Japanese characters.
func Markdown(src string) []Node {
	blocks, _ := parseBlocks(src)
	return blocks
}

// unsafeLinks lists the link targets Markdown refused.
func unsafeLinks(src string) []string {
	_, bad := parseBlocks(src)
	return bad
}

func parseBlocks(src string) ([]Node, []string) {
	var out []Node
	var bad []string
	var para []string
	var list *Node
	var item []string
	flushItem := func() {
		if list != nil && item != nil {
			inl, b := parseInline(joinLines(item))
			bad = append(bad, b...)
			list.Children = append(list.Children, Node{Type: NodeItem, Children: inl})
		}
		item = nil
	}
	flushList := func() {
		flushItem()
		if list != nil {
			out = append(out, *list)
			list = nil
		}
	}
	flushPara := func() {
		if len(para) > 0 {
			inl, b := parseInline(joinLines(para))
			bad = append(bad, b...)
			out = append(out, Node{Type: NodePara, Children: inl})
		}
		para = nil
	}
	for _, line := range strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n") {
		if strings.TrimSpace(line) == "" {
			flushPara()
			flushList()
			continue
		}
		if m := listItemRe().FindStringSubmatch(line); m != nil {
			flushPara()
			ordered := m[1][0] >= '0' && m[1][0] <= '9'
			if list != nil && list.Ordered != ordered {
				flushList()
			}
			if list == nil {
				list = &Node{Type: NodeList, Ordered: ordered}
			}
			flushItem()
			item = []string{m[2]}
			continue
		}
		if list != nil && (line[0] == ' ' || line[0] == '\t') {
			item = append(item, line)
			continue
		}
		flushList()
		para = append(para, line)
	}
	flushPara()
	flushList()
	return out, bad
}

// joinLines joins the lines of one block with a space, except between two
// wide (CJK) characters: Japanese runs on, Latin words stay apart.
func joinLines(lines []string) string {
	var b strings.Builder
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if i > 0 && b.Len() > 0 && l != "" {
			last, _ := utf8.DecodeLastRuneInString(b.String())
			first, _ := utf8.DecodeRuneInString(l)
			if !isWide(last) || !isWide(first) {
				b.WriteByte(' ')
			}
		}
		b.WriteString(l)
	}
	return b.String()
}

func isWide(r rune) bool {
	return r >= 0x1100 && (r <= 0x115f || (r >= 0x2e80 && r <= 0xa4cf) || (r >= 0xac00 && r <= 0xd7a3) ||
		(r >= 0xf900 && r <= 0xfaff) || (r >= 0xfe30 && r <= 0xfe4f) || (r >= 0xff00 && r <= 0xff60) ||
		(r >= 0xffe0 && r <= 0xffe6) || r >= 0x20000)
}

// parseInline splits text into text, em, code and link nodes.
func parseInline(s string) ([]Node, []string) {
	var out []Node
	var bad []string
	var text strings.Builder
	emit := func(n Node) {
		if text.Len() > 0 {
			out = append(out, Node{Type: NodeText, Text: text.String()})
			text.Reset()
		}
		out = append(out, n)
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && strings.IndexByte("\\`*_[]()", s[i+1]) >= 0:
			text.WriteByte(s[i+1])
			i += 2
			continue
		case c == '`':
			if j := strings.IndexByte(s[i+1:], '`'); j > 0 {
				emit(Node{Type: NodeCode, Text: s[i+1 : i+1+j]})
				i += j + 2
				continue
			}
		case c == '*':
			delim := "*"
			if strings.HasPrefix(s[i:], "**") {
				delim = "**"
			}
			rest := s[i+len(delim):]
			if j := strings.Index(rest, delim); j > 0 && rest[0] != ' ' && rest[j-1] != ' ' {
				inner := rest[:j]
				if !strings.Contains(inner, "`") {
					emit(Node{Type: NodeEm, Text: inner})
					i += len(delim)*2 + j
					continue
				}
			}
		case c == '[':
			if label, href, n, ok := scanLink(s[i:]); ok {
				if safeHref(href) {
					emit(Node{Type: NodeLink, Text: label, Href: href})
				} else {
					bad = append(bad, href)
					text.WriteString(label)
				}
				i += n
				continue
			}
		}
		text.WriteByte(c)
		i++
	}
	if text.Len() > 0 {
		out = append(out, Node{Type: NodeText, Text: text.String()})
	}
	return out, bad
}

// scanLink reads [label](href) at the start of s.
func scanLink(s string) (label, href string, n int, ok bool) {
	end := strings.Index(s, "](")
	if end < 1 || strings.ContainsAny(s[1:end], "[]") {
		return "", "", 0, false
	}
	close := strings.IndexByte(s[end+2:], ')')
	if close < 0 {
		return "", "", 0, false
	}
	href = strings.TrimSpace(s[end+2 : end+2+close])
	if href == "" || strings.ContainsAny(href, " \t") {
		return "", "", 0, false
	}
	return s[1:end], href, end + 3 + close, true
}

func safeHref(h string) bool {
	l := strings.ToLower(h)
	return (strings.HasPrefix(l, "https://") || strings.HasPrefix(l, "http://")) && len(h) > len("https://") &&
		!strings.ContainsAny(h, "<>\"'`")
}

// PlainText renders nodes for a terminal: paragraphs separated by blank
// lines, list items as "- " or "1. ", links as "text (href)".
func PlainText(nodes []Node) string {
	var b strings.Builder
	inline := func(ns []Node) string {
		var s strings.Builder
		for _, n := range ns {
			switch n.Type {
			case NodeLink:
				s.WriteString(n.Text + " (" + n.Href + ")")
			case NodeCode:
				s.WriteString("`" + n.Text + "`")
			default:
				s.WriteString(n.Text)
			}
		}
		return s.String()
	}
	for i, n := range nodes {
		if i > 0 {
			b.WriteString("\n")
		}
		switch n.Type {
		case NodePara:
			b.WriteString(inline(n.Children) + "\n")
		case NodeList:
			for j, it := range n.Children {
				marker := "- "
				if n.Ordered {
					marker = strconv.Itoa(j+1) + ". "
				}
				b.WriteString(marker + inline(it.Children) + "\n")
			}
		}
	}
	return b.String()
}
