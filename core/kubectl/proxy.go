package kubectl

// kubectl proxy: its flags and the running proxies; what it serves is in
// proxy_full.go (the lite build stops on it: proxy_lite.go).

var proxyFlags = []flagDef{
	{name: "port", short: "p", def: "8001"},
	{name: "address", def: "127.0.0.1"},
	{name: "accept-hosts"},
	{name: "api-prefix", def: "/"},
	{name: "disable-filter", isBool: true},
}

func init() {
	commands["proxy"] = &command{flags: proxyFlags, run: proxyRun}
}

// proxyServer is one running kubectl proxy: a local port that answers as
// kube-apiserver does, with kubectl's user.
type proxyServer struct {
	address string
	port    int
}

// Proxies reports how many kubectl proxies run.
func (k *Kubectl) Proxies() int { return len(k.proxies) }

// StopProxy stops the last kubectl proxy started (kill of its job).
func (k *Kubectl) StopProxy() {
	if n := len(k.proxies); n > 0 {
		k.proxies = k.proxies[:n-1]
	}
}

// StopForward stops the port-forward listening on a local port (kill of
// its job).
func (k *Kubectl) StopForward(local int) {
	kept := k.forwards[:0]
	for _, f := range k.forwards {
		if f.local != local {
			kept = append(kept, f)
		}
	}
	k.forwards = kept
}
