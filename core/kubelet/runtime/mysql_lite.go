//go:build lite

package runtime

import (
	"time"

	"kubeplay/core/lite"
)

// The lite build leaves mysqld and the mysql client out (mysql_full.go):
// the MySQL tutorials are not a first session's.

func (p *Process) mysqlRun(string) []string {
	lite.Need("mysql")
	return nil
}

func (p *Process) replicateMySQL(*Process) { lite.Need("mysql") }

func (t *tools) mysqlClient([]string, time.Time) int32 {
	lite.Need("mysql")
	return 0
}
