package runtime

import (
	"strconv"
	"strings"
	"time"
)

// MaxLogLines caps how many lines Logs returns (the newest are kept), as the
// kubelet's log rotation would.
const MaxLogLines = 2000

// Logs renders what the process printed from its start at startedAt until
// elapsed later; stopped says whether it was stopped by a signal at that
// point (servers print their shutdown lines). Logs are computed on demand:
// nothing is stored per container.
func (p *Process) Logs(startedAt time.Time, elapsed time.Duration, stopped bool) []string {
	if p.StartError != "" {
		return nil
	}
	var out []string
	for _, t := range p.repoLogs {
		out = append(out, p.render(t, startedAt))
	}
	for _, l := range p.static {
		if l.At <= elapsed {
			out = append(out, p.render(l.Text, startedAt.Add(l.At)))
		}
	}
	if p.script != nil {
		sh := p.shell(elapsed, MaxLogLines)
		sh.program = p.isServer
		sh.start = startedAt
		sh.peers = p.spec.Peers
		p.reach(sh, startedAt)
		sh.run(p.script)
		for _, l := range sh.out {
			if l.At <= elapsed {
				out = append(out, l.Text)
			}
		}
	}
	if p.piDigits > 0 && p.Exits && elapsed >= p.ExitAfter {
		out = append(out, piString(p.piDigits))
	}
	if p.Reason == ReasonOOMKilled && elapsed >= p.ExitAfter && strings.HasPrefix(p.firstArg(), "stress") {
		out = append(out, "stress: FAIL: [1] (415) <-- worker 7 got signal 9",
			"stress: WARN: [1] (417) now reaping child worker processes",
			"stress: FAIL: [1] (451) failed run completed in 1s")
	}
	if stopped {
		for _, t := range p.stopLogs {
			out = append(out, p.render(t, startedAt.Add(elapsed)))
		}
	}
	if len(out) > MaxLogLines {
		out = out[len(out)-MaxLogLines:]
	}
	return out
}

func (p *Process) firstArg() string {
	if len(p.Argv) == 0 {
		return ""
	}
	a := p.Argv[0]
	if i := strings.LastIndexByte(a, '/'); i >= 0 {
		a = a[i+1:]
	}
	return a
}

// render fills {time:LAYOUT}, {ip}, {version} and {hostname}.
func (p *Process) render(t string, at time.Time) string {
	if !strings.Contains(t, "{") {
		return t
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(t, '{')
		if i < 0 {
			b.WriteString(t)
			return b.String()
		}
		j := strings.IndexByte(t[i:], '}')
		if j < 0 {
			b.WriteString(t)
			return b.String()
		}
		b.WriteString(t[:i])
		key := t[i+1 : i+j]
		switch {
		case strings.HasPrefix(key, "time:"):
			layout := key[5:]
			if layout == "1136214245" {
				b.WriteString(strconv.FormatInt(at.Unix(), 10))
			} else {
				b.WriteString(at.UTC().Format(layout))
			}
		case key == "ip":
			b.WriteString(p.spec.PodIP)
		case key == "version":
			b.WriteString(p.spec.Image.Version)
		case key == "hostname":
			b.WriteString(p.spec.hostname())
		default:
			b.WriteString(t[i : i+j+1])
		}
		t = t[i+j+1:]
	}
}
