package scenario

import (
	"fmt"

	"kubeplay/core/api"
	"path"
	"sort"
	"strings"
	"time"
	"unicode/utf8"
)

// Slice is how much virtual time passes between two evaluations of an
// expectation that is waiting.
const Slice = 100 * time.Millisecond

// ObservedEvent is one occurrence of a Kubernetes Event (a repeat that
// bumps count is another occurrence), in the order they were recorded.
type ObservedEvent struct {
	At time.Time `json:"at"`
	// Kind is the involved object's kind in lower case ("pod"), Namespace and
	// Name identify it.
	Kind      string `json:"kind"`
	Namespace string `json:"namespace,omitempty"`
	Name      string `json:"name"`
	Type      string `json:"type"`
	Reason    string `json:"reason"`
	Message   string `json:"message"`
	// Source is source.component, or reportingController when empty.
	Source string `json:"source"`
}

// PodView is what `kubectl get pods -o wide` shows of a pod.
type PodView struct {
	Namespace, Name string
	Status, Ready   string
	Node            string
}

// world is what expectations look at: the player's cluster, or a fake.
type world interface {
	Now() time.Time
	Advance(d time.Duration)
	// Events returns every event occurrence observed so far, in order.
	Events() []ObservedEvent
	Pods() []PodView
	// Output returns the output of the current step so far.
	Output() string
	// Objects returns the objects of a resource (in namespace; "" = all), as stored.
	Objects(group, resource, namespace string) []api.Object
}

// window is where an expectation looks: events from index stepEvents on
// are this step's.
type window struct {
	stepEvents int
}

// ExpectResult is the outcome of one expectation.
type ExpectResult struct {
	Step int `json:"step"` // 1-based
	// Index is the 1-based index of the expectation in its step.
	Index int `json:"index"`
	Line  int `json:"line,omitempty"`
	// Description says what was expected, e.g. "events for pod/nginx-* in order: Scheduled, Pulling".
	Description string `json:"description"`
	Passed      bool   `json:"passed"`
	// Got says what was seen instead (failures), in the transcript's words;
	// GotJA says it in Japanese, and Why adds the Kubernetes Event that
	// explains it (Reason: message, as kubectl describe shows it), when one does.
	Got   string `json:"got,omitempty"`
	GotJA string `json:"gotJa,omitempty"`
	Why   string `json:"why,omitempty"`
	// Waited is the virtual time the expectation waited.
	Waited time.Duration `json:"waited"`
}

// Message is the ✓ or ✗ line of the transcript.
func (r ExpectResult) Message() string {
	if r.Passed {
		if r.Waited > 0 {
			return fmt.Sprintf("✓ %s (after %s)", r.Description, fmtDuration(r.Waited))
		}
		return "✓ " + r.Description
	}
	return fmt.Sprintf("✗ expected %s; got: %s", r.Description, r.Got)
}

// Got is what a check saw instead of what it expected: in the transcript's
// English, in Japanese, and the Kubernetes Event that explains it, if any.
type Got struct {
	EN, JA string
	Why    string
}

// result fills r's got fields from g.
func (g Got) result(r ExpectResult) ExpectResult {
	r.Got, r.GotJA, r.Why = g.EN, g.JA, g.Why
	return r
}

// Feedback is a failed expectation as a learner reads it in lang ("ja" or
// "en"): what was expected (sentence, the expectation's Sentence in lang),
// what the cluster shows now, and the Event that says why, if one does.
func (r ExpectResult) Feedback(sentence, lang string) string {
	if r.Passed {
		return ""
	}
	got := r.Got
	if lang == "ja" && r.GotJA != "" {
		got = r.GotJA
	}
	var b strings.Builder
	if lang == "ja" {
		fmt.Fprintf(&b, "まだです: 「%s」はずが、いまは %s", sentence, got)
		if r.Why != "" {
			fmt.Fprintf(&b, "。理由 (Event): %s", r.Why)
		}
		return b.String()
	}
	fmt.Fprintf(&b, "Not yet: expected %s; now: %s", sentence, got)
	if r.Why != "" {
		fmt.Fprintf(&b, ". Why (Event): %s", r.Why)
	}
	return b.String()
}

// checker is one expectation made executable.
type checker interface {
	describe() string
	// check evaluates the expectation now.
	check(w world, win window) (ok bool, got Got)
	// deadline is how long to wait (or, with holds, how long it must hold).
	deadline() time.Duration
	// holds: the expectation must stay true for the whole window, rather
	// than become true once.
	holds() bool
}

func newChecker(e *Expect) checker {
	switch {
	case e.Events != nil:
		return (*eventsCheck)(e.Events)
	case e.PodStatus != nil:
		return (*podStatusCheck)(e.PodStatus)
	case e.Output != nil:
		return (*outputCheck)(e.Output)
	case e.Absent != nil:
		return (*absentCheck)(e.Absent)
	case e.JSONPath != nil:
		return (*jsonPathCheck)(e.JSONPath)
	}
	return nil
}

// evaluate waits, in slices of virtual time, until c holds (or, for a
// holding check, until its window passed or it broke).
func evaluate(w world, win window, c checker) (ok bool, got Got, waited time.Duration) {
	start := w.Now()
	limit := start.Add(c.deadline())
	for {
		ok, got = c.check(w, win)
		if c.holds() != ok {
			return ok, got, w.Now().Sub(start)
		}
		if !w.Now().Before(limit) {
			return ok, got, w.Now().Sub(start)
		}
		step := Slice
		if rest := limit.Sub(w.Now()); rest < step {
			step = rest
		}
		w.Advance(step)
	}
}

// fmtDuration prints 4.1s, 30s, 1m30s, 5m, 1h.
func fmtDuration(d time.Duration) string {
	if d < time.Second {
		return d.Round(time.Millisecond).String()
	}
	s := d.Round(100 * time.Millisecond).String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

func withinText(d Duration) string {
	if d == 0 {
		return ""
	}
	return " within " + fmtDuration(d.D())
}

// splitObject splits "pod/nginx-*" into kind and name glob.
func splitObject(obj string) (kind, glob string) {
	kind, glob, _ = strings.Cut(obj, "/")
	return strings.ToLower(kind), glob
}

func globMatch(glob, s string) bool {
	ok, err := path.Match(glob, s)
	return err == nil && ok
}

// objectEvents groups the events about objects matching kind/glob by object, in first-seen order.
func objectEvents(evs []ObservedEvent, obj, ns, from string) (keys []string, by map[string][]ObservedEvent) {
	kind, glob := splitObject(obj)
	by = map[string][]ObservedEvent{}
	for _, e := range evs {
		if e.Kind != kind || !globMatch(glob, e.Name) || (ns != "" && e.Namespace != ns) || (from != "" && e.Source != from) {
			continue
		}
		k := e.Kind + "/" + e.Name
		if _, seen := by[k]; !seen {
			keys = append(keys, k)
		}
		by[k] = append(by[k], e)
	}
	return keys, by
}

// reasonsText lists the reasons seen, in order of first appearance, with
// how often each occurred: "Scheduled, Pulling ×4, Failed ×11, BackOff ×5".
func reasonsText(evs []ObservedEvent) string {
	var order []string
	count := map[string]int{}
	for _, e := range evs {
		if count[e.Reason] == 0 {
			order = append(order, e.Reason)
		}
		count[e.Reason]++
	}
	parts := make([]string, len(order))
	for i, r := range order {
		parts[i] = r
		if n := count[r]; n > 1 {
			parts[i] = fmt.Sprintf("%s ×%d", r, n)
		}
	}
	return strings.Join(parts, ", ")
}

// subsequence reports whether reasons occur in evs in order.
func subsequence(evs []ObservedEvent, reasons []string) bool {
	i := 0
	for _, e := range evs {
		if i < len(reasons) && e.Reason == reasons[i] {
			i++
		}
	}
	return i == len(reasons)
}

type eventsCheck EventsExpect

func (c *eventsCheck) describe() string {
	s := "events for " + c.Object
	if c.Count > 1 {
		s = fmt.Sprintf("events for %d objects %s", c.Count, c.Object)
	}
	if c.From != "" {
		s += " from " + c.From
	}
	s += " in order: " + strings.Join(c.Reasons, ", ")
	if c.Message != "" {
		s += fmt.Sprintf(" with a message containing %q", c.Message)
	}
	return s + withinText(c.Within)
}

func (c *eventsCheck) deadline() time.Duration { return c.Within.D() }
func (c *eventsCheck) holds() bool             { return false }

func (c *eventsCheck) check(w world, win window) (bool, Got) {
	evs := w.Events()
	if c.Since != "start" && win.stepEvents <= len(evs) {
		evs = evs[win.stepEvents:]
	}
	keys, by := objectEvents(evs, c.Object, c.Namespace, c.From)
	want := c.Count
	if want == 0 {
		want = 1
	}
	okObjects := 0
	var gotParts []string
	for _, k := range keys {
		oe := by[k]
		ok := subsequence(oe, c.Reasons)
		detail := reasonsText(oe)
		if ok && c.Message != "" {
			ok = false
			var msgs []string
			for _, e := range oe {
				for _, r := range c.Reasons {
					if e.Reason == r {
						if strings.Contains(e.Message, c.Message) {
							ok = true
						}
						msgs = append(msgs, fmt.Sprintf("%s %q", e.Reason, e.Message))
					}
				}
			}
			if len(msgs) > 2 {
				msgs = msgs[len(msgs)-2:]
			}
			detail += " (" + strings.Join(msgs, "; ") + ")"
		}
		if ok {
			okObjects++
		}
		gotParts = append(gotParts, k+": "+detail)
	}
	if okObjects >= want {
		return true, Got{}
	}
	if len(keys) == 0 {
		return false, Got{EN: "no events for " + c.Object, JA: c.Object + " への Event はまだ届いていません"}
	}
	if len(keys) == 1 && want == 1 {
		d := strings.TrimPrefix(gotParts[0], keys[0]+": ")
		return false, Got{EN: d, JA: "届いた Event は " + d}
	}
	ja := fmt.Sprintf("%d 個のうち %d 個だけ: ", want, okObjects) + strings.Join(firstParts(gotParts, 4, "ほか %d 個"), "; ")
	return false, Got{EN: strings.Join(firstParts(gotParts, 4, "and %d more"), "; "), JA: ja}
}

// firstParts keeps the first n parts and says how many more there were.
func firstParts(parts []string, n int, more string) []string {
	if len(parts) <= n {
		return parts
	}
	return append(append([]string{}, parts[:n]...), fmt.Sprintf(more, len(parts)-n))
}

type podStatusCheck PodStatusExpect

func (c *podStatusCheck) ns() string {
	if c.Namespace == "" {
		return "default"
	}
	return c.Namespace
}

func (c *podStatusCheck) describe() string {
	var s string
	if c.Count > 0 {
		s = fmt.Sprintf("%d pod(s) %s %s", c.Count, c.Pod, c.Status)
	} else {
		s = fmt.Sprintf("pod %s %s", c.Pod, c.Status)
	}
	if c.Ready != "" {
		s += " " + c.Ready
	}
	if c.Node != "" {
		if strings.HasPrefix(c.Node, "!") {
			s += " not on node " + c.Node[1:]
		} else {
			s += " on node " + c.Node
		}
	}
	return s + withinText(c.Within)
}

func (c *podStatusCheck) deadline() time.Duration { return c.Within.D() }
func (c *podStatusCheck) holds() bool             { return false }

func (c *podStatusCheck) nodeOK(node string) bool {
	if c.Node == "" {
		return true
	}
	if g, neg := strings.CutPrefix(c.Node, "!"); neg {
		return !globMatch(g, node)
	}
	return globMatch(c.Node, node)
}

func (c *podStatusCheck) check(w world, win window) (bool, Got) {
	var matching []PodView
	for _, p := range w.Pods() {
		if p.Namespace == c.ns() && globMatch(c.Pod, p.Name) {
			matching = append(matching, p)
		}
	}
	sort.Slice(matching, func(i, j int) bool { return matching[i].Name < matching[j].Name })
	good := 0
	var got, gotJA []string
	var why string
	for _, p := range matching {
		if p.Status == c.Status && (c.Ready == "" || p.Ready == c.Ready) && c.nodeOK(p.Node) {
			good++
		} else if why == "" {
			why = lastWarning(w.Events(), c.ns(), p.Name)
		}
		node, nodeJA := p.Node, p.Node
		if node == "" {
			node, nodeJA = "<none>", "ノード未定"
		}
		got = append(got, fmt.Sprintf("%s %s %s on %s", p.Name, p.Ready, p.Status, node))
		gotJA = append(gotJA, fmt.Sprintf("%s %s %s (%s)", p.Name, p.Ready, p.Status, nodeJA))
	}
	ok := good == c.Count
	if c.Count == 0 {
		ok = len(matching) > 0 && good == len(matching)
	}
	if ok {
		return true, Got{}
	}
	if len(matching) == 0 {
		return false, Got{EN: "no pods matching " + c.Pod + " in namespace " + c.ns(),
			JA: "namespace " + c.ns() + " に " + c.Pod + " に当てはまる Pod がありません"}
	}
	count := fmt.Sprintf("%s の Pod は %d 個: ", c.Status, good)
	return false, Got{EN: strings.Join(firstParts(got, 6, "and %d more"), ", "),
		JA: count + strings.Join(firstParts(gotJA, 6, "ほか %d 個"), "、"), Why: why}
}

// lastWarning is the last Warning Event about pod ns/name ("Reason: message"), or "".
func lastWarning(evs []ObservedEvent, ns, name string) string {
	for i := len(evs) - 1; i >= 0; i-- {
		e := evs[i]
		if e.Kind == "pod" && e.Name == name && (e.Namespace == "" || e.Namespace == ns) && e.Type == "Warning" {
			return e.Reason + ": " + e.Message
		}
	}
	return ""
}

type outputCheck OutputExpect

func (c *outputCheck) describe() string {
	var parts []string
	if c.Contains != "" {
		parts = append(parts, fmt.Sprintf("output containing %q", c.Contains))
	}
	if c.NotContains != "" {
		parts = append(parts, fmt.Sprintf("output not containing %q", c.NotContains))
	}
	return strings.Join(parts, " and ") + withinText(c.Within)
}

func (c *outputCheck) deadline() time.Duration { return c.Within.D() }

// holds: a notContains-only check must hold for the whole window.
func (c *outputCheck) holds() bool { return c.Contains == "" }

func (c *outputCheck) check(w world, _ window) (bool, Got) {
	out := w.Output()
	ok := (c.Contains == "" || strings.Contains(out, c.Contains)) &&
		(c.NotContains == "" || !strings.Contains(out, c.NotContains))
	if ok {
		return true, Got{}
	}
	last := lastLines(out, 3)
	if last == "no output" {
		return false, Got{EN: last, JA: "このステップではまだ何も出力されていません"}
	}
	return false, Got{EN: last, JA: "最後の出力は " + last}
}

// lastLines quotes the last n non-empty lines of s.
func lastLines(s string, n int) string {
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			l = strings.TrimRight(l, " ")
			if len(l) > 160 {
				n := 157
				for n > 0 && !utf8.RuneStart(l[n]) {
					n--
				}
				l = l[:n] + "..."
			}
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return "no output"
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return fmt.Sprintf("%q", strings.Join(lines, "\n"))
}

type absentCheck AbsentExpect

func (c *absentCheck) describe() string {
	var parts []string
	if c.Object != "" {
		from := ""
		if c.From != "" {
			from = " from " + c.From
		}
		parts = append(parts, fmt.Sprintf("no %s events for %s%s", strings.Join(c.Reasons, "/"), c.Object, from))
	}
	if c.Pod != "" {
		parts = append(parts, "no pod "+c.Pod)
	}
	s := strings.Join(parts, " and ")
	if c.For > 0 {
		s += " for " + fmtDuration(c.For.D())
	}
	return s
}

func (c *absentCheck) deadline() time.Duration { return c.For.D() }
func (c *absentCheck) holds() bool             { return true }

func (c *absentCheck) check(w world, win window) (bool, Got) {
	if c.Object != "" {
		evs := w.Events()
		if win.stepEvents <= len(evs) {
			evs = evs[win.stepEvents:]
		}
		keys, by := objectEvents(evs, c.Object, c.Namespace, c.From)
		for _, k := range keys {
			for _, e := range by[k] {
				for _, r := range c.Reasons {
					if e.Reason == r {
						return false, Got{EN: fmt.Sprintf("%s %s %q from %s", k, e.Reason, e.Message, e.Source),
							JA: fmt.Sprintf("%s に %s から %s %q が届きました", k, e.Source, e.Reason, e.Message)}
					}
				}
			}
		}
	}
	if c.Pod != "" {
		ns := c.Namespace
		if ns == "" {
			ns = "default"
		}
		var names []string
		for _, p := range w.Pods() {
			if p.Namespace == ns && globMatch(c.Pod, p.Name) {
				names = append(names, p.Name+" "+p.Status)
			}
		}
		if len(names) > 0 {
			sort.Strings(names)
			list := strings.Join(names, ", ")
			return false, Got{EN: list, JA: "Pod があります: " + list}
		}
	}
	return true, Got{}
}
