package sh

import "testing"

// TestPipeFiltersBehaveAsCoreutils runs each filter on a small table as
// GNU grep, head, tail, wc and sort would (the table the terminal's pipes
// were first held to).
func TestPipeFiltersBehaveAsCoreutils(t *testing.T) {
	in := "NAME    READY\nweb-b   1/1\nDB-a    0/1\nweb-a   1/1\ncache   10/10\n"
	cases := []struct{ pipe, want string }{
		{"grep web", "web-b   1/1\nweb-a   1/1\n"},
		{"grep -i db", "DB-a    0/1\n"},
		{"grep -v web", "NAME    READY\nDB-a    0/1\ncache   10/10\n"},
		{"grep -c web", "2\n"},
		{"grep -E 'web|cache'", "web-b   1/1\nweb-a   1/1\ncache   10/10\n"},
		{"grep 'web|cache'", ""},
		{"grep 'web\\|cache'", "web-b   1/1\nweb-a   1/1\ncache   10/10\n"},
		{"grep -E 'db' -ic", "1\n"},
		{"head -n 2", "NAME    READY\nweb-b   1/1\n"},
		{"head -1", "NAME    READY\n"},
		{"tail -n 1", "cache   10/10\n"},
		{"tail -n +2 | head -n 1", "web-b   1/1\n"},
		{"wc -l", "5\n"},
		{"grep web | wc -l", "2\n"},
		{"tail -n +2 | sort", "DB-a    0/1\ncache   10/10\nweb-a   1/1\nweb-b   1/1\n"},
		{"tail -n +2 | sort -r", "web-b   1/1\nweb-a   1/1\ncache   10/10\nDB-a    0/1\n"},
		{"tail -n +2 | sort -k 2 -n", "DB-a    0/1\nweb-a   1/1\nweb-b   1/1\ncache   10/10\n"},
		{"tail -n +2 | sort -k2 -rn | head -1", "cache   10/10\n"},
		{"grep nothing | wc -l", "0\n"},
	}
	for _, tc := range cases {
		in, out := newTest(&testHost{fs: memFS{"/in": in}})
		in.Run("cat /in | " + tc.pipe)
		if out.String() != tc.want {
			t.Errorf("| %s:\n got %q\nwant %q", tc.pipe, out.String(), tc.want)
		}
	}
}

// TestUsageErrorsUseTheToolsWords: a bad option or operand answers as the
// tool does, with its status.
func TestUsageErrorsUseTheToolsWords(t *testing.T) {
	for _, c := range []struct {
		src, want string
		st        int
	}{
		{"echo x | grep -z x", "grep: invalid option -- 'z'\nUsage: grep [OPTION]... PATTERNS [FILE]...\n", 2},
		{"echo x | grep", "Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n", 2},
		{"echo x | head -n x", "head: invalid number of lines: 'x'\n", 1},
		{"echo x | cut -f", "cut: option requires an argument -- 'f'\nTry 'cut --help' for more information.\n", 1},
		{"echo x | sort -q", "sort: invalid option -- 'q'\nTry 'sort --help' for more information.\n", 2},
		{"echo '!!' | base64 -d", "base64: invalid input\n", 1},
		{"echo x | sed 's/x'", "sed: -e expression #1, char 3: unterminated `s' command\n", 1},
		{"echo x | awk '{print'", "awk: syntax error at source line 1\n context is\n\t{print\nawk: bailing out at source line 1\n", 2},
		{"echo x | grep -E '('", "grep: Unmatched ( or \\(\n", 2},
	} {
		in, out := newTest(&testHost{fs: memFS{}})
		st, _ := in.Run(c.src)
		if out.String() != c.want || st != c.st {
			t.Errorf("%s: %q (status %d), want %q (%d)", c.src, out.String(), st, c.want, c.st)
		}
	}
}
