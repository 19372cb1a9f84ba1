package main

import (
	"fmt"
	"io"
	"strings"

	"kubeplay/core/scenario"
	"kubeplay/core/shell"
)

// lessonShell is `kubeplay shell --lesson FILE|NAME`: the lesson's steps in the shell, as the page plays them.
// The learner types shell lines; `next` runs the current scripted step (on a learner's turn it plays the
// solution: "show me"), `hint` prints the hint, `lesson` repeats the current step. After every line the
// learner's turn is checked against the cluster, and turns ✓ when it holds.
type lessonShell struct {
	sc   *scenario.Scenario
	p    *scenario.Player
	sh   *shell.Shell
	out  io.Writer
	lang string
	seen int // transcript bytes already printed
}

// loadLesson reads a scenario file, or a built-in scenario by name.
func loadLesson(name string) (*scenario.Scenario, error) {
	if !strings.ContainsAny(name, "/.") {
		lib, err := scenario.Library()
		if err != nil {
			return nil, err
		}
		for _, sc := range lib {
			if sc.Name == name || strings.TrimLeft(strings.TrimLeft(sc.Name, "0123456789"), "-") == name {
				return sc, nil
			}
		}
	}
	return scenario.Load(name)
}

func newLessonShell(sc *scenario.Scenario, seed uint64, lang string, out io.Writer) *lessonShell {
	ls := &lessonShell{sc: sc, out: out, lang: lang}
	ls.p = scenario.NewPlayer(sc, scenario.Options{Seed: seed})
	ls.sh = shell.New(ls.p.Cluster(), out)
	ls.p.Cluster().SetOutput(out)
	ls.seen = len(ls.p.Result().Transcript)
	fmt.Fprintf(out, "# lesson %s: %s (%d steps; next runs a step, hint helps, lesson repeats it)\n", sc.Name, sc.Title.In(lang), len(sc.Steps))
	ls.show()
	return ls
}

// show prints the current step: its narration and, on the learner's turn, the goal.
func (ls *lessonShell) show() {
	st := ls.p.Current()
	if st == nil {
		fmt.Fprintf(ls.out, "# the lesson is done: %d of %d steps passed\n", ls.passed(), len(ls.sc.Steps))
		return
	}
	i := ls.p.Next()
	kind := ""
	if st.Learner() {
		kind = " (your turn)"
	}
	fmt.Fprintf(ls.out, "\n# step %d of %d%s\n", i+1, len(ls.sc.Steps), kind)
	for _, t := range []scenario.Text{st.Narration, st.YourTurn} {
		if t.IsZero() {
			continue
		}
		for _, l := range strings.Split(strings.TrimRight(scenario.PlainText(scenario.Markdown(t.In(ls.lang))), "\n"), "\n") {
			fmt.Fprintln(ls.out, strings.TrimRight("# "+l, " "))
		}
	}
}

func (ls *lessonShell) passed() int {
	n := 0
	for _, s := range ls.p.Result().Steps {
		ok := true
		for _, e := range s.Expectations {
			ok = ok && e.Passed
		}
		if ok {
			n++
		}
	}
	return n
}

// flush prints what the player wrote to its transcript since the last flush (a step's lines and ✓/✗).
func (ls *lessonShell) flush() {
	tr := ls.p.Result().Transcript
	if len(tr) > ls.seen {
		fmt.Fprint(ls.out, tr[ls.seen:])
		ls.seen = len(tr)
	}
}

// exec runs one line of the learner's; it reports false for exit.
func (ls *lessonShell) exec(line string) bool {
	switch strings.TrimSpace(line) {
	case "exit":
		return false
	case "next":
		if ls.p.Current() == nil {
			ls.show()
			return true
		}
		ls.p.Step()
		ls.flush()
		ls.show()
		return true
	case "hint":
		if st := ls.p.Current(); st != nil && !st.Hint.IsZero() {
			fmt.Fprintf(ls.out, "# hint: %s\n", strings.TrimSpace(scenario.PlainText(scenario.Markdown(st.Hint.In(ls.lang)))))
		} else {
			fmt.Fprintln(ls.out, "# no hint for this step")
		}
		return true
	case "lesson":
		ls.show()
		return true
	}
	var typed strings.Builder
	sh := ls.sh
	sh.SetOutput(io.MultiWriter(ls.out, &typed))
	sh.Exec(line)
	sh.SetOutput(ls.out)
	ls.p.Typed(typed.String())
	if scenario.Looks(line) {
		ls.check()
	} else {
		ls.attempt()
	}
	return true
}

// check looks at the learner's turn (time does not move); a pass prints its ✓ lines and the next step.
func (ls *lessonShell) check() {
	if ch, ok := ls.p.Check(); ok && ch.State == scenario.StatePassed {
		ls.flush()
		ls.show()
	}
}

// attempt checks the learner's turn after a line that changed something, as the page does after an Apply:
// a pass prints its ✓ lines and the next step, a miss one ✗ line per expectation not met, in the lesson's
// language (expected, what the cluster shows, the Event that says why).
func (ls *lessonShell) attempt() {
	ch, ok := ls.p.Attempt()
	if !ok {
		return
	}
	if ch.State == scenario.StatePassed {
		ls.flush()
		ls.show()
		return
	}
	st := ls.p.Current()
	for j, r := range ch.Expectations {
		if !r.Passed && j < len(st.Expect) {
			fmt.Fprintf(ls.out, "✗ %s\n", r.Feedback(st.Expect[j].Sentence(ls.lang), ls.lang))
		}
	}
}
