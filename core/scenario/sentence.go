package scenario

import (
	"fmt"
	"strings"
	"time"
)

// Sentence returns what the expectation checks as a sentence a learner reads
// before a step runs, in "ja" or "en" (anything else is English). Describe
// stays the transcript's wording; this is the page's.
func (e *Expect) Sentence(lang string) string {
	if e == nil {
		return ""
	}
	ja := lang == "ja"
	switch {
	case e.Events != nil:
		return eventsSentence(e.Events, ja)
	case e.PodStatus != nil:
		return podStatusSentence(e.PodStatus, ja)
	case e.Output != nil:
		return outputSentence(e.Output, ja)
	case e.Absent != nil:
		return absentSentence(e.Absent, ja)
	case e.JSONPath != nil:
		return jsonPathSentence(e.JSONPath, ja)
	}
	return ""
}

// jaDuration writes 30s as "30 秒", 2m as "2 分", 1m30s as "1 分 30 秒".
func jaDuration(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%d ミリ秒", d.Milliseconds())
	}
	var parts []string
	if h := d / time.Hour; h > 0 {
		parts = append(parts, fmt.Sprintf("%d 時間", h))
		d -= h * time.Hour
	}
	if m := d / time.Minute; m > 0 {
		parts = append(parts, fmt.Sprintf("%d 分", m))
		d -= m * time.Minute
	}
	if d > 0 {
		s := d.Round(100 * time.Millisecond).Seconds()
		parts = append(parts, strings.TrimSuffix(fmt.Sprintf("%.1f", s), ".0")+" 秒")
	}
	return strings.Join(parts, " ")
}

func eventsSentence(c *EventsExpect, ja bool) string {
	if ja {
		var b strings.Builder
		b.WriteString(c.Object)
		if c.Count > 1 {
			fmt.Fprintf(&b, " の %d 個それぞれに ", c.Count)
		} else {
			b.WriteString(" に ")
		}
		if c.From != "" {
			b.WriteString(c.From + " から ")
		}
		b.WriteString(strings.Join(c.Reasons, " → "))
		if c.Message != "" {
			fmt.Fprintf(&b, "(メッセージに %q を含む)", c.Message)
		}
		b.WriteString(" が ")
		if len(c.Reasons) > 1 {
			b.WriteString("順に ")
		}
		if c.Within > 0 {
			b.WriteString(jaDuration(c.Within.D()) + "以内に")
		}
		b.WriteString("届く")
		return b.String()
	}
	var b strings.Builder
	if c.Count > 1 {
		fmt.Fprintf(&b, "%d objects %s each receive ", c.Count, c.Object)
	} else {
		b.WriteString(c.Object + " receives ")
	}
	b.WriteString(strings.Join(c.Reasons, ", then "))
	if c.From != "" {
		b.WriteString(" from " + c.From)
	}
	if c.Message != "" {
		fmt.Fprintf(&b, " with a message containing %q", c.Message)
	}
	b.WriteString(withinText(c.Within))
	return b.String()
}

func podStatusSentence(c *PodStatusExpect, ja bool) string {
	where := ""
	if c.Node != "" {
		neg := strings.HasPrefix(c.Node, "!")
		node := strings.TrimPrefix(c.Node, "!")
		switch {
		case ja && neg:
			where = node + " 以外のノードで"
		case ja:
			where = node + " で"
		case neg:
			where = " on a node other than " + node
		default:
			where = " on " + node
		}
	}
	if ja {
		var b strings.Builder
		if c.Count > 0 {
			fmt.Fprintf(&b, "%s の Pod %d 個が", c.Pod, c.Count)
		} else {
			fmt.Fprintf(&b, "%s の Pod がすべて", c.Pod)
		}
		if c.Within > 0 {
			b.WriteString(" " + jaDuration(c.Within.D()) + "以内に")
		}
		if where != "" {
			b.WriteString(" " + where)
		}
		b.WriteString(" " + c.Status)
		if c.Ready != "" {
			b.WriteString(" (READY " + c.Ready + ")")
		}
		b.WriteString(" になる")
		return b.String()
	}
	var b strings.Builder
	if c.Count > 0 {
		fmt.Fprintf(&b, "%d Pod(s) %s are %s", c.Count, c.Pod, c.Status)
	} else {
		fmt.Fprintf(&b, "every Pod %s is %s", c.Pod, c.Status)
	}
	if c.Ready != "" {
		b.WriteString(" (READY " + c.Ready + ")")
	}
	b.WriteString(where)
	b.WriteString(withinText(c.Within))
	return b.String()
}

func outputSentence(c *OutputExpect, ja bool) string {
	var parts []string
	if c.Contains != "" {
		if ja {
			parts = append(parts, fmt.Sprintf("出力に %q が含まれる", c.Contains))
		} else {
			parts = append(parts, fmt.Sprintf("the output contains %q", c.Contains))
		}
	}
	if c.NotContains != "" {
		if ja {
			parts = append(parts, fmt.Sprintf("出力に %q が含まれない", c.NotContains))
		} else {
			parts = append(parts, fmt.Sprintf("the output does not contain %q", c.NotContains))
		}
	}
	if ja {
		s := strings.Join(parts, "、かつ")
		if c.Within > 0 {
			s = jaDuration(c.Within.D()) + "以内に" + s
		}
		return s
	}
	return strings.Join(parts, " and ") + withinText(c.Within)
}

func absentSentence(c *AbsentExpect, ja bool) string {
	var parts []string
	if c.Object != "" {
		reasons := strings.Join(c.Reasons, "/")
		switch {
		case ja && c.From != "":
			parts = append(parts, fmt.Sprintf("%s に %s から %s が届かない", c.Object, c.From, reasons))
		case ja:
			parts = append(parts, fmt.Sprintf("%s に %s が届かない", c.Object, reasons))
		case c.From != "":
			parts = append(parts, fmt.Sprintf("no %s Event from %s for %s", reasons, c.From, c.Object))
		default:
			parts = append(parts, fmt.Sprintf("no %s Event for %s", reasons, c.Object))
		}
	}
	if c.Pod != "" {
		if ja {
			parts = append(parts, fmt.Sprintf("Pod %s が作られない", c.Pod))
		} else {
			parts = append(parts, "no Pod "+c.Pod)
		}
	}
	if ja {
		s := strings.Join(parts, "、かつ")
		if c.For > 0 {
			s = jaDuration(c.For.D()) + "のあいだ、" + s
		}
		return s
	}
	s := strings.Join(parts, " and ")
	if c.For > 0 {
		s += " for " + fmtDuration(c.For.D())
	}
	return s
}
