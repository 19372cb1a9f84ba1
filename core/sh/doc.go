// Package sh is kubeplay's one shell: a POSIX-shell subset (with bash's
// and busybox's differences) that the terminal runs the learner's lines
// with (core/shell), and that a container's `sh -c` is to run with
// (core/kubelet/runtime, in a follow-up port).
//
// # Grammar
//
// Parse reads a script into a syntax tree (Script → List of AndOr items,
// each `&`-backgrounded or not → Pipelines → Commands: Simple, If, Loop,
// For, Case, Group). Words keep their quoting and are expanded when their
// command runs: '…' "…" \x, $VAR ${VAR} ${VAR:-w} ${VAR-w} ${VAR:=w}
// ${VAR:+w} ${VAR:?w} ${#VAR} ${VAR#p} ${VAR%p} (## %%), $? $$ $! $# $0
// $1… $@ $*, $(…) and `…` (nested), $((…)) (integers, C precedence,
// NAME=, +=, ++). Unquoted expansions split on blanks; there is no
// pathname expansion (a pattern stays as typed, as bash leaves one that
// matches no file). Assignments (A=1; A=1 cmd for cmd's environment),
// redirections (> >> < 2> 2>&1 >&2 &> &>> N>&M, /dev/null, /dev/stdout),
// here-strings (<<<word), here-documents (<<EOF expands, <<'EOF' does not, <<-EOF strips tabs; the
// body follows on the next lines), if/elif/else, while/until, for, case,
// { …; }, ( … ), ! pipelines, # comments, \newline. Parse answers
// ErrIncomplete for input that stops inside a construct: an interactive
// caller prompts for more (PS2 "> ") and parses again with the next line;
// a *SyntaxError prints bash's words ("syntax error near unexpected token
// `fi'").
//
// # Running
//
// New(host, stdout, stderr) returns an Interp: variables (Vars, Exported),
// the working directory (Dir; "" keeps relative paths as typed), $?, the
// background jobs. Interp.Run(src) runs a complete script; state persists
// across calls (a terminal calls Run per line). Notify prints bash's job
// notices ("[1]+  Done …", "[1]+  Terminated …") before the next prompt.
//
// Builtins (builtins.go, test.go): echo (bash/busybox -n -e -E; dash
// always reads escapes), printf, export, unset, set, readonly, local,
// true, false, :, test and [ ], exit, cd, pwd, read, jobs, kill (%N, %+,
// PIDs), wait, sleep, type, command -v, eval, shift. Utilities (utils.go,
// cut.go, base64.go, sed.go, awk.go): grep, egrep, fgrep, head, tail, wc,
// sort, uniq, cut, base64, tr, cat, tee, sed, awk, xargs, seq, basename,
// dirname, rev, with GNU's words and busybox's where they differ. They
// read files through the Host's FS and run only where Host.Has says the
// machine has them.
//
// # Host
//
// The Host is the machine: Flavour (Bash, Busybox, Dash), Prefix of the
// shell's own diagnostics ("bash: ", "sh: ", "sh: 1: "), FS (ReadFile,
// WriteFile with append, ReadDir, Stat, Mkdir, Remove; nil for none: reads
// find nothing, writes fail as on a read-only file system), Has(utility),
// Run(*Cmd) for external programs (found=false when the machine has none:
// the shell prints NotFound(name) and sets $? to 127), and Sleep(d), which
// lets virtual time pass and answers false to stop the script (its budget
// is spent). A Cmd carries the expanded Args, the exported Env, Stdin
// bytes, Stdout/Stderr writers and, for `cmd &`, the Job: a program that
// keeps running (a port-forward) sets Job.Stop, which kill calls. A Host
// may also have Path(name) string, what type and command -v print for its
// programs.
//
// # Bounds
//
// One Run executes at most MaxSteps commands (loop iterations count, and
// so does every 4 KiB expanded or written), a stream takes at most 4 MiB,
// a variable 256 KiB, nesting 100 levels; the parser takes 1 MiB and 200
// levels. Arithmetic errors, bad substitutions and usage errors print the
// tool's words. No input panics or hangs (FuzzParse runs its seeds in go
// test).
//
// # Porting a container's sh -c (core/kubelet/runtime)
//
// The runtime's shell.go/shparse.go/shexpand.go/shfilter.go become one
// Host in the runtime: Flavour from the image (p.flavour), Prefix "sh: "
// (busybox), "sh: 1: " (dash) or "sh: line 1: " (bash run as sh); FS over
// the container's files (the image's, the mounted volumes', what the script
// wrote: today's files/contents maps, peers for shared emptyDirs); Has from
// hasTool and the image's Binaries; Run for the image's programs and the
// network tools (tools.run, local, remote, program: a long-running server
// returns after marking the script as serving and calling Sleep with the
// rest of the limit); NotFound via the flavour; Sleep adds to the script's
// elapsed time and answers false past its limit (the probe's and exec's
// budgets). LogLine timestamps come from a Stdout writer that stamps each
// line with the elapsed time. RunExec builds the Interp with the container's
// Env, runs the script, and returns Interp.Status (or ExitCode after exit).
// tail -f and the lenient probe mode stay in the runtime's Host.
package sh
