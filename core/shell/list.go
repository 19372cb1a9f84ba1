package shell

import (
	"fmt"
	"strings"
)

// A line may hold a list of commands, as tutorials chain them:
//
//	kubectl apply -f web.yaml && kubectl rollout status deployment/web
//	kubectl delete pod web || true; kubectl get pods
//
// && runs the next command when the last one succeeded, || when it failed,
// ; always. Each command's $(…) runs when the command does.

// listItem is one command of a list and the operator before it ("" for the
// first).
type listItem struct {
	op, cmd string
}

// splitList splits line at &&, || and ; outside quotes and $(…).
func splitList(line string) []listItem {
	var items []listItem
	op, start, second := "", 0, -1
	outside(line, func(i int) {
		c := line[i]
		switch {
		case i == second:
		case c == ';':
			items = append(items, listItem{op, strings.TrimSpace(line[start:i])})
			op, start = ";", i+1
		case (c == '&' || c == '|') && i+1 < len(line) && line[i+1] == c:
			items = append(items, listItem{op, strings.TrimSpace(line[start:i])})
			op, start, second = line[i:i+2], i+2, i+1
		}
	})
	return append(items, listItem{op, strings.TrimSpace(line[start:])})
}

// runList runs a line's commands in turn; it reports whether the last one
// that ran could run.
func (s *Shell) runList(line string) bool {
	items := splitList(line)
	// A syntax error stops the whole line before anything runs, as in bash.
	for i, it := range items {
		if it.cmd == "" && (i < len(items)-1 || it.op != ";") {
			fmt.Fprintf(s.out, "syntax error near unexpected token `%s'\n", nextOp(items, i))
			return false
		}
	}
	ok, failed := true, false
	for _, it := range items {
		if it.cmd == "" {
			continue
		}
		if it.op == "&&" && failed || it.op == "||" && !failed {
			continue
		}
		cmd, closed := s.substitute(it.cmd)
		if !closed {
			return false
		}
		s.code = 0
		ok = s.run(cmd)
		failed = !ok || s.code != 0
	}
	return ok
}

// nextOp is the operator a syntax error names: the one after an empty
// command (;; for two semicolons).
func nextOp(items []listItem, i int) string {
	if i+1 < len(items) {
		if items[i].op == ";" && items[i+1].op == ";" {
			return ";;"
		}
		return items[i+1].op
	}
	return items[i].op
}
