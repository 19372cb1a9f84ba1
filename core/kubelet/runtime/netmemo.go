package runtime

import (
	"strings"
	"time"
)

// A container's own commands reach the cluster network (Spec.Net) through a
// memory of its answers. The script is replayed to learn whether it exits
// (when it starts) and again for its logs (whenever they are read); every
// replay must see the same network, and a loop polling a Service must not
// send a request per turn. So each name and URL is asked once, and the
// answer holds from the offset (since the process started) it was learned
// at. An answer that failed (NXDOMAIN, connection refused) is asked again
// when the kubelet polls (Repoll): a script waiting for a Service
// (`until nslookup myservice; do sleep 2; done`, the init containers page)
// sees it from the poll that found it on, and its earlier turns keep
// failing, in its plan and in its logs alike.

type memoNet struct {
	net Network
	// at is the offset of the command asking, in the script running now.
	at      func() time.Duration
	records map[string][]memoRecords
	gets    map[memoURL][]memoGet
	sends   map[memoURL][]memoSend
}

// memoSend is a Conn's answer (the request's lines joined as the URL's path).
type memoSend struct {
	from    time.Duration
	reply   []string
	refused bool
}

type memoRecords struct {
	from time.Duration
	fqdn string
	recs []Record
	ok   bool
}

type memoURL struct {
	host string
	port int32
	path string
}

type memoGet struct {
	from    time.Duration
	body    string
	status  int
	refused bool
}

var (
	_ Network  = (*memoNet)(nil)
	_ Resolver = (*memoNet)(nil)
	_ Conn     = (*memoNet)(nil)
)

func (m *memoNet) now() time.Duration {
	if m.at == nil {
		return 0
	}
	return m.at()
}

// latest is the index of the answer that holds at offset t in a history.
func latest[T any](h []T, from func(T) time.Duration, t time.Duration) int {
	i := 0
	for j := range h {
		if from(h[j]) <= t {
			i = j
		}
	}
	return i
}

// Records is every record of name as the network answered when the asking
// command ran.
func (m *memoNet) Records(name string) (string, []Record, bool) {
	h, ok := m.records[name]
	if !ok {
		var r memoRecords
		r.fqdn, r.recs, r.ok = records(m.net, name)
		if m.records == nil {
			m.records = map[string][]memoRecords{}
		}
		h = []memoRecords{r}
		m.records[name] = h
	}
	r := h[latest(h, func(r memoRecords) time.Duration { return r.from }, m.now())]
	return r.fqdn, r.recs, r.ok
}

func (m *memoNet) Lookup(name string) (string, string, bool) {
	fqdn, recs, ok := m.Records(name)
	if !ok || len(recs) == 0 {
		return "", "", false
	}
	return fqdn, recs[0].IP, true
}

func (m *memoNet) HTTP(host string, port int32, path string) (string, int, bool) {
	k := memoURL{host, port, path}
	h, ok := m.gets[k]
	if !ok {
		var g memoGet
		g.body, g.status, g.refused = m.net.HTTP(host, port, path)
		if m.gets == nil {
			m.gets = map[memoURL][]memoGet{}
		}
		h = []memoGet{g}
		m.gets[k] = h
	}
	g := h[latest(h, func(g memoGet) time.Duration { return g.from }, m.now())]
	return g.body, g.status, g.refused
}

func (m *memoNet) Nameserver() string { return m.net.Nameserver() }

// Search is the pod's DNS search list.
func (m *memoNet) Search() []string { return searchOf(m.net) }

// Send carries a request to a TCP server, once per request as HTTP does.
func (m *memoNet) Send(ip string, port int32, req []string) ([]string, bool) {
	conn, ok := m.net.(Conn)
	if !ok {
		return nil, true
	}
	k := memoURL{ip, port, strings.Join(req, "\n")}
	h, ok := m.sends[k]
	if !ok {
		var s memoSend
		s.reply, s.refused = conn.Send(ip, port, req)
		if m.sends == nil {
			m.sends = map[memoURL][]memoSend{}
		}
		h = []memoSend{s}
		m.sends[k] = h
	}
	s := h[latest(h, func(s memoSend) time.Duration { return s.from }, m.now())]
	return s.reply, s.refused
}

// failing reports whether an answer the process holds last failed.
func (m *memoNet) failing() bool {
	for _, h := range m.records {
		if !h[len(h)-1].ok {
			return true
		}
	}
	for _, h := range m.gets {
		if h[len(h)-1].refused {
			return true
		}
	}
	for _, h := range m.sends {
		if h[len(h)-1].refused {
			return true
		}
	}
	return false
}

// repoll asks again what last failed; an answer that now succeeds holds
// from offset at on. It reports whether one did.
func (m *memoNet) repoll(at time.Duration) bool {
	changed := false
	for name, h := range m.records {
		if last := h[len(h)-1]; !last.ok && at > last.from {
			r := memoRecords{from: at}
			if r.fqdn, r.recs, r.ok = records(m.net, name); r.ok {
				m.records[name], changed = append(h, r), true
			}
		}
	}
	if conn, ok := m.net.(Conn); ok {
		for k, h := range m.sends {
			if last := h[len(h)-1]; last.refused && at > last.from {
				s := memoSend{from: at}
				if s.reply, s.refused = conn.Send(k.host, k.port, strings.Split(k.path, "\n")); !s.refused {
					m.sends[k], changed = append(h, s), true
				}
			}
		}
	}
	for k, h := range m.gets {
		if last := h[len(h)-1]; last.refused && at > last.from {
			g := memoGet{from: at}
			if g.body, g.status, g.refused = m.net.HTTP(k.host, k.port, k.path); !g.refused {
				m.gets[k], changed = append(h, g), true
			}
		}
	}
	return changed
}

// Polling reports whether the process is a script that runs on while an
// answer of the network it asked failed: the kubelet asks it to Repoll.
func (p *Process) Polling() bool {
	return p.script != nil && !p.Exits && p.net != nil && p.net.failing()
}

// Repoll asks the network again, elapsed after the start, what the
// process's script was last refused; when an answer changed, the script
// runs again with it from then on, and Repoll reports true: the process
// may now exit (Exits, ExitAfter).
func (p *Process) Repoll(elapsed time.Duration) bool {
	if p.script == nil || p.Exits || p.net == nil || !p.net.repoll(elapsed) {
		return false
	}
	p.runPlan()
	if p.Exits && p.ExitAfter < elapsed {
		p.ExitAfter = elapsed
	}
	if p.Exits && p.Reason == "" {
		p.Reason = ReasonCompleted
		if p.ExitCode != 0 {
			p.Reason = ReasonError
		}
	}
	return true
}

// reach lets a script's wget and curl fetch Services and Pods through the
// network and, once the script has a start time (its logs, not its plan at
// start), what the pod's containers serve on localhost then.
func (p *Process) reach(sh *shell, started time.Time) {
	if p.net != nil {
		p.net.at = func() time.Duration { return sh.elapsed }
	}
	fetch := func(args []string) int32 {
		ctx := ExecContext{Now: started.Add(sh.elapsed)}
		if p.net != nil {
			ctx.Net = p.net
		}
		t := &tools{p: p, sh: sh, ctx: ctx}
		code, _ := t.run(args)
		return code
	}
	// The clients the image carries (mysql, redis-cli, apt-get) run as
	// kubectl exec runs them.
	sh.tools = func(args []string) (int32, bool) {
		ctx := ExecContext{Now: started.Add(sh.elapsed)}
		if p.net != nil {
			ctx.Net = p.net
		}
		t := &tools{p: p, sh: sh, ctx: ctx}
		return t.appTool(args)
	}
	if p.net != nil {
		sh.remote = func(args []string) (int32, bool) {
			if host := urlHost(args[1:]); host != "" && p.outside(host) && internet[host].ip == "" {
				return 0, false
			}
			return fetch(args), true
		}
	}
	if !started.IsZero() {
		sh.local = fetch
	}
}

// urlHost is the host of the URL among a wget or curl's arguments (skipping
// the values of the options that take one: -O FILE, -T SEC...).
func urlHost(args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case strings.Contains(a, "://"):
			host, _, _ := parseURL(a)
			return host
		case a == "-O" || a == "-o" || a == "-T" || a == "-H" || a == "-X" || a == "-m" || a == "-w" || a == "--header" || a == "--timeout":
			i++
		case !strings.HasPrefix(a, "-"):
			host, _, _ := parseURL(a)
			return host
		}
	}
	return ""
}

// outside reports whether host is on the internet rather than in the
// cluster: the cluster's DNS does not answer it, and it is neither a
// Service's short name nor under the cluster's domain.
func (p *Process) outside(host string) bool {
	if _, _, ok := p.net.Lookup(host); ok {
		return false
	}
	h := strings.TrimSuffix(host, ".")
	if !strings.Contains(h, ".") || strings.HasSuffix(h, ".svc") || strings.HasSuffix(h, ".cluster.local") {
		return false
	}
	// <service>.<namespace>: one dot, and a namespace-like second label
	// that is no top-level domain learners type.
	if strings.Count(h, ".") == 1 {
		tld := h[strings.IndexByte(h, '.')+1:]
		switch tld {
		case "com", "org", "net", "io", "dev", "ch", "jp", "edu", "gov", "co", "app", "cloud", "info":
			return true
		}
		return false
	}
	return true
}
