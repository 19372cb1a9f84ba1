package scenario

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"gopkg.in/yaml.v3"

	"kubeplay/core/api"
	"kubeplay/core/kubelet/images"
)

// MaxFileBytes bounds a scenario file.
const MaxFileBytes = 1 << 20

// Problem is one thing wrong with a scenario file, on a line (0 = the file).
type Problem struct {
	Line    int    `json:"line"`
	Message string `json:"message"`
}

// LoadError lists every problem of an invalid scenario file.
type LoadError struct {
	File     string
	Problems []Problem
}

func (e *LoadError) Error() string {
	var b strings.Builder
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.File)
		if p.Line > 0 {
			fmt.Fprintf(&b, ":%d", p.Line)
		}
		b.WriteString(": ")
		b.WriteString(p.Message)
	}
	return b.String()
}

// Load reads and validates a scenario file.
func Load(file string) (*Scenario, error) {
	data, err := ReadFile(file)
	if err != nil {
		return nil, err
	}
	return Parse(file, data)
}

// ReadFile reads a scenario file, at most MaxFileBytes and one more (Parse
// refuses a larger one).
func ReadFile(file string) ([]byte, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
}

// Parse decodes and validates a scenario document. Decoding is strict: an
// unknown field is an error naming the field and its line. Every problem
// found is reported in one *LoadError.
func Parse(filename string, data []byte) (*Scenario, error) {
	fail := func(line int, format string, args ...any) error {
		return &LoadError{File: filename, Problems: []Problem{{Line: line, Message: fmt.Sprintf(format, args...)}}}
	}
	if len(data) > MaxFileBytes {
		return nil, fail(0, "the file is larger than %d bytes", MaxFileBytes)
	}
	if line := tooDeep(data, MaxFlowDepth); line > 0 {
		return nil, fail(line, "brackets nested deeper than %d levels", MaxFlowDepth)
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, yamlError(filename, err)
	}
	if root.Kind == 0 || len(root.Content) == 0 {
		return nil, fail(0, "the file is empty")
	}
	if root.Content[0].Kind != yaml.MappingNode {
		return nil, fail(root.Content[0].Line, "a scenario is a mapping (apiVersion, kind, name, title, summary, steps...)")
	}
	sc := &Scenario{}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(sc); err != nil {
		return nil, yamlError(filename, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return nil, fail(extra.Line, "a scenario file holds one document (found a second after ---)")
	}
	sc.Source = filename
	sc.Version = Version(data)
	attachLines(sc, root.Content[0])
	if probs := validate(sc, root.Content[0]); len(probs) > 0 {
		return nil, &LoadError{File: filename, Problems: probs}
	}
	return sc, nil
}

// Version is a scenario file's content hash, "sha256:" and 16 hex digits: a course tells versions of a
// lesson apart by it (the page reports it in kubeplay:lesson-complete and keys an embed's saved progress by it).
func Version(data []byte) string {
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:8])
}

// MaxFlowDepth bounds how deeply [ ] and { } may nest: a hostile lesson of
// thousands of brackets is refused before the YAML decoder spends seconds on it.
const MaxFlowDepth = 64

// tooDeep returns the line where flow brackets (outside quotes and comments)
// nest deeper than max, or 0.
func tooDeep(data []byte, max int) int {
	depth, line := 0, 1
	var quote byte
	comment := false
	for i, b := range data {
		switch {
		case b == '\n':
			line++
			comment = false
		case comment:
		case quote != 0:
			if b == quote {
				quote = 0
			}
		case b == '"' || b == '\'':
			quote = b
		case b == '#' && (i == 0 || data[i-1] == ' ' || data[i-1] == '\t' || data[i-1] == '\n'):
			comment = true
		case b == '[' || b == '{':
			if depth++; depth > max {
				return line
			}
		case b == ']' || b == '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return 0
}

var (
	yamlLineRe  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^line (\d+): (.*)$`) })
	unknownRe   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^field (\S+) not found in type (\S+)$`) })
	yamlPrefix  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^yaml: (line (\d+): )?`) })
	typeWording = map[string]string{
		"scenario.Scenario": "a scenario", "scenario.Text": "a text (ja, en)", "scenario.Cluster": "cluster",
		"scenario.NodeSpec": "a node", "scenario.Solution": "a solution (apply, run)", "scenario.Taint": "a taint", "scenario.File": "a file",
		"scenario.Step": "a step", "scenario.Expect": "an expectation (events, podStatus, output, absent, jsonpath)", "scenario.JSONPathExpect": "jsonpath",
		"scenario.EventsExpect": "events", "scenario.PodStatusExpect": "podStatus",
		"scenario.OutputExpect": "output", "scenario.AbsentExpect": "absent", "images.Repository": "an image repository",
		"images.Image": "an image tag",
	}
)

// yamlError turns yaml.v3's errors into file:line problems.
func yamlError(filename string, err error) error {
	le := &LoadError{File: filename}
	var te *yaml.TypeError
	if errors.As(err, &te) {
		for _, e := range te.Errors {
			p := Problem{Message: e}
			if m := yamlLineRe().FindStringSubmatch(e); m != nil {
				p.Line, _ = strconv.Atoi(m[1])
				p.Message = m[2]
			}
			if m := unknownRe().FindStringSubmatch(p.Message); m != nil {
				in := typeWording[m[2]]
				if in == "" {
					in = m[2]
				}
				p.Message = fmt.Sprintf("unknown field %q in %s", m[1], in)
			}
			le.Problems = append(le.Problems, p)
		}
		return le
	}
	msg := err.Error()
	p := Problem{Message: msg}
	if m := yamlPrefix().FindStringSubmatch(msg); m != nil {
		p.Message = strings.TrimPrefix(msg, m[0])
		if m[2] != "" {
			p.Line, _ = strconv.Atoi(m[2])
		}
	}
	if p.Line == 0 {
		if m := yamlLineRe().FindStringSubmatch(p.Message); m != nil {
			p.Line, _ = strconv.Atoi(m[1])
			p.Message = m[2]
		}
	}
	le.Problems = append(le.Problems, p)
	return le
}

// mapValue returns the value node of key in a mapping node.
func mapValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// lineOf returns the line of the value at a path of mapping keys and
// sequence indexes ("steps", "2", "expect", "0"), or of its nearest ancestor.
func lineOf(n *yaml.Node, segs ...string) int {
	line := n.Line
	for _, s := range segs {
		var next *yaml.Node
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == s {
					next = n.Content[i+1]
					line = n.Content[i].Line
				}
			}
		case yaml.SequenceNode:
			if i, err := strconv.Atoi(s); err == nil && i >= 0 && i < len(n.Content) {
				next = n.Content[i]
				line = next.Line
			}
		}
		if next == nil {
			return line
		}
		n = next
	}
	return line
}

func attachLines(sc *Scenario, root *yaml.Node) {
	steps := mapValue(root, "steps")
	for i := range sc.Steps {
		if steps == nil || i >= len(steps.Content) {
			break
		}
		st := steps.Content[i]
		sc.Steps[i].line = st.Line
		ex := mapValue(st, "expect")
		for j := range sc.Steps[i].Expect {
			if ex != nil && j < len(ex.Content) {
				sc.Steps[i].Expect[j].line = ex.Content[j].Line
			}
		}
	}
}

var slugRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`) })

var traceKinds = map[string]bool{"request": true, "stage": true, "response": true, "write": true, "watch": true, "action": true, "event": true, "fault": true}

// shellCommands are the first words a run line may start with.
var shellCommands = map[string]bool{"kubectl": true, "k": true, "sleep": true, "sim": true, "kubeplay": true}

func validate(sc *Scenario, root *yaml.Node) []Problem {
	var probs []Problem
	add := func(line int, format string, args ...any) {
		probs = append(probs, Problem{Line: line, Message: fmt.Sprintf(format, args...)})
	}
	at := func(segs ...string) int { return lineOf(root, segs...) }
	if sc.APIVersion != APIVersion {
		add(at("apiVersion"), "apiVersion must be %q (got %q)", APIVersion, sc.APIVersion)
	}
	if sc.Kind != Kind {
		add(at("kind"), "kind must be %q (got %q)", Kind, sc.Kind)
	}
	if !slugRe().MatchString(sc.Name) || len(sc.Name) > 63 {
		add(at("name"), "name must be a slug of lower case letters, digits and '-' (got %q)", sc.Name)
	}
	checkText := func(t Text, what string, required bool, segs ...string) {
		switch {
		case t.IsZero() && required:
			add(at(segs...), "%s is required in ja and en", what)
		case !t.IsZero() && (t.JA == "" || t.EN == ""):
			add(at(segs...), "%s must be given in both ja and en", what)
		}
		for _, lang := range []string{"ja", "en"} {
			for _, bad := range unsafeLinks(t.In(lang)) {
				add(at(segs...), "%s (%s): link %q is not http(s)", what, lang, bad)
			}
		}
	}
	checkText(sc.Title, "title", true, "title")
	checkText(sc.Summary, "summary", true, "summary")

	seenNodes := map[string]bool{}
	for i, n := range sc.Cluster.Nodes {
		l := at("cluster", "nodes", strconv.Itoa(i))
		if n.Name == "" {
			add(l, "a node needs a name")
		} else if seenNodes[n.Name] {
			add(l, "node %q is listed twice", n.Name)
		}
		seenNodes[n.Name] = true
		for _, q := range [][2]string{{"cpu", n.CPU}, {"memory", n.Memory}} {
			if q[1] == "" {
				continue
			}
			if _, err := api.ParseQuantity(q[1]); err != nil {
				add(l, "node %s: invalid %s %q", n.Name, q[0], q[1])
			}
		}
		if n.Pods < 0 {
			add(l, "node %s: pods must be positive", n.Name)
		}
		for _, t := range n.Taints {
			switch api.TaintEffect(t.Effect) {
			case api.TaintEffectNoSchedule, api.TaintEffectPreferNoSchedule, api.TaintEffectNoExecute:
			default:
				add(l, "node %s: taint %s: unsupported effect %q (NoSchedule, PreferNoSchedule, NoExecute)", n.Name, t.Key, t.Effect)
			}
			if t.Key == "" {
				add(l, "node %s: a taint needs a key", n.Name)
			}
		}
	}
	if len(sc.Cluster.Images) > 0 {
		reg := images.NewRegistry()
		for i, repo := range sc.Cluster.Images {
			if repo == nil || repo.Name == "" {
				add(at("cluster", "images", strconv.Itoa(i)), "an image repository needs a name")
				continue
			}
			if err := reg.Add(copyRepository(repo)); err != nil {
				add(at("cluster", "images", strconv.Itoa(i)), "image %s: %v", repo.Name, err)
			}
		}
	}
	seenFiles := map[string]bool{}
	for i, f := range sc.Files {
		l := at("files", strconv.Itoa(i))
		switch {
		case f.Name == "":
			add(l, "a file needs a name")
		case seenFiles[f.Name]:
			add(l, "file %q is listed twice", f.Name)
		case strings.ContainsAny(f.Name, "/\\ "):
			add(l, "file name %q must be a plain name (no directories or spaces)", f.Name)
		}
		seenFiles[f.Name] = true
		if strings.TrimSpace(f.Content) == "" {
			add(l, "file %q is empty", f.Name)
		}
	}
	if len(sc.Steps) == 0 {
		add(at("steps"), "a scenario needs at least one step")
	}
	for i := range sc.Steps {
		st := &sc.Steps[i]
		si := strconv.Itoa(i)
		checkText(st.Narration, fmt.Sprintf("step %d narration", i+1), false, "steps", si, "narration")
		checkText(st.YourTurn, fmt.Sprintf("step %d yourTurn", i+1), false, "steps", si, "yourTurn")
		checkText(st.Hint, fmt.Sprintf("step %d hint", i+1), false, "steps", si, "hint")
		if st.Apply != "" {
			if _, ok := sc.File(st.Apply); !ok {
				add(at("steps", si, "apply"), "step %d applies %q, which is not one of files", i+1, st.Apply)
			}
		}
		if st.Learner() {
			if st.Apply != "" || len(st.Run) > 0 {
				add(at("steps", si, "yourTurn"), "step %d is the learner's turn (yourTurn): it has no apply or run (put the author's way in solution)", i+1)
			}
			if len(st.Expect) == 0 {
				add(at("steps", si, "yourTurn"), "step %d is the learner's turn (yourTurn): it needs expect, what the learner's cluster must show", i+1)
			}
		} else {
			if !st.Hint.IsZero() {
				add(at("steps", si, "hint"), "step %d: hint belongs to a learner's turn (yourTurn)", i+1)
			}
			if st.Solution != nil {
				add(at("steps", si, "solution"), "step %d: solution belongs to a learner's turn (yourTurn)", i+1)
			}
		}
		if sol := st.Solution; sol != nil {
			if sol.Apply == "" && len(sol.Run) == 0 {
				add(at("steps", si, "solution"), "step %d: solution needs apply or run", i+1)
			}
			if sol.Apply != "" {
				if _, ok := sc.File(sol.Apply); !ok {
					add(at("steps", si, "solution", "apply"), "step %d: solution applies %q, which is not one of files", i+1, sol.Apply)
				}
			}
			for j, line := range sol.Run {
				if msg := checkLine(line); msg != "" {
					add(at("steps", si, "solution", "run", strconv.Itoa(j)), "step %d: solution: %s", i+1, msg)
				}
			}
		}
		if st.Narration.IsZero() && !st.Learner() && st.Apply == "" && len(st.Run) == 0 && len(st.Expect) == 0 {
			add(st.line, "step %d is empty (give narration, apply, run or expect)", i+1)
		}
		for _, k := range st.Trace {
			if !traceKinds[k] {
				add(at("steps", si, "trace"), "step %d: unknown trace kind %q (request, stage, response, write, watch, action, event, fault)", i+1, k)
			}
		}
		for j, line := range st.Run {
			l := at("steps", si, "run", strconv.Itoa(j))
			if msg := checkLine(line); msg != "" {
				add(l, "step %d: %s", i+1, msg)
			}
		}
		for j := range st.Expect {
			for _, msg := range checkExpect(&st.Expect[j]) {
				add(at("steps", si, "expect", strconv.Itoa(j)), "step %d expectation %d: %s", i+1, j+1, msg)
			}
		}
	}
	return probs
}

// checkLine reports what is wrong with a run line ("" = fine).
func checkLine(line string) string {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return "an empty run line"
	}
	if strings.HasPrefix(fields[0], "#") {
		return ""
	}
	if !shellCommands[fields[0]] {
		return fmt.Sprintf("%q is not a command the player runs (kubectl, sleep, sim, kubeplay)", fields[0])
	}
	if fields[0] == "sleep" {
		if len(fields) != 2 {
			return "sleep takes one duration (sleep 30s)"
		}
		if _, err := parseSleep(fields[1]); err != nil {
			return err.Error()
		}
	}
	return ""
}

// parseSleep mirrors shell.ParseSleep: a Go duration or bare seconds.
func parseSleep(arg string) (time.Duration, error) {
	d, err := time.ParseDuration(arg)
	if err != nil {
		secs, err2 := strconv.ParseFloat(arg, 64)
		if err2 != nil {
			return 0, fmt.Errorf("sleep: invalid time interval %q", arg)
		}
		d = time.Duration(secs * float64(time.Second))
	}
	if d < 0 || d > 24*time.Hour {
		return 0, fmt.Errorf("sleep: invalid time interval %q", arg)
	}
	return d, nil
}

func checkExpect(e *Expect) []string {
	var msgs []string
	n := 0
	for _, set := range []bool{e.Events != nil, e.PodStatus != nil, e.Output != nil, e.Absent != nil, e.JSONPath != nil} {
		if set {
			n++
		}
	}
	if n != 1 {
		return []string{"give exactly one of events, podStatus, output, absent, jsonpath"}
	}
	if e.JSONPath != nil {
		return checkJSONPath(e.JSONPath)
	}
	checkObject := func(obj string) {
		kind, name, ok := strings.Cut(obj, "/")
		if !ok || kind == "" || name == "" {
			msgs = append(msgs, fmt.Sprintf("object %q must be kind/name, e.g. pod/nginx-*", obj))
			return
		}
		if _, err := path.Match(name, ""); err != nil {
			msgs = append(msgs, fmt.Sprintf("object %q: bad glob", obj))
		}
	}
	checkGlob := func(what, g string) {
		if _, err := path.Match(strings.TrimPrefix(g, "!"), ""); err != nil {
			msgs = append(msgs, fmt.Sprintf("%s %q: bad glob", what, g))
		}
	}
	switch {
	case e.Events != nil:
		ev := e.Events
		checkObject(ev.Object)
		if len(ev.Reasons) == 0 {
			msgs = append(msgs, "events needs reasons")
		}
		if ev.Since != "" && ev.Since != "step" && ev.Since != "start" {
			msgs = append(msgs, fmt.Sprintf("since must be step or start (got %q)", ev.Since))
		}
		if ev.Count < 0 {
			msgs = append(msgs, "count must be positive")
		}
	case e.PodStatus != nil:
		ps := e.PodStatus
		if ps.Pod == "" || ps.Status == "" {
			msgs = append(msgs, "podStatus needs pod and status")
		}
		checkGlob("pod", ps.Pod)
		if ps.Node != "" {
			checkGlob("node", ps.Node)
		}
		if ps.Count < 0 {
			msgs = append(msgs, "count must be positive")
		}
	case e.Output != nil:
		if e.Output.Contains == "" && e.Output.NotContains == "" {
			msgs = append(msgs, "output needs contains or notContains")
		}
	case e.Absent != nil:
		a := e.Absent
		if a.Object == "" && a.Pod == "" {
			msgs = append(msgs, "absent needs object (with reasons) or pod")
		}
		if a.Object != "" {
			checkObject(a.Object)
			if len(a.Reasons) == 0 {
				msgs = append(msgs, "absent object needs reasons")
			}
		}
		if a.Pod != "" {
			checkGlob("pod", a.Pod)
		}
	}
	return msgs
}

// copyRepository returns a copy of repo a registry may normalize and link
// without touching the scenario's own value.
func copyRepository(repo *images.Repository) *images.Repository {
	c := *repo
	c.Tags = make([]*images.Image, len(repo.Tags))
	for i, t := range repo.Tags {
		tc := *t
		c.Tags[i] = &tc
	}
	return &c
}
