package scenario

import (
	"fmt"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"kubeplay/core/fmtscan"
	"kubeplay/core/kubelet/images"
)

// APIVersion and Kind head every scenario file.
const (
	APIVersion = "kubeplay.dev/v1"
	Kind       = "Scenario"
)

// Scenario is one scenario file: a cluster, editor files and steps.
type Scenario struct {
	APIVersion string  `yaml:"apiVersion" json:"apiVersion"`
	Kind       string  `yaml:"kind" json:"kind"`
	Name       string  `yaml:"name" json:"name"` // a slug: lower case letters, digits and '-'
	Title      Text    `yaml:"title" json:"title"`
	Summary    Text    `yaml:"summary" json:"summary"`
	Cluster    Cluster `yaml:"cluster,omitempty" json:"cluster"`
	Files      []File  `yaml:"files,omitempty" json:"files,omitempty"`
	Steps      []Step  `yaml:"steps" json:"steps"`

	// Source is the file name the scenario was loaded from.
	Source string `yaml:"-" json:"source,omitempty"`
	// Version is the file's content hash (see Version).
	Version string `yaml:"-" json:"version,omitempty"`
}

// Text is a string in Japanese and English. Narration uses a safe Markdown
// subset (see Markdown).
type Text struct {
	JA string `yaml:"ja" json:"ja"`
	EN string `yaml:"en" json:"en"`
}

// In returns the text in lang ("ja" or "en"), falling back to the other.
func (t Text) In(lang string) string {
	if lang == "ja" && t.JA != "" || t.EN == "" {
		return t.JA
	}
	return t.EN
}

// IsZero reports whether both languages are empty.
func (t Text) IsZero() bool { return t.JA == "" && t.EN == "" }

// Cluster describes the cluster a scenario starts with.
type Cluster struct {
	// Seed of the simulation's randomness; 0 = 1.
	Seed uint64 `yaml:"seed,omitempty" json:"seed,omitempty"`
	// Nodes; omitted = the default kind-like cluster (demo-control-plane,
	// demo-worker, demo-worker2; 4 CPU, 8Gi, 110 pods).
	Nodes []NodeSpec `yaml:"nodes,omitempty" json:"nodes,omitempty"`
	// Images are extra repositories for the simulated registry, in the
	// image catalog's format (core/kubelet/images/catalog.yaml).
	Images []*images.Repository `yaml:"images,omitempty" json:"images,omitempty"`
}

// NodeSpec is one node of the scenario's cluster.
type NodeSpec struct {
	Name         string            `yaml:"name" json:"name"`
	CPU          string            `yaml:"cpu,omitempty" json:"cpu,omitempty"`
	Memory       string            `yaml:"memory,omitempty" json:"memory,omitempty"`
	Pods         int               `yaml:"pods,omitempty" json:"pods,omitempty"`
	Labels       map[string]string `yaml:"labels,omitempty" json:"labels,omitempty"`
	Taints       []Taint           `yaml:"taints,omitempty" json:"taints,omitempty"`
	ControlPlane bool              `yaml:"controlPlane,omitempty" json:"controlPlane,omitempty"`
}

// Taint is a node taint: key[=value]:effect.
type Taint struct {
	Key    string `yaml:"key" json:"key"`
	Value  string `yaml:"value,omitempty" json:"value,omitempty"`
	Effect string `yaml:"effect" json:"effect"`
}

// File is an editor tab: a manifest the learner can read, edit and apply.
type File struct {
	Name    string `yaml:"name" json:"name"`
	Content string `yaml:"content" json:"content"`
}

// Step is one idea of the lesson: narration, what to run, what to expect.
// A step with YourTurn is the learner's turn: it has expectations and no
// Apply or Run; the learner acts, and the step is checked against the
// cluster they made (Player.Check). Its optional Solution is what "show me"
// (and kubeplay run / check) runs instead.
type Step struct {
	Narration Text `yaml:"narration,omitempty" json:"narration"`
	// YourTurn is the goal the learner reaches by themselves.
	YourTurn Text `yaml:"yourTurn,omitempty" json:"yourTurn"`
	// Hint helps a learner who is stuck (learner's turn only).
	Hint Text `yaml:"hint,omitempty" json:"hint"`
	// Solution is the author's way to reach the goal (learner's turn only).
	Solution *Solution `yaml:"solution,omitempty" json:"solution,omitempty"`
	// Apply applies one of Files (as `kubectl apply -f NAME`), before Run.
	Apply string `yaml:"apply,omitempty" json:"apply,omitempty"`
	// Run are shell lines: kubectl ..., sleep DURATION, sim ..., kubeplay explain pod NAME.
	Run    Lines    `yaml:"run,omitempty" json:"run,omitempty"`
	Expect []Expect `yaml:"expect,omitempty" json:"expect,omitempty"`
	// Trace shows the pipeline trace records of these kinds (request,
	// stage, response, write, watch, action, event, fault) in the
	// transcript while the step runs, as "  ~ " lines (Lease renewals left
	// out): the relay made visible.
	Trace []string `yaml:"trace,omitempty" json:"trace,omitempty"`

	line int
}

// Solution is what a learner's-turn step runs when the learner asks to be
// shown: like a scripted step, Apply first, then Run.
type Solution struct {
	Apply string `yaml:"apply,omitempty" json:"apply,omitempty"`
	Run   Lines  `yaml:"run,omitempty" json:"run,omitempty"`
}

// Learner reports whether the step is the learner's turn.
func (s *Step) Learner() bool { return !s.YourTurn.IsZero() }

// Lines is a list of shell lines; a single string is one line.
type Lines []string

// UnmarshalYAML accepts a string or a list of strings.
func (l *Lines) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		*l = Lines{n.Value}
		return nil
	}
	var s []string
	if err := n.Decode(&s); err != nil {
		return err
	}
	*l = s
	return nil
}

// Expect is one expectation; exactly one field is set.
type Expect struct {
	Events    *EventsExpect    `yaml:"events,omitempty" json:"events,omitempty"`
	PodStatus *PodStatusExpect `yaml:"podStatus,omitempty" json:"podStatus,omitempty"`
	Output    *OutputExpect    `yaml:"output,omitempty" json:"output,omitempty"`
	Absent    *AbsentExpect    `yaml:"absent,omitempty" json:"absent,omitempty"`
	JSONPath  *JSONPathExpect  `yaml:"jsonpath,omitempty" json:"jsonpath,omitempty"`

	line int
}

// EventsExpect: Events about an object appear with these reasons, in this
// order (other events may come in between).
type EventsExpect struct {
	// Object is kind/name, the name a glob: "pod/nginx-*", "deployment/nginx", "node/demo-worker".
	Object string `yaml:"object" json:"object"`
	// Namespace of the involved object; empty = any.
	Namespace string `yaml:"namespace,omitempty" json:"namespace,omitempty"`
	// Reasons is an ordered subsequence of the object's event reasons.
	Reasons []string `yaml:"reasons" json:"reasons"`
	// From keeps only events from this source (source.component or
	// reportingController): "kubelet", "default-scheduler", ...
	From string `yaml:"from,omitempty" json:"from,omitempty"`
	// Message must be contained in the message of an event with one of Reasons.
	Message string `yaml:"message,omitempty" json:"message,omitempty"`
	// Count is how many distinct objects must show the sequence (default 1).
	Count int `yaml:"count,omitempty" json:"count,omitempty"`
	// Since is "step" (default: events since the step began) or "start"
	// (since the scenario began).
	Since string `yaml:"since,omitempty" json:"since,omitempty"`
	// Within is how much virtual time may pass waiting; 0 = check now.
	Within Duration `yaml:"within,omitempty" json:"within,omitempty"`
}

// PodStatusExpect: pods matching a glob show a STATUS (kubectl get pods).
type PodStatusExpect struct {
	Pod       string `yaml:"pod" json:"pod"`
	Namespace string `yaml:"namespace,omitempty" json:"namespace,omitempty"` // default "default"
	// Status is the STATUS column: Running, Pending, ContainerCreating,
	// ImagePullBackOff, CrashLoopBackOff, Completed, Terminating...
	Status string `yaml:"status" json:"status"`
	// Ready is the READY column, e.g. "1/1"; empty = any.
	Ready string `yaml:"ready,omitempty" json:"ready,omitempty"`
	// Count: exactly this many matching pods show Status. 0 = every
	// matching pod (at least one) shows it.
	Count int `yaml:"count,omitempty" json:"count,omitempty"`
	// Node: the pods counted must run on a node matching this glob;
	// "!glob" = on a node not matching it.
	Node   string   `yaml:"node,omitempty" json:"node,omitempty"`
	Within Duration `yaml:"within,omitempty" json:"within,omitempty"`
}

// OutputExpect: the output of this step's lines (watches included).
type OutputExpect struct {
	Contains    string   `yaml:"contains,omitempty" json:"contains,omitempty"`
	NotContains string   `yaml:"notContains,omitempty" json:"notContains,omitempty"`
	Within      Duration `yaml:"within,omitempty" json:"within,omitempty"`
}

// AbsentExpect: something does not happen for a while: no Event with one of
// Reasons about Object, and/or no pod matching Pod, during the whole
// window (since the step began, until For has passed).
type AbsentExpect struct {
	Object    string   `yaml:"object,omitempty" json:"object,omitempty"`
	Namespace string   `yaml:"namespace,omitempty" json:"namespace,omitempty"`
	Reasons   []string `yaml:"reasons,omitempty" json:"reasons,omitempty"`
	// From restricts Object's events to one source.
	From string   `yaml:"from,omitempty" json:"from,omitempty"`
	Pod  string   `yaml:"pod,omitempty" json:"pod,omitempty"`
	For  Duration `yaml:"for,omitempty" json:"for,omitempty"`
}

// Duration is a Go duration written "60s", "2m", "1m30s".
type Duration time.Duration

// D returns the time.Duration.
func (d Duration) D() time.Duration { return time.Duration(d) }

// UnmarshalYAML reads "60s" (a bare number is seconds).
func (d *Duration) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode {
		return fmt.Errorf("line %d: a duration must be a string such as 60s or 2m", n.Line)
	}
	v, err := time.ParseDuration(n.Value)
	if err != nil {
		secs, ok := fmtscan.Float(n.Value, false)
		if !ok || strings.ContainsAny(n.Value, " \t") {
			return fmt.Errorf("line %d: invalid duration %q (use 60s, 2m, 1m30s)", n.Line, n.Value)
		}
		v = time.Duration(secs * float64(time.Second))
	}
	if v < 0 {
		return fmt.Errorf("line %d: negative duration %q", n.Line, n.Value)
	}
	*d = Duration(v)
	return nil
}

// MarshalYAML writes the Go form.
func (d Duration) MarshalYAML() (any, error) { return time.Duration(d).String(), nil }

// MarshalJSON writes the Go form, e.g. "1m0s".
func (d Duration) MarshalJSON() ([]byte, error) {
	return []byte(`"` + time.Duration(d).String() + `"`), nil
}

// Line reports the file line the step starts on (0 if unknown).
func (s *Step) Line() int { return s.line }

// Line reports the file line the expectation starts on (0 if unknown).
func (e *Expect) Line() int { return e.line }

// File returns the file named name.
func (sc *Scenario) File(name string) (File, bool) {
	for _, f := range sc.Files {
		if f.Name == name {
			return f, true
		}
	}
	return File{}, false
}

// NarrationNodes renders step i's narration in lang as a safe node tree.
func (sc *Scenario) NarrationNodes(i int, lang string) []Node {
	if i < 0 || i >= len(sc.Steps) {
		return nil
	}
	return Markdown(sc.Steps[i].Narration.In(lang))
}
