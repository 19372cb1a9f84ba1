package sh

import "testing"

// TestAsBashPrintsIt: scripts and what GNU bash 5 (with coreutils, GNU sed
// and mawk) printed for them, recorded from bash itself.
func TestAsBashPrintsIt(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`A="a b  c"; echo $A; echo "$A"; set -- $A; echo $#`, "a b c\na b  c\n3\n"},
		{`echo ${X:-"d e"} ${X-x}y`, "d e xy\n"},
		{`echo 'it''s' "q\"q" \$HOME a\\b`, "its q\"q $HOME a\\b\n"},
		{`echo "$(echo "in  ner")"`, "in  ner\n"},
		{"echo `echo a \\`echo b\\``", "a b\n"},
		{`x=5; echo $((x*2+1)) $((x>3 && x<10)) $(( -x )) $((x%3))`, "11 1 -5 2\n"},
		{`i=0; while [ $i -lt 3 ]; do i=$((i+1)); echo -n $i; done; echo`, "123\n"},
		{`for f in a b; do for g in 1 2; do echo $f$g; done; done | tr '\n' ' '; echo`, "a1 a2 b1 b2 \n"},
		{`case "x.yaml" in *.yml|*.yaml) echo yaml;; *) echo no;; esac`, "yaml\n"},
		{`echo a b c | cut -d' ' -f2-`, "b c\n"},
		{`printf '%s|%5d|%-4s|%x\n' s 42 ab 255`, "s|   42|ab  |ff\n"},
		{`printf '%s\n' a b c | sort -r | head -n 2 | tail -n 1`, "b\n"},
		{`echo "Name: x" | sed -e 's/Name: //' -e 's/x/y/'`, "y\n"},
		{`printf 'b 2\na 1\nc 3\n' | sort -k2 -n | awk '{print $1}'`, "a\nb\nc\n"},
		{`v=hello.tar.gz; echo ${v%.gz} ${v%%.*} ${v#*.} ${v##*.} ${#v}`, "hello.tar hello tar.gz gz 12\n"},
		{`echo one; false; echo $?; true; echo $?`, "one\n1\n0\n"},
		{`[ -z "" ] && echo empty; [ "a" != "b" ] && echo diff; test 3 -ge 3 && echo ge`, "empty\ndiff\nge\n"},
		{`echo -e 'a\tb\\c'`, "a\tb\\c\n"},
		{`{ echo x; echo y; } | wc -l`, "2\n"},
		{`echo $(printf 'a\nb')`, "a b\n"},
		{`A=1 B=2; echo $A$B`, "12\n"},
		{`unset A; echo "[${A}]"`, "[]\n"},
		{`seq 2 2 9 | xargs echo`, "2 4 6 8\n"},
		{`echo abc | tr a-c A-C; echo hello | tr -s l`, "ABC\nhelo\n"},
		{`printf 'x\ny\nx\n' | sort | uniq -c | sort -rn | head -1`, "      2 x\n"},
		{`echo 'a,b;c' | awk -F'[,;]' '{print NF, $3}'`, "3 c\n"},
		{`echo "  lead" | awk '{print $1}'; echo x | awk 'END{print NR}'`, "lead\n1\n"},
	} {
		if got := run(t, c.src); got != c.want {
			t.Errorf("%s\n got %q\nwant %q (bash)", c.src, got, c.want)
		}
	}
}
