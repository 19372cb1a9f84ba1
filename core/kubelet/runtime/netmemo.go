package runtime

import (
	"strings"
	"time"
)

// A container's own commands reach the cluster network (Spec.Net) once per
// name and URL: the first answer is kept for the life of the process. The
// script is replayed to learn whether it exits (when it starts) and again for
// its logs (whenever they are read); both must see the same network, and a
// loop polling a Service must not send a request per turn.

type memoNet struct {
	net     Network
	records map[string]memoRecords
	lookups map[string]memoLookup
	gets    map[memoURL]memoGet
}

type memoLookup struct {
	fqdn, ip string
	ok       bool
}

type memoRecords struct {
	fqdn string
	recs []Record
	ok   bool
}

// Records is the network's every record of name, kept as Lookup's answer is.
func (m *memoNet) Records(name string) (string, []Record, bool) {
	if r, ok := m.records[name]; ok {
		return r.fqdn, r.recs, r.ok
	}
	var r memoRecords
	r.fqdn, r.recs, r.ok = records(m.net, name)
	if m.records == nil {
		m.records = map[string]memoRecords{}
	}
	m.records[name] = r
	return r.fqdn, r.recs, r.ok
}

type memoURL struct {
	host string
	port int32
	path string
}

type memoGet struct {
	body    string
	status  int
	refused bool
}

var _ Network = (*memoNet)(nil)

func (m *memoNet) Lookup(name string) (string, string, bool) {
	if l, ok := m.lookups[name]; ok {
		return l.fqdn, l.ip, l.ok
	}
	var l memoLookup
	l.fqdn, l.ip, l.ok = m.net.Lookup(name)
	if m.lookups == nil {
		m.lookups = map[string]memoLookup{}
	}
	m.lookups[name] = l
	return l.fqdn, l.ip, l.ok
}

func (m *memoNet) HTTP(host string, port int32, path string) (string, int, bool) {
	k := memoURL{host, port, path}
	if g, ok := m.gets[k]; ok {
		return g.body, g.status, g.refused
	}
	var g memoGet
	g.body, g.status, g.refused = m.net.HTTP(host, port, path)
	if m.gets == nil {
		m.gets = map[memoURL]memoGet{}
	}
	m.gets[k] = g
	return g.body, g.status, g.refused
}

func (m *memoNet) Nameserver() string { return m.net.Nameserver() }

// reach lets a script's wget and curl fetch Services and Pods through the
// network and, once the script has a start time (its logs, not its plan at
// start), what the pod's containers serve on localhost then.
func (p *Process) reach(sh *shell, started time.Time) {
	fetch := func(args []string) int32 {
		ctx := ExecContext{Now: started.Add(sh.elapsed)}
		if p.net != nil {
			ctx.Net = p.net
		}
		t := &tools{p: p, sh: sh, ctx: ctx}
		code, _ := t.run(args)
		return code
	}
	if p.net != nil {
		sh.remote = func(args []string) (int32, bool) {
			if host := urlHost(args[1:]); host != "" && p.outside(host) {
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
