//go:build lite

package runtime

import "kubeplay/core/lite"

// The lite build leaves these programs out (apps_full.go): a first session
// does not reach them.

func (p *Process) echoserver(string) string {
	lite.Need("echoserver")
	return ""
}

func (p *Process) guestbook(string) string {
	lite.Need("the guestbook frontend")
	return ""
}

func (p *Process) redisConfig() map[string]string {
	lite.Need("redis-server")
	return nil
}

func (p *Process) ReplicaOf() (string, int32, bool) {
	lite.Need("redis-server")
	return "", 0, false
}

func (p *Process) redisCommand([]string) []string {
	lite.Need("redis-server")
	return nil
}

func (t *tools) redisCLI([]string) int32 {
	lite.Need("redis-cli")
	return 0
}
