package runtime

import (
	"maps"
	"strconv"
	"strings"
)

// Servers a client reaches over TCP (mysql_full.go, apps.go): the protocols of
// mysqld and redis-server, carried through the cluster network (Conn).

// Conn is a Network that carries a request to a TCP server in the cluster
// (mysql's and redis's protocols): the reply's lines, or refused.
type Conn interface {
	Send(ip string, port int32, req []string) (reply []string, refused bool)
}

// mysqlDB is a server's data: database → table → rows.
type mysqlDB struct {
	dbs map[string]map[string]*mysqlTable
}

type mysqlTable struct {
	cols []string
	rows [][]string
}

// Serves reports whether the process speaks a protocol Serve answers on port.
func (p *Process) Serves(port int32) bool {
	if _, listening := p.port(port); !listening {
		return false
	}
	return p.repo.App == "mysql" && port == 3306 || p.runsRedis() && strconv.Itoa(int(port)) == p.redisConfig()["port"]
}

// ReplicateFrom makes a replica's data its source's: the replicated MySQL
// tutorial's replicas clone their primary (xtrabackup) and then apply its
// binary log, a Redis replica (--replicaof) syncs fully, then follows the
// stream; kubeplay's replication has no lag.
func (p *Process) ReplicateFrom(src *Process) {
	if p.runsRedis() {
		p.redis = maps.Clone(src.redis)
		return
	}
	p.replicateMySQL(src)
}

// Serve answers a request to the process on port: SQL statements for
// mysqld (3306), a command for redis-server (6379); ok is false when the
// process does not serve that protocol there.
func (p *Process) Serve(port int32, req []string) (reply []string, ok bool) {
	if !p.Serves(port) || len(req) == 0 {
		return nil, false
	}
	switch {
	case p.repo.App == "mysql" && port == 3306:
		return p.mysqlRun(strings.Join(req, "\n")), true
	case p.runsRedis() && strconv.Itoa(int(port)) == p.redisConfig()["port"]:
		return p.redisCommand(req), true
	}
	return nil, false
}
