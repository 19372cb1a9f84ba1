package sh

import (
	"errors"
	"strings"
	"testing"
)

func TestScripts(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`echo hi`, "hi\n"},
		{`echo 'a  b' "c  d" e\ f`, "a  b c  d e f\n"},
		{`A=1; echo $A ${A} "$A" '$A'`, "1 1 1 $A\n"},
		{`echo ${U:-def} ${#HOME} ${U-x}`, "def 0 x\n"},
		{`V=hello; echo ${#V} ${V#he} ${V%lo} ${V:+set}`, "5 llo hel set\n"},
		{`echo $((1+2*3)) $(( (1+2)*3 )) $((10/3)) $((10%3)) $((2>1))`, "7 9 3 1 1\n"},
		{`i=0; while [ $i -lt 3 ]; do echo $i; i=$((i+1)); done`, "0\n1\n2\n"},
		{`until false; do echo once; false || exit 0; done`, "once\n"},
		{`for i in 1 2 3; do echo n$i; done`, "n1\nn2\nn3\n"},
		{`for w in $(echo a b) "c d"; do echo "[$w]"; done`, "[a]\n[b]\n[c d]\n"},
		{`if false; then echo a; elif true; then echo b; else echo c; fi`, "b\n"},
		{"if [ -z \"$X\" ]\nthen\n  echo empty\nfi", "empty\n"},
		{`case web-1 in db*) echo db;; web-*|x) echo web;; *) echo other;; esac`, "web\n"},
		{`{ echo a; echo b; } | wc -l`, "2\n"},
		{`A=1; (A=2; echo $A); echo $A`, "2\n1\n"},
		{`echo $(echo $(echo nested))`, "nested\n"},
		{"echo `echo back`", "back\n"},
		{`X=exported hello a b`, "hello a,b X=exported\n"},
		{`X=1; hello`, "hello  X=\n"},
		{`export X=2; hello`, "hello  X=2\n"},
		{`true && echo yes || echo no; false && echo yes || echo no`, "yes\nno\n"},
		{`fail; echo $?`, "3\n"},
		{`! true; echo $?`, "1\n"},
		{`echo -n a; echo -e 'b\tc'`, "ab\tc\n"},
		{`printf '%s=%d\n' a 1 b 2`, "a=1\nb=2\n"},
		{`printf '%5s|%-3s|\n' ab c`, "   ab|c  |\n"},
		{`nope`, "bash: nope: command not found\n"},
		{`nope; echo $?`, "bash: nope: command not found\n127\n"},
		{`echo a > f; echo b >> f; cat f`, "a\nb\n"},
		{`echo err 2>/dev/null; nope 2>/dev/null; echo $?`, "err\n127\n"},
		{`nope 2>&1 | grep -c found`, "1\n"},
		{"cat <<EOF\nx $HOME\ny\nEOF", "x \ny\n"},
		{"A=v; cat <<'EOF'\n$A\nEOF", "$A\n"},
		{"A=v; cat <<EOF\n$A\nEOF", "v\n"},
		{"cat <<-EOF\n\tindented\n\tEOF", "indented\n"},
		{`echo "a|b" | cut -d'|' -f2`, "b\n"},
		{`seq 3 | sort -r | head -n 2`, "3\n2\n"},
		{`seq 5 | tail -n +4`, "4\n5\n"},
		{`printf 'b\na\nb\n' | sort | uniq -c`, "      1 a\n      2 b\n"},
		{`echo hello | tr a-z A-Z`, "HELLO\n"},
		{`echo hello | tr -d l`, "heo\n"},
		{`echo aXbXc | sed 's/X/-/g'`, "a-b-c\n"},
		{`echo aXbXc | sed 's/X/-/'`, "a-bXc\n"},
		{`printf '1\n2\n3\n' | sed -n '2p'`, "2\n"},
		{`printf '1\n2\n3\n' | sed '/2/d'`, "1\n3\n"},
		{`echo 'foo bar' | sed -E 's/(o+) (b)/[\1\2]/'`, "f[oob]ar\n"},
		{`echo 'a b c' | awk '{print $2}'`, "b\n"},
		{`echo 'a:b:c' | awk -F: '{print $NF, NF}'`, "c 3\n"},
		{`printf 'x 1\ny 2\n' | awk '$2 > 1 {print $1}'`, "y\n"},
		{`printf 'x 1\ny 2\n' | awk '{s += $2} END {print s}'`, "3\n"},
		{`printf 'a\nb\n' | awk 'NR==2'`, "b\n"},
		{`printf 'web-1\ndb-1\n' | awk '/web/ {print "found " $1}'`, "found web-1\n"},
		{`echo pods/a pods/b | xargs -n 1 echo del`, "del pods/a\ndel pods/b\n"},
		{`echo hi | base64 | base64 -d`, "hi\n"},
		{`echo aGk= | base64 -d`, "hi"},
		{`basename /a/b/c.txt .txt; dirname /a/b/c.txt`, "c\n/a/b\n"},
		{`echo hi | tee t >/dev/null; cat t`, "hi\n"},
		{`printf 'Web\nx\n' | grep -i web`, "Web\n"},
		{`printf 'a1\nb2\n' | grep -o '[0-9]'`, "1\n2\n"},
		{`printf 'a\nb\n' | grep -n b`, "2:b\n"},
		{`printf 'a\nb\n' | grep -q b && echo found`, "found\n"},
		{`echo x | grep y; echo $?`, "1\n"},
		{`printf 'l1\nl2\n' | while read l; do echo "got $l"; done`, "got l1\ngot l2\n"},
		{"read a b <<EOF\none two three\nEOF\necho $a/$b", "one/two three\n"},
		{`test 1 -eq 1 && [ a = a ] && [ ! -n "" ] && echo ok`, "ok\n"},
		{`[ 1 -lt x ]`, "bash: [: x: integer expression expected\n"},
		{`type echo cat hello2`, "echo is a shell builtin\ncat is /usr/bin/cat\nbash: type: hello2: not found\n"},
		{`command -v echo`, "echo\n"},
		{`cd /tmp; pwd`, "bash: cd: /tmp: No such file or directory\n/\n"},
		{`echo $$ $!`, "4242\n"},
		{`exit 3; echo no`, ""},
		{"echo a; # comment\necho b", "a\nb\n"},
		{"echo \"multi\nline\"", "multi\nline\n"},
		{`echo $(( 1 / 0 ))`, "bash: 1 / 0: division by 0 (error token is \"0\")\n"},
		{`eval 'echo ev'`, "ev\n"},
		{`set -- a b; echo $# $1 $2`, "2 a b\n"},
		{`A="x y"; for w in $A; do echo $w; done`, "x\ny\n"},
		{`A="x y"; for w in "$A"; do echo $w; done`, "x y\n"},
		{`echo "$(printf 'a\n\n')"end`, "aend\n"},
	} {
		got := run(t, c.src)
		if got != c.want {
			t.Errorf("%s\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}

func TestSyntaxErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`fi`, "bash: syntax error near unexpected token `fi'\n"},
		{`echo a;;`, "bash: syntax error near unexpected token `;;'\n"},
		{`&& echo`, "bash: syntax error near unexpected token `&&'\n"},
		{`echo a | | b`, "bash: syntax error near unexpected token `|'\n"},
		{`if then fi`, "bash: syntax error near unexpected token `then'\n"},
		{`echo )`, "bash: syntax error near unexpected token `)'\n"},
	} {
		if got := run(t, c.src); got != c.want {
			t.Errorf("%s\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}

func TestIncompleteInputAsksForMore(t *testing.T) {
	for _, src := range []string{"echo 'a", `echo "a`, "if true; then", "for i in 1 2; do", "echo a |", "echo a &&",
		"cat <<EOF\nbody\n", "echo $(ls", "echo `ls", "echo a \\\n", "while true\n", "{ echo a;", "case x in", "echo ${A"} {
		if _, err := Parse(src); !errors.Is(err, ErrIncomplete) {
			t.Errorf("%q: %v, want incomplete", src, err)
		}
	}
	for _, src := range []string{"echo a\n", "cat <<EOF\nbody\nEOF\n", "if true; then echo; fi", "echo a \\\nb"} {
		if _, err := Parse(src); err != nil {
			t.Errorf("%q: %v", src, err)
		}
	}
}

func TestJobsLongListing(t *testing.T) {
	in, out := newTest(&testHost{})
	in.Run("serve 1 &")
	out.Reset()
	in.Run("jobs -l; jobs -p")
	if want := "[1]+ 4301 Running                 serve 1 &\n4301\n"; out.String() != want {
		t.Errorf("got %q want %q", out.String(), want)
	}
}

func TestBackgroundJobs(t *testing.T) {
	h := &testHost{}
	in, out := newTest(h)
	for _, line := range []string{"serve 8001 &", "jobs", "echo $!", "hello &", "jobs", "kill %1", "jobs", "kill %1", "kill 99"} {
		in.Run(line)
		in.Notify(out)
	}
	want := "[1] 4301\nserving\n[1]+  Running                 serve 8001 &\n4301\n[2] 4302\nhello  X=\n" +
		"[2]+  Done                    hello\n[1]+  Running                 serve 8001 &\n[1]+  Terminated              serve 8001\n" +
		"bash: kill: %1: no such job\nbash: kill: (99) - No such process\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	if len(h.stopped) != 1 || h.stopped[0] != "serve 8001" {
		t.Errorf("stopped %v", h.stopped)
	}
}

func TestBoundsStopRunawayScripts(t *testing.T) {
	for _, src := range []string{"while true; do :; done", "while true; do echo x; done | wc -l", "for i in $(seq 100000); do :; done",
		"until false; do A=$A$A; done"} {
		h := &testHost{}
		in, _ := newTest(h)
		in.Run(src)
		if !in.Stopped() {
			t.Errorf("%q did not stop on its budget", src)
		}
	}
	h := &testHost{budget: 10e9}
	in, _ := newTest(h)
	in.Run("while true; do sleep 1; done")
	if !in.Stopped() || h.slept != 11e9 {
		t.Errorf("sleep loop: stopped %v after %v", in.Stopped(), h.slept)
	}
}

func TestFlavours(t *testing.T) {
	for _, c := range []struct {
		f         Flavour
		src, want string
	}{
		{Busybox, "curl x", "sh: curl: not found\n"},
		{Dash, "curl x", "sh: 1: curl: not found\n"},
		{Dash, `echo 'a\tb'`, "a\tb\n"},
		{Bash, `echo 'a\tb'`, "a\\tb\n"},
		{Dash, `echo -e x`, "-e x\n"},
		{Busybox, "cat /nope", "cat: can't open '/nope': No such file or directory\n"},
		{Bash, "cat /nope", "cat: /nope: No such file or directory\n"},
		{Busybox, "sleep 1 &", ""},
	} {
		in, out := newTest(&testHost{flavour: c.f, fs: memFS{}})
		in.Interactive = false // sh -c
		in.Run(c.src)
		if out.String() != c.want {
			t.Errorf("%v %s: got %q want %q", c.f, c.src, out.String(), c.want)
		}
	}
}

func TestStatePersistsAcrossRuns(t *testing.T) {
	in, out := newTest(&testHost{})
	in.Run(`export POD_NAME="$(echo web-1)"`)
	in.Run(`echo "Name of the Pod: $POD_NAME"`)
	in.Run(`hello`)
	if want := "Name of the Pod: web-1\nhello  X=\n"; out.String() != want {
		t.Errorf("got %q", out.String())
	}
	if _, ok := in.Environ()["POD_NAME"]; !ok {
		t.Errorf("POD_NAME not exported")
	}
}

// FuzzParse: no input makes the parser or the interpreter panic or hang.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"echo hi", "if a; then b; elif c; then d; else e; fi", "for i in 1 2; do echo $i; done",
		"case x in a|b) echo;; *) :;; esac", "cat <<EOF\n$A\nEOF\n", "a=$(b `c` $((1+2)))", "{ a; } 2>&1 | b &",
		"echo ${A:-${B:-c}} ${#A} ${A%x}", "while read l; do echo $l; done < f", "(a; (b))", "echo \"$(echo \")\")\"",
		"$((((((", "echo $(( 1 +", "x=1 y=2 cmd >a 2>b <c &>d", "!", "a | b && c || d; e &", "until false; do A=$A$A; done"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 2000 {
			return
		}
		Parse(src)
		h := &testHost{fs: memFS{}, budget: 1e9}
		in, _ := newTest(h)
		in.Run(src)
	})
}

func TestCasePatterns(t *testing.T) {
	for _, c := range []struct {
		p, s string
		want bool
	}{
		{"*", "", true}, {"web-*", "web-1", true}, {"*-1", "web-1", true}, {"w?b*", "web", true}, {"[a-c]x", "bx", true},
		{"[!a-c]x", "bx", false}, {"a*b*c", "aXXbYYc", true}, {"a*b*c", "aXXbYY", false}, {`\*`, "*", true}, {"x", "y", false},
		{strings.Repeat("*a", 30) + "c", strings.Repeat("a", 60) + "b", false},
	} {
		if got := globMatch(c.p, c.s); got != c.want {
			t.Errorf("%q ~ %q: %v", c.p, c.s, got)
		}
	}
}
