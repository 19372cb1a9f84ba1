//go:build !lite

package runtime

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// The programs of the tutorials past a first session, left out of the lite
// build (apps_lite.go): redis-server and redis-cli (the ConfigMap and
// guestbook tutorials), the guestbook's PHP frontend, echoserver.

// echoserver is registry.k8s.io/echoserver's nginx+lua page: the request
// as it arrived.
func (p *Process) echoserver(path string) string {
	q := ""
	if i := strings.IndexByte(path, '?'); i >= 0 {
		path, q = path[:i], path[i+1:]
	}
	return fmt.Sprintf("\n\nHostname: %s\n\nPod Information:\n\t-no pod information available-\n\nServer values:\n\tserver_version=nginx: 1.13.3 - lua: 10008\n\nRequest Information:\n\tclient_address=%s\n\tmethod=GET\n\treal path=%s\n\tquery=%s\n\trequest_version=1.1\n\trequest_scheme=http\n\trequest_uri=http://%s:8080%s\n\nRequest Headers:\n\taccept=*/*\n\thost=%s:8080\n\tuser-agent=curl/8.5.0\n\nRequest Body:\n\t-no body in request-\n\n",
		p.spec.hostname(), p.spec.PodIP, path, q, p.spec.PodIP, path, p.spec.PodIP)
}

// guestbook is the PHP frontend (kubernetes/examples guestbook/php-redis):
// index.html at /, and guestbook.php, which sets a key on redis-leader and
// reads it from redis-follower (GET_HOSTS_FROM=dns, the tutorial's).
func (p *Process) guestbook(path string) string {
	rest, isPHP := strings.CutPrefix(path, "/guestbook.php")
	if !isPHP {
		return guestbookIndex
	}
	q := map[string]string{}
	for _, kv := range strings.Split(strings.TrimPrefix(rest, "?"), "&") {
		k, v, _ := strings.Cut(kv, "=")
		q[k] = urlDecode(v)
	}
	switch q["cmd"] {
	case "set":
		p.send("redis-leader", 6379, []string{"SET", q["key"], q["value"]})
		return `{"message": "Updated"}`
	case "":
		return "phpinfo()"
	}
	value, _ := p.send("redis-follower", 6379, []string{"GET", q["key"]})
	return `{"data": "` + strings.Join(value, "") + `"}`
}

// urlDecode undoes a query string's %XX and + escapes.
func urlDecode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '+':
			b.WriteByte(' ')
		case s[i] == '%' && i+2 < len(s):
			if n, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				b.WriteByte(byte(n))
				i += 2
				continue
			}
			b.WriteByte(s[i])
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

const guestbookIndex = `<html ng-app="redis">
  <head>
    <title>Guestbook</title>
    <link rel="stylesheet" href="//netdna.bootstrapcdn.com/bootstrap/3.1.1/css/bootstrap.min.css">
    <script src="https://ajax.googleapis.com/ajax/libs/angularjs/1.2.12/angular.min.js"></script>
    <script src="controllers.js"></script>
    <script src="https://cdnjs.cloudflare.com/ajax/libs/angular-ui-bootstrap/0.13.0/ui-bootstrap-tpls.js"></script>
  </head>
  <body ng-controller="RedisCtrl">
    <div style="width: 50%; margin-left: 20px">
      <h2>Guestbook</h2>
    <form>
    <fieldset>
    <input ng-model="msg" placeholder="Messages" class="form-control" type="text" name="input"><br>
    <button type="button" class="btn btn-primary" ng-click="controller.onRedis()">Submit</button>
    </fieldset>
    </form>
    <div>
      <div ng-repeat="msg in messages track by $index">
        {{msg}}
      </div>
    </div>
    </div>
  </body>
</html>
`

// ReplicaOf is the server a replica follows (redis-server --replicaof
// HOST PORT, or its image's start script's): host and port, ok false for a
// primary.
func (p *Process) ReplicaOf() (host string, port int32, ok bool) {
	if !p.runsRedis() {
		return "", 0, false
	}
	f := strings.Fields(p.redisConfig()["replicaof"])
	if len(f) != 2 {
		return "", 0, false
	}
	n, err := strconv.Atoi(f[1])
	return f[0], int32(n), err == nil
}

// syncReplica brings a Redis replica up to its leader's keys before it
// answers on localhost (what the cluster's Send does for remote clients):
// the leader answers SYNC with its keys.
func (p *Process) syncReplica(net Network) {
	host, port, ok := p.ReplicaOf()
	conn, isConn := net.(Conn)
	if !ok || !isConn {
		return
	}
	_, ip, found := net.Lookup(host)
	if !found {
		return
	}
	reply, refused := conn.Send(ip, port, []string{"SYNC"})
	if refused {
		return
	}
	p.redis = map[string]string{}
	for _, l := range reply {
		if k, v, ok := strings.Cut(l, "\t"); ok {
			p.redis[k] = v
		}
	}
}

// redisConfig is what redis-server was started with: the directives of the
// configuration file its arguments name (as the Pod mounts it, when the
// container finds it) and --name value options, over redis's defaults.
func (p *Process) redisConfig() map[string]string {
	cfg := map[string]string{"maxmemory": "0", "maxmemory-policy": "noeviction", "port": "6379", "appendonly": "no", "save": "3600 1 300 100 60 10000", "databases": "16",
		"replicaof": p.repo.ReplicaOf}
	args := p.Argv
	for i, a := range args {
		if strings.HasSuffix(a, ".conf") && !strings.HasPrefix(a, "-") {
			for _, line := range p.spec.Files[a] {
				f := strings.Fields(line)
				if len(f) >= 2 && !strings.HasPrefix(f[0], "#") {
					cfg[strings.ToLower(f[0])] = redisValue(strings.ToLower(f[0]), strings.Join(f[1:], " "))
				}
			}
		}
		if name, ok := strings.CutPrefix(a, "--"); ok && i+1 < len(args) && name != "" {
			cfg[strings.ToLower(name)] = redisValue(strings.ToLower(name), args[i+1])
		}
	}
	return cfg
}

// redisValue is how CONFIG GET shows a value: memory sizes in bytes
// ("2mb" is 2097152, redis's memtoull: k/kb/m/mb/g/gb, the b forms binary).
func redisValue(name, v string) string {
	if name != "maxmemory" {
		return v
	}
	l := strings.ToLower(v)
	units := []struct {
		suf string
		mul int64
	}{{"kb", 1 << 10}, {"mb", 1 << 20}, {"gb", 1 << 30}, {"k", 1000}, {"m", 1000 * 1000}, {"g", 1000 * 1000 * 1000}, {"b", 1}}
	for _, u := range units {
		if n, ok := strings.CutSuffix(l, u.suf); ok {
			if x, err := strconv.ParseInt(n, 10, 64); err == nil {
				return strconv.FormatInt(x*u.mul, 10)
			}
		}
	}
	return v
}

// redisCLI is redis-cli without a terminal (kubectl exec without -t): it
// sends its arguments as one command to the server of its own container
// and prints the reply raw, one element a line.
func (t *tools) redisCLI(args []string) int32 {
	host, port := "127.0.0.1", "6379"
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		if len(args) < 2 {
			break
		}
		switch args[0] {
		case "-h":
			host = args[1]
		case "-p":
			port = args[1]
		}
		args = args[2:]
	}
	if len(args) == 0 {
		// Its commands from its standard input, one a line.
		for _, line := range t.sh.stdin {
			if f := strings.Fields(line); len(f) > 0 {
				if code := t.redisSend(host, port, f); code != 0 {
					return code
				}
			}
		}
		return 0
	}
	return t.redisSend(host, port, args)
}

// redisSend sends one command to the redis-server at host:port and prints
// its reply.
func (t *tools) redisSend(host, port string, args []string) int32 {
	local := host == "127.0.0.1" || host == "localhost" || host == t.p.spec.PodIP
	refused := fmt.Sprintf("Could not connect to Redis at %s:%s: Connection refused", host, port)
	var reply []string
	n, _ := strconv.Atoi(port)
	switch {
	case local:
		t.p.syncReplica(t.ctx.Net)
		r, ok := t.p.Serve(int32(n), args)
		if !ok {
			t.sh.eprint(refused)
			return 1
		}
		reply = r
	default:
		var ip string
		ok := false
		if t.ctx.Net != nil {
			_, ip, ok = t.ctx.Net.Lookup(host)
		}
		if !ok {
			t.sh.eprint(fmt.Sprintf("Could not connect to Redis at %s:%s: Name or service not known", host, port))
			return 1
		}
		conn, isConn := t.ctx.Net.(Conn)
		if !isConn {
			t.sh.eprint(refused)
			return 1
		}
		r, no := conn.Send(ip, int32(n), args)
		if no {
			t.sh.eprint(refused)
			return 1
		}
		reply = r
	}
	for _, l := range reply {
		t.print(l)
	}
	return 0
}

// redisCommand answers one command as redis-server does, in redis-cli's
// raw output.
func (p *Process) redisCommand(args []string) []string {
	if p.redis == nil {
		p.redis = map[string]string{}
	}
	cmd := strings.ToUpper(args[0])
	wrong := []string{fmt.Sprintf("ERR wrong number of arguments for '%s' command", strings.ToLower(args[0]))}
	switch cmd {
	case "PING":
		if len(args) > 1 {
			return []string{args[1]}
		}
		return []string{"PONG"}
	case "SET":
		if len(args) < 3 {
			return wrong
		}
		if p.redisConfig()["replicaof"] != "" {
			return []string{"READONLY You can't write against a read only replica."}
		}
		p.redis[args[1]] = args[2]
		return []string{"OK"}
	case "GET":
		if len(args) != 2 {
			return wrong
		}
		return []string{p.redis[args[1]]}
	case "SYNC":
		// A replica's full synchronization (kubeplay's form: key TAB value lines).
		keys := slices.Sorted(maps.Keys(p.redis))
		out := make([]string, len(keys))
		for i, k := range keys {
			out[i] = k + "\t" + p.redis[k]
		}
		return out
	case "DEL":
		n := 0
		for _, k := range args[1:] {
			if _, ok := p.redis[k]; ok {
				delete(p.redis, k)
				n++
			}
		}
		return []string{strconv.Itoa(n)}
	case "CONFIG":
		if len(args) == 3 && strings.EqualFold(args[1], "GET") {
			name := strings.ToLower(args[2])
			if v, ok := p.redisConfig()[name]; ok {
				return []string{name, v}
			}
			return nil
		}
		return []string{"ERR unknown subcommand or wrong number of arguments for '" + strings.Join(args[1:], " ") + "'"}
	}
	quoted := make([]string, len(args)-1)
	for i, a := range args[1:] {
		quoted[i] = "'" + a + "'"
	}
	return []string{fmt.Sprintf("ERR unknown command '%s', with args beginning with: %s", args[0], strings.Join(quoted, " "))}
}
