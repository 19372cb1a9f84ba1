package seam

import (
	"strconv"
	"strings"
	"testing"
)

// deployYAML is a one-replica Deployment named name; spec is its pod spec (indented by six spaces).
func deployYAML(name, spec string) string {
	return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ` + name + `
spec:
  replicas: 1
  selector:
    matchLabels:
      app: ` + name + `
  template:
    metadata:
      labels:
        app: ` + name + `
    spec:
` + spec
}

// podOf returns the name of the first pod whose name starts with prefix, pending or not.
func podOf(t *testing.T, k *Core, prefix string) string {
	t.Helper()
	var snap snapshotView
	call(t, k, &snap, "snapshot")
	for _, p := range snap.Pending {
		if strings.HasPrefix(p.Name, prefix) {
			return p.Name
		}
	}
	for _, n := range snap.Nodes {
		for _, p := range n.Pods {
			if strings.HasPrefix(p.Name, prefix) {
				return p.Name
			}
		}
	}
	t.Fatalf("no pod %s*", prefix)
	return ""
}

func explainIn(t *testing.T, k *Core, pod, lang string) explainView {
	t.Helper()
	var ex explainView
	call(t, k, &ex, "explain", "default", pod, lang)
	return ex
}

func TestExplainPendingShowsTheArithmeticAndOneFix(t *testing.T) {
	k := started(t)
	call(t, k, nil, "apply", "deploy.yaml", nginx) // 100m on each worker: in use 0.1
	call(t, k, nil, "advance", 10000.0, 10000.0)
	call(t, k, nil, "apply", "big.yaml", deployYAML("big", `      containers:
      - name: c
        image: nginx:1.27
        resources:
          requests:
            cpu: "100"
`))
	call(t, k, nil, "apply", "ssd.yaml", deployYAML("ssd", `      nodeSelector:
        disktype: ssd
      containers:
      - name: c
        image: nginx:1.27
`))
	call(t, k, nil, "advance", 10000.0, 10000.0)

	big := podOf(t, k, "big-")
	en, ja := explainIn(t, k, big, "en"), explainIn(t, k, big, "ja")
	if en.Chosen != "" {
		t.Fatalf("a 100-CPU pod was scheduled on %s", en.Chosen)
	}
	if want := "Lower requests.cpu to ≤ 3.8 (free on demo-worker: allocatable 4 − in use 0.2)."; en.Fix != want {
		t.Errorf("en fix:\n got %q\nwant %q", en.Fix, want)
	}
	if want := "requests.cpu を 3.8 以下に下げてください(demo-worker の空き: allocatable 4 − 使用中 0.2)。"; ja.Fix != want {
		t.Errorf("ja fix:\n got %q\nwant %q", ja.Fix, want)
	}
	var worker *explainRes
	for i, r := range en.Resources {
		if r.Node == "demo-worker" && r.Resource == "cpu" {
			worker = &en.Resources[i]
		}
		if r.Resource == "pods" {
			t.Errorf("the pod count fits, yet it is listed: %+v", r)
		}
	}
	if worker == nil || worker.Requested != "100" || worker.Allocatable != "4" || worker.InUse != "0.2" || worker.Free != "3.8" || worker.Fits {
		t.Fatalf("demo-worker's cpu arithmetic: %+v (all: %+v)", worker, en.Resources)
	}
	if want := "demo-worker: requested cpu 100, allocatable 4, in use 0.2 (requests of pods on the node), free 3.8"; worker.Text != want {
		t.Errorf("en arithmetic:\n got %q\nwant %q", worker.Text, want)
	}
	if want := "demo-worker: cpu の要求 100、allocatable 4、使用中 0.2(ノード上の Pod の requests の合計)、空き 3.8"; !hasText(ja.Resources, want) {
		t.Errorf("ja arithmetic lacks %q: %+v", want, ja.Resources)
	}
	if len(en.Resources) != 3 {
		t.Errorf("want one cpu row per node, got %+v", en.Resources)
	}

	ssd := podOf(t, k, "ssd-")
	if got, want := explainIn(t, k, ssd, "en").Fix, "No node has label disktype=ssd: label a node (kubectl label node demo-worker disktype=ssd) or change nodeSelector."; got != want {
		t.Errorf("en nodeSelector fix:\n got %q\nwant %q", got, want)
	}
	if got, want := explainIn(t, k, ssd, "ja").Fix, "ラベル disktype=ssd を持つノードがありません。ノードにラベルを付ける(kubectl label node demo-worker disktype=ssd)か、nodeSelector を変えてください。"; got != want {
		t.Errorf("ja nodeSelector fix:\n got %q\nwant %q", got, want)
	}

	// Following the advice schedules the pod: the fix is true, not just plausible.
	call(t, k, nil, "run", "kubectl label node demo-worker disktype=ssd")
	call(t, k, nil, "advance", 30000.0, 10000.0)
	if ex := explainIn(t, k, ssd, "en"); ex.Chosen != "demo-worker" || ex.Fix != "" || len(ex.Resources) != 0 {
		t.Errorf("after labelling demo-worker: chosen %q, fix %q, resources %+v", ex.Chosen, ex.Fix, ex.Resources)
	}
}

func hasText(rs []explainRes, text string) bool {
	for _, r := range rs {
		if r.Text == text {
			return true
		}
	}
	return false
}

func TestExplainTaintFixAndCordon(t *testing.T) {
	k := started(t)
	call(t, k, nil, "run", "kubectl cordon demo-worker")
	call(t, k, nil, "run", "kubectl cordon demo-worker2")
	call(t, k, nil, "apply", "one.yaml", deployYAML("one", `      containers:
      - name: c
        image: nginx:1.27
`))
	call(t, k, nil, "advance", 10000.0, 10000.0)
	pod := podOf(t, k, "one-")
	ex := explainIn(t, k, pod, "en")
	// Every node has one blocker: the control plane its taint, the workers their cordon. The first with
	// one blocker is proposed.
	if want := "Add a toleration for node-role.kubernetes.io/control-plane:NoSchedule (the taint of demo-control-plane)."; ex.Fix != want {
		t.Errorf("en fix:\n got %q\nwant %q", ex.Fix, want)
	}
	if got, want := explainIn(t, k, pod, "ja").Fix, "demo-control-plane の taint node-role.kubernetes.io/control-plane:NoSchedule を許容する toleration を Pod に追加してください。"; got != want {
		t.Errorf("ja fix:\n got %q\nwant %q", got, want)
	}
}

func TestExplainScoresWeightsAndTieBreak(t *testing.T) {
	k := started(t)
	call(t, k, nil, "apply", "one.yaml", deployYAML("one", `      containers:
      - name: c
        image: nginx:1.27
`))
	call(t, k, nil, "advance", 10000.0, 10000.0)
	pod := podOf(t, k, "one-")
	en, ja := explainIn(t, k, pod, "en"), explainIn(t, k, pod, "ja")
	if en.Chosen == "" || en.Fix != "" || len(en.Resources) != 0 {
		t.Fatalf("a running pod: chosen %q, fix %q, resources %+v", en.Chosen, en.Fix, en.Resources)
	}
	weight := map[string]int64{}
	for _, w := range en.Weights {
		weight[w.Name] = w.Weight
	}
	if weight["TaintToleration"] != 3 || weight["PodTopologySpread"] != 2 || weight["NodeResourcesFit"] != 1 {
		t.Errorf("weights: %+v", en.Weights)
	}
	scored := 0
	for _, n := range en.Nodes {
		if n.Total == nil {
			continue
		}
		scored++
		var sum int64
		for p, s := range n.Scores {
			if s != n.Normalized[p]*weight[p] {
				t.Errorf("%s %s: weighted %d != normalized %d × weight %d", n.Node, p, s, n.Normalized[p], weight[p])
			}
			if _, ok := n.Raw[p]; !ok {
				t.Errorf("%s %s: no raw score", n.Node, p)
			}
			sum += s
		}
		if sum != *n.Total {
			t.Errorf("%s: scores add up to %d, total %d", n.Node, sum, *n.Total)
		}
	}
	if scored != 2 {
		t.Fatalf("want the two workers scored, got %d: %+v", scored, en.Nodes)
	}
	// Two empty workers score the same: the tie and how it was broken are said.
	if en.Tie == nil || len(en.Tie.Nodes) != 2 || ja.Tie == nil {
		t.Fatalf("no tie between two empty workers: %+v", en.Nodes)
	}
	total := en.Tie.Total
	if want := "Equal scores: demo-worker and demo-worker2 both total " + strconv.FormatInt(total, 10) + ". The scheduler chooses at random among them (reservoir sampling, as kube-scheduler does), seeded by the simulation's seed: the same seed chooses the same node."; en.Tie.Text != want {
		t.Errorf("en tie:\n got %q\nwant %q", en.Tie.Text, want)
	}
	if want := "demo-worker、demo-worker2 の合計が同点(" + strconv.FormatInt(total, 10) + ")です。同点のノードからは無作為に 1 つを選びます(kube-scheduler と同じ reservoir sampling)。乱数はシミュレーションのシードから作るので、同じシードなら同じノードが選ばれます。"; ja.Tie.Text != want {
		t.Errorf("ja tie:\n got %q\nwant %q", ja.Tie.Text, want)
	}
}
