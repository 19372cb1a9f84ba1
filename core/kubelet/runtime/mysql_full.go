//go:build !lite

package runtime

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// mysqld and the mysql client: the parts the kubernetes.io MySQL tutorials
// run ("Run a Single-Instance Stateful Application", "Run a Replicated
// Stateful Application"): CREATE DATABASE, CREATE TABLE, INSERT, SELECT of
// a table's rows or of expressions (@@server_id, NOW(), 1), SHOW DATABASES,
// USE. The server keeps its databases on its Process; the client reaches it
// on localhost or through the cluster network (Conn), and prints results as
// mysql does: boxed tables on a terminal or with -t, tab-separated with a
// header line otherwise (batch mode).

// The reply protocol between the server and the client: a result set is
// "#" + tab-separated column names, then its rows, each "=" + tab-separated
// values; an error is "!" + mysql's error line; "{now}" in a value is NOW()
// at the client's clock (the server answers once per query and the client
// replays its answers, see netmemo.go).

// replicateMySQL copies the source's databases.
func (p *Process) replicateMySQL(src *Process) {
	if src.mysql == nil {
		p.mysql = nil
		return
	}
	p.mysql = &mysqlDB{dbs: map[string]map[string]*mysqlTable{}}
	for name, tables := range src.mysql.dbs {
		cp := map[string]*mysqlTable{}
		for tn, t := range tables {
			rows := make([][]string, len(t.rows))
			for i, r := range t.rows {
				rows[i] = append([]string(nil), r...)
			}
			cp[tn] = &mysqlTable{cols: append([]string(nil), t.cols...), rows: rows}
		}
		p.mysql.dbs[name] = cp
	}
}

// readOnly reports whether mysqld's option files set super-read-only (the
// replicated tutorial's replica.cnf).
func (p *Process) readOnly() bool {
	for f, lines := range p.spec.Files {
		if strings.HasPrefix(f, "/etc/mysql/") && strings.HasSuffix(f, ".cnf") {
			for _, l := range lines {
				if k := strings.TrimSpace(l); k == "super-read-only" || k == "super_read_only" || strings.HasPrefix(k, "super-read-only=1") {
					return true
				}
			}
		}
	}
	return false
}

// serverID is mysqld's server-id: from the option files its container finds
// in /etc/mysql (the replicated tutorial's init container writes
// server-id=100+ordinal into conf.d), else the default of its version.
func (p *Process) serverID() string {
	paths := make([]string, 0, len(p.spec.Files))
	for f := range p.spec.Files {
		if strings.HasPrefix(f, "/etc/mysql/") && strings.HasSuffix(f, ".cnf") {
			paths = append(paths, f)
		}
	}
	sort.Strings(paths)
	id := "1"
	if strings.HasPrefix(p.spec.Image.Version, "5.") {
		id = "0"
	}
	for _, f := range paths {
		for _, l := range p.spec.Files[f] {
			k, v, ok := strings.Cut(strings.ReplaceAll(l, " ", ""), "=")
			if ok && (k == "server-id" || k == "server_id") {
				id = v
			}
		}
	}
	return id
}

// mysqlRun executes a script of statements; the first error ends it.
func (p *Process) mysqlRun(script string) []string {
	if p.mysql == nil {
		p.mysql = &mysqlDB{dbs: map[string]map[string]*mysqlTable{}}
	}
	var out []string
	for _, stmt := range splitSQL(script) {
		res, err := p.mysqlStatement(stmt)
		if err != "" {
			return append(out, "!"+err)
		}
		out = append(out, res...)
	}
	return out
}

// splitSQL splits a script at the semicolons outside quotes.
func splitSQL(s string) []string {
	var out []string
	var b strings.Builder
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"' || r == '`':
			quote = r
		case r == ';':
			if t := strings.TrimSpace(b.String()); t != "" {
				out = append(out, t)
			}
			b.Reset()
			continue
		}
		b.WriteRune(r)
	}
	if t := strings.TrimSpace(b.String()); t != "" {
		out = append(out, t)
	}
	return out
}

func (p *Process) mysqlStatement(stmt string) (res []string, err string) {
	words := strings.Fields(stmt)
	kw := func(i int) string {
		if i < len(words) {
			return strings.ToUpper(words[i])
		}
		return ""
	}
	syntax := fmt.Sprintf("ERROR 1064 (42000) at line 1: You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near '%s' at line 1", stmt)
	dbs := p.mysql.dbs
	if p.readOnly() && (kw(0) == "CREATE" || kw(0) == "INSERT" || kw(0) == "UPDATE" || kw(0) == "DELETE" || kw(0) == "DROP") {
		return nil, "ERROR 1290 (HY000) at line 1: The MySQL server is running with the --super-read-only option so it cannot execute this statement"
	}
	switch {
	case kw(0) == "CREATE" && kw(1) == "DATABASE":
		name := strings.Trim(words[len(words)-1], "`")
		if _, ok := dbs[name]; ok {
			if kw(2) == "IF" {
				return nil, ""
			}
			return nil, fmt.Sprintf("ERROR 1007 (HY000) at line 1: Can't create database '%s'; database exists", name)
		}
		dbs[name] = map[string]*mysqlTable{}
		return nil, ""
	case kw(0) == "CREATE" && kw(1) == "TABLE" && len(words) > 2:
		db, table, ok := strings.Cut(strings.Trim(words[2], "`"), ".")
		if !ok {
			return nil, "ERROR 1046 (3D000) at line 1: No database selected"
		}
		if dbs[db] == nil {
			return nil, fmt.Sprintf("ERROR 1049 (42000) at line 1: Unknown database '%s'", db)
		}
		open, end := strings.IndexByte(stmt, '('), strings.LastIndexByte(stmt, ')')
		if open < 0 || end < open {
			return nil, syntax
		}
		t := &mysqlTable{}
		for _, def := range strings.Split(stmt[open+1:end], ",") {
			if f := strings.Fields(def); len(f) > 0 && !strings.Contains(f[0], ")") {
				t.cols = append(t.cols, strings.Trim(f[0], "`"))
			}
		}
		if _, exists := dbs[db][table]; exists {
			return nil, fmt.Sprintf("ERROR 1050 (42S01) at line 1: Table '%s' already exists", table)
		}
		dbs[db][table] = t
		return nil, ""
	case kw(0) == "INSERT" && kw(1) == "INTO" && len(words) > 2:
		t, e := p.mysqlTable(strings.Trim(words[2], "`"))
		if e != "" {
			return nil, e
		}
		i := strings.Index(strings.ToUpper(stmt), "VALUES")
		if i < 0 {
			return nil, syntax
		}
		for _, tuple := range sqlTuples(stmt[i+len("VALUES"):]) {
			if len(tuple) != len(t.cols) {
				return nil, "ERROR 1136 (21S01) at line 1: Column count doesn't match value count at row 1"
			}
			t.rows = append(t.rows, tuple)
		}
		return nil, ""
	case kw(0) == "SHOW" && kw(1) == "DATABASES":
		names := []string{"information_schema", "mysql", "performance_schema"}
		if v := p.spec.Image.Version; !strings.HasPrefix(v, "5.5") && !strings.HasPrefix(v, "5.6") {
			names = append(names, "sys") // the sys schema came with 5.7
		}
		for n := range dbs {
			names = append(names, n)
		}
		sort.Strings(names)
		out := []string{"#Database"}
		for _, n := range names {
			out = append(out, "="+n)
		}
		return out, ""
	case kw(0) == "USE":
		return nil, ""
	case kw(0) == "SELECT":
		return p.mysqlSelect(stmt)
	}
	return nil, syntax
}

func (p *Process) mysqlTable(name string) (*mysqlTable, string) {
	db, table, ok := strings.Cut(name, ".")
	if !ok {
		return nil, "ERROR 1046 (3D000) at line 1: No database selected"
	}
	t := p.mysql.dbs[db][table]
	if t == nil {
		return nil, fmt.Sprintf("ERROR 1146 (42S02) at line 1: Table '%s' doesn't exist", name)
	}
	return t, ""
}

// mysqlSelect is SELECT * FROM db.table, or SELECT of expressions.
func (p *Process) mysqlSelect(stmt string) ([]string, string) {
	rest := strings.TrimSpace(stmt[len("SELECT"):])
	upper := strings.ToUpper(rest)
	if i := strings.Index(upper, " FROM "); i >= 0 {
		t, e := p.mysqlTable(strings.Trim(strings.Fields(rest[i+6:])[0], "`"))
		if e != "" {
			return nil, e
		}
		out := []string{"#" + strings.Join(t.cols, "\t")}
		for _, r := range t.rows {
			out = append(out, "="+strings.Join(r, "\t"))
		}
		return out, ""
	}
	var names, vals []string
	for _, e := range strings.Split(rest, ",") {
		e = strings.TrimSpace(e)
		names = append(names, e)
		switch strings.ToUpper(e) {
		case "@@SERVER_ID":
			vals = append(vals, p.serverID())
		case "NOW()", "CURRENT_TIMESTAMP", "SYSDATE()":
			vals = append(vals, "{now}")
		case "@@HOSTNAME":
			vals = append(vals, p.spec.hostname())
		case "VERSION()":
			vals = append(vals, p.spec.Image.Version)
		default:
			vals = append(vals, strings.Trim(e, `'"`))
		}
	}
	return []string{"#" + strings.Join(names, "\t"), "=" + strings.Join(vals, "\t")}, ""
}

// sqlTuples reads ('a', 2), ('b', 3).
func sqlTuples(s string) [][]string {
	var out [][]string
	var cur []string
	var b strings.Builder
	var quote rune
	in := false
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
				continue
			}
			b.WriteRune(r)
		case r == '\'' || r == '"':
			quote = r
		case r == '(':
			in, cur = true, nil
			b.Reset()
		case r == ',' && in:
			cur = append(cur, strings.TrimSpace(b.String()))
			b.Reset()
		case r == ')' && in:
			cur = append(cur, strings.TrimSpace(b.String()))
			out = append(out, cur)
			in = false
			b.Reset()
		case in:
			b.WriteRune(r)
		}
	}
	return out
}

// mysqlClient is the mysql command: -h HOST, -P PORT, -u USER, -pPASSWORD,
// -e SQL (else the SQL its standard input holds), -t for tables, -N to skip
// column names, -B for batch output.
func (t *tools) mysqlClient(args []string, now time.Time) int32 {
	host, port, sql, table, names, hasSQL := "localhost", int32(3306), "", false, true, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		val := func(short, long string) (string, bool) {
			if a == short || a == long {
				if i+1 < len(args) {
					i++
					return args[i], true
				}
				return "", false
			}
			if v, ok := strings.CutPrefix(a, long+"="); ok {
				return v, true
			}
			if v, ok := strings.CutPrefix(a, short); ok && v != "" && len(short) == 2 {
				return v, true
			}
			return "", false
		}
		if v, ok := val("-h", "--host"); ok {
			host = v
		} else if v, ok := val("-P", "--port"); ok {
			n, _ := strconv.Atoi(v)
			port = int32(n)
		} else if v, ok := val("-e", "--execute"); ok {
			sql, hasSQL = v, true
		} else if _, ok := val("-u", "--user"); ok {
		} else if a == "-t" || a == "--table" {
			table = true
		} else if a == "-N" || a == "--skip-column-names" {
			names = false
		} else if a == "-B" || a == "--batch" {
			table = false
		}
	}
	table = table || t.p.spec.TTY
	if containsPrefix(args, "-p") {
		if old := t.p.spec.Image.Version; strings.HasPrefix(old, "5.5") || strings.HasPrefix(old, "5.6") {
			t.sh.eprint("Warning: Using a password on the command line interface can be insecure.")
		} else {
			t.sh.eprint("mysql: [Warning] Using a password on the command line interface can be insecure.")
		}
	}
	if !hasSQL {
		sql = strings.Join(t.sh.stdin, "\n")
	}
	if strings.TrimSpace(sql) == "" {
		return 0
	}
	reply, failed := t.mysqlSend(host, port, sql)
	if failed != "" {
		t.sh.eprint(failed)
		return 1
	}
	at := now.UTC().Format("2006-01-02 15:04:05")
	var set [][]string
	flush := func() {
		if len(set) > 0 {
			t.printResult(set, table, names)
		}
		set = nil
	}
	for _, l := range reply {
		l = strings.ReplaceAll(l, "{now}", at)
		switch l[0] {
		case '#':
			flush()
			set = [][]string{strings.Split(l[1:], "\t")}
		case '=':
			set = append(set, strings.Split(l[1:], "\t"))
		case '!':
			flush()
			t.sh.eprint(l[1:])
			return 1
		}
	}
	flush()
	return 0
}

func containsPrefix(args []string, prefix string) bool {
	for _, a := range args {
		if strings.HasPrefix(a, prefix) && len(a) > len(prefix) && !strings.HasPrefix(a, "--") {
			return true
		}
	}
	return false
}

// mysqlSend carries the SQL to the server host names: the container's own
// mysqld on localhost, else the one the cluster network reaches.
func (t *tools) mysqlSend(host string, port int32, sql string) ([]string, string) {
	req := strings.Split(sql, "\n")
	local := host == "localhost" || host == "127.0.0.1" || host == t.p.spec.PodIP
	if local {
		if reply, ok := t.p.Serve(port, req); ok {
			return reply, ""
		}
		if host == "localhost" {
			return nil, "ERROR 2002 (HY000): Can't connect to local MySQL server through socket '/var/run/mysqld/mysqld.sock' (2)"
		}
		return nil, fmt.Sprintf("ERROR 2003 (HY000): Can't connect to MySQL server on '%s:%d' (111)", host, port)
	}
	var ip string
	ok := false
	if t.ctx.Net != nil {
		_, ip, ok = t.ctx.Net.Lookup(host)
	}
	if !ok {
		return nil, fmt.Sprintf("ERROR 2005 (HY000): Unknown MySQL server host '%s' (-2)", host)
	}
	conn, isConn := t.ctx.Net.(Conn)
	if !isConn {
		return nil, fmt.Sprintf("ERROR 2003 (HY000): Can't connect to MySQL server on '%s:%d' (111)", host, port)
	}
	reply, refused := conn.Send(ip, port, req)
	if refused {
		return nil, fmt.Sprintf("ERROR 2003 (HY000): Can't connect to MySQL server on '%s:%d' (111)", host, port)
	}
	return reply, ""
}

// printResult prints a result set (its first row the column names) as a
// boxed table or tab-separated.
func (t *tools) printResult(set [][]string, table, names bool) {
	if !table {
		for i, r := range set {
			if i > 0 || names {
				t.print(strings.Join(r, "\t"))
			}
		}
		return
	}
	widths := make([]int, len(set[0]))
	for _, r := range set {
		for i, v := range r {
			if i < len(widths) && len(v) > widths[i] {
				widths[i] = len(v)
			}
		}
	}
	rule := "+"
	for _, w := range widths {
		rule += strings.Repeat("-", w+2) + "+"
	}
	row := func(r []string) string {
		s := "|"
		for i, w := range widths {
			v := ""
			if i < len(r) {
				v = r[i]
			}
			if _, err := strconv.ParseFloat(v, 64); err == nil {
				s += " " + strings.Repeat(" ", w-len(v)) + v + " |"
			} else {
				s += " " + v + strings.Repeat(" ", w-len(v)) + " |"
			}
		}
		return s
	}
	t.print(rule)
	if names {
		t.print(row(set[0]))
		t.print(rule)
	}
	for _, r := range set[1:] {
		t.print(row(r))
	}
	t.print(rule)
}
