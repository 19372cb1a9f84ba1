package scenario

import (
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

func loadYourTurn(t *testing.T) *Scenario {
	t.Helper()
	sc, err := Load("testdata/your-turn.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func learnerApply(t *testing.T, p *Player, sc *Scenario, file string) {
	t.Helper()
	f, ok := sc.File(file)
	if !ok {
		t.Fatalf("no file %s", file)
	}
	if code, _ := p.Cluster().Kubectl(io.Discard).ApplyContent(f.Name, []byte(f.Content), io.Discard, io.Discard); code != 0 {
		t.Fatalf("apply %s: exit %d", file, code)
	}
}

// advanceChecking lets virtual time run as the page's clock does, checking the learner's step after every
// slice, and returns the first check that passed (or the last one).
func advanceChecking(p *Player, d time.Duration) Check {
	var ch Check
	for end := p.Now().Add(d); p.Now().Before(end); {
		p.Advance(time.Second)
		ch, _ = p.Check()
		if ch.State == StatePassed {
			break
		}
	}
	return ch
}

func TestALearnersTurnPassesOnlyAfterTheLearnersOwnApply(t *testing.T) {
	sc := loadYourTurn(t)
	p := NewPlayer(sc, Options{})
	defer p.Close()
	if _, ok := p.Check(); ok {
		t.Fatal("Check answered for a scripted step")
	}
	if sr := p.Step(); !sr.Expectations[0].Passed {
		t.Fatalf("step 1: %s", sr.Expectations[0].Message())
	}
	ch, ok := p.Check()
	if !ok || ch.Index != 1 || ch.State != StatePending {
		t.Fatalf("the learner's step before they act: %+v, %v; want pending step 2", ch, ok)
	}
	// Time passing alone, with the broken Deployment, does not make the step pass, nor fail it: an idle
	// learner has not tried yet.
	if ch = advanceChecking(p, 3*time.Minute); ch.State != StatePending {
		t.Fatalf("after 3m without the learner: %s, want pending", ch.State)
	}
	if p.Next() != 1 {
		t.Fatalf("the step moved on without the learner (next %d)", p.Next())
	}
	// Applying the same broken file again is an attempt that fails at once, saying what the cluster shows.
	learnerApply(t, p, sc, "web.yaml")
	if ch, _ = p.Attempt(); ch.State != StateFailed || ch.Attempts != 1 || ch.Expectations[0].Passed {
		t.Fatalf("the broken file applied again: %+v", ch)
	}
	if fb := ch.Expectations[0].Feedback("web-* の Pod 1 個が 2 分以内に Running になる", "ja"); !strings.Contains(fb, "ImagePullBackOff") || !strings.Contains(fb, "Running の Pod は 0 個") {
		t.Errorf("feedback in Japanese: %s", fb)
	}
	// A look afterwards keeps the failure the attempt found.
	if ch, _ = p.Check(); ch.State != StateFailed {
		t.Fatalf("a look after a failed attempt: %s", ch.State)
	}
	learnerApply(t, p, sc, "web-fixed.yaml")
	if ch, _ = p.Attempt(); ch.State != StatePassed || ch.Attempts != 2 {
		t.Fatalf("after the learner's fix: %+v", ch)
	}
	if !p.Done() || len(p.Result().Steps) != 2 || !p.Result().Passed() {
		t.Fatalf("the play is not done and passed: next %d, %+v", p.Next(), p.Result().Failures())
	}
	if tr := p.Result().Transcript; !strings.Contains(tr, "# step 2 (your turn)\n✓ 1 pod(s) web-* Running") {
		t.Errorf("transcript lacks the learner's ✓:\n%s", tr)
	}
}

func TestPlayingALearnersTurnRunsItsSolution(t *testing.T) {
	res := Play(loadYourTurn(t), Options{Lang: "en"})
	if !res.Passed() {
		t.Fatalf("failures: %+v\n%s", res.Failures(), res.Transcript)
	}
	for _, want := range []string{"# step 2 (your turn)\n# Your turn now\n# Fix `ngnix` to `nginx`, apply, and get the Pod Running\n$ kubectl apply -f web-fixed.yaml\ndeployment.apps/web configured\n"} {
		if !strings.Contains(res.Transcript, want) {
			t.Errorf("transcript lacks %q:\n%s", want, res.Transcript)
		}
	}
}

func TestALearnersTurnIsValidated(t *testing.T) {
	base, err := readTestdata("your-turn.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ name, from, to, want string }{
		{"a learner's turn that also runs", "  hint: {ja:", "  run: [kubectl get pods]\n  hint: {ja:", "your-turn.yaml:47: step 2 is the learner's turn (yourTurn): it has no apply or run"},
		{"a learner's turn without expect", "  expect:\n  - podStatus: {pod: web-*, status: Running", "  foo:\n  - podStatus: {pod: web-*, status: Running", `unknown field "foo" in a step`},
		{"a solution applying an unknown file", "apply: web-fixed.yaml", "apply: web-fix.yaml", `your-turn.yaml:50: step 2: solution applies "web-fix.yaml", which is not one of files`},
		{"a hint on a scripted step", "  apply: web.yaml\n", "  apply: web.yaml\n  hint: {ja: ヒント, en: a hint}\n", "your-turn.yaml:44: step 1: hint belongs to a learner's turn (yourTurn)"},
		{"a goal in one language", `yourTurn: {ja: "` + "`ngnix`", `yourTurn: {jp: "` + "`ngnix`", `unknown field "jp" in a text (ja, en)`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(base, c.from, c.to, 1)
			if src == base {
				t.Fatalf("the case changes nothing")
			}
			_, err := Parse("your-turn.yaml", []byte(src))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Parse = %v, want %q", err, c.want)
			}
		})
	}
	noExpect := strings.Replace(base, "  expect:\n  - podStatus: {pod: web-*, status: Running, count: 1, within: 2m}\n", "", 1)
	if _, err := Parse("your-turn.yaml", []byte(noExpect)); err == nil || !strings.Contains(err.Error(), "your-turn.yaml:47: step 2 is the learner's turn (yourTurn): it needs expect") {
		t.Fatalf("Parse without expect = %v", err)
	}
}

func readTestdata(name string) (string, error) {
	b, err := os.ReadFile("testdata/" + name)
	return string(b), err
}

func TestAStepAppliesTheLearnersFileWhenTheyKeepIt(t *testing.T) {
	sc := loadYourTurn(t)
	p := NewPlayer(sc, Options{})
	defer p.Close()
	f, _ := sc.File("web.yaml")
	p.UseFile("web.yaml", strings.Replace(f.Content, "ngnix", "nginx", 1))
	if sr := p.Step(); sr.Expectations[0].Passed {
		t.Fatalf("the learner's fixed file did not replace the lesson's: %s", sr.Expectations[0].Message())
	}
	if f2, _ := sc.File("web.yaml"); f2.Content != f.Content {
		t.Fatal("UseFile changed the scenario itself")
	}
}

func TestDeeplyNestedBracketsAreRefusedBeforeDecoding(t *testing.T) {
	deep := "apiVersion: kubeplay.dev/v1\nkind: Scenario\nname: deep\nsteps: " + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + "\n"
	if _, err := Parse("lesson.yaml", []byte(deep)); err == nil || err.Error() != "lesson.yaml:4: brackets nested deeper than 64 levels" {
		t.Fatalf("Parse = %v", err)
	}
	// Brackets in quotes and comments, and ordinary flow YAML, are not counted against it.
	ok, err := readTestdata("your-turn.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ok += "# " + strings.Repeat("[", 100) + "\n"
	ok = strings.Replace(ok, "hint: {ja: \"web.yaml", "hint: {ja: \""+strings.Repeat("{", 100)+" web.yaml", 1)
	if _, err := Parse("lesson.yaml", []byte(ok)); err != nil {
		t.Fatalf("Parse of a lesson with brackets in a comment and a string: %v", err)
	}
}

// The review's lesson (issue 27): a wrong fix (cpu 4, still more than a node has free) fails within one attempt
// with the Pods it left Pending and the scheduler's reason, in the learner's language; the right fix passes.
func TestAWrongFixFailsAtOnceWithTheSchedulersReason(t *testing.T) {
	sc, err := Load("testdata/pending-reasons.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p := NewPlayer(sc, Options{})
	defer p.Close()
	p.Step()
	p.Step()
	if ch, _ := p.Check(); ch.State != StatePending || ch.Index != 2 {
		t.Fatalf("the learner's turn before they act: %+v", ch)
	}
	set := func(cpu string) {
		p.Shell().Exec("kubectl set resources deployment web --requests=cpu=" + cpu)
	}
	set("4")
	start := p.Now()
	ch, _ := p.Attempt()
	if ch.State != StateFailed || ch.Attempts != 1 {
		t.Fatalf("a wrong fix: %+v", ch)
	}
	r := ch.Expectations[0]
	sentence := sc.Steps[2].Expect[0].Sentence("ja")
	fb := r.Feedback(sentence, "ja")
	for _, want := range []string{"まだです: 「web-* の Pod 2 個が 3 分以内に Running になる」はずが、いまは Running の Pod は ", "Pending (ノード未定)", "理由 (Event): FailedScheduling: 0/3 nodes are available:", "Insufficient cpu"} {
		if !strings.Contains(fb, want) {
			t.Errorf("feedback lacks %q:\n%s", want, fb)
		}
	}
	if en := r.Feedback(sc.Steps[2].Expect[0].Sentence("en"), "en"); !strings.HasPrefix(en, "Not yet: expected 2 Pod(s) web-* are Running within 3m; now: ") || !strings.Contains(en, "Why (Event): FailedScheduling") {
		t.Errorf("feedback in English: %s", en)
	}
	if waited := p.Now().Sub(start); waited != 3*time.Minute {
		t.Errorf("the attempt waited %v of virtual time, want its within (3m)", waited)
	}
	set("500m")
	if ch, _ = p.Attempt(); ch.State != StatePassed || ch.Attempts != 2 || p.Next() != 3 {
		t.Fatalf("the right fix: %+v", ch)
	}
}
