package beat

import "testing"

func TestActionMessagesReadInPoliteJapanese(t *testing.T) {
	for _, tc := range []struct{ msg, ja string }{
		{`pulling image "nginx" (docker.io/library/nginx:latest)`, `イメージ "nginx" を pull します(docker.io/library/nginx:latest)`},
		{"SyncLoop ADD pod default/nginx-1", "自分のノードに割り当てられた Pod default/nginx-1 を watch で受け取り、同期を始めます(SyncLoop ADD)"},
		{"scheduling default/web-1: 2/3 nodes feasible, chose demo-worker (score 597)", "default/web-1 をスケジューリングします: 3 ノードのうち 2 ノードが条件を満たし、demo-worker を選びました (score 597)"},
		{"status: Running [nginx running, ready]", "Pod の状態を apiserver に報告します: Running [nginx running, ready]"},
		{"something new", "something new"},
	} {
		if got := jaAction(tc.msg); got != tc.ja {
			t.Errorf("jaAction(%q)\n got %s\nwant %s", tc.msg, got, tc.ja)
		}
	}
}
