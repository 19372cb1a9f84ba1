package beat

import "testing"

func TestActionMessagesReadInPoliteJapanese(t *testing.T) {
	for _, tc := range []struct{ msg, ja string }{
		{`pulling image "nginx" (docker.io/library/nginx:latest)`, `イメージ "nginx" を pull します(docker.io/library/nginx:latest)`},
		{"SyncLoop ADD pod default/nginx-1", "自分のノードに割り当てられた Pod default/nginx-1 を watch で受け取り、同期を始めます(SyncLoop ADD)"},
		{"scheduling default/web-1: 2/3 nodes feasible, chose demo-worker (score 597)", "default/web-1 をスケジューリングします: 3 ノードのうち 2 ノードが条件を満たし、demo-worker を選びました (score 597)"},
		{"status: Running [nginx running, ready]", "Pod の状態を apiserver に報告します: Running [nginx running, ready]"},
		{"lease 694d9a8e1c2b3f01 expired: deleted /registry/leases/kube-node-lease/demo-worker at revision 812", "lease 694d9a8e1c2b3f01 の期限が切れたので、/registry/leases/kube-node-lease/demo-worker を削除しました(リビジョン 812)"},
		{"finished scheduled compaction at revision 900", "リビジョン 900 より古い履歴を圧縮(compaction)しました"},
		{"deployment-controller: creating ReplicaSet default/web-1 (revision 1, 2 replicas)", "deployment-controller: ReplicaSet default/web-1 を作ります(リビジョン 1、レプリカ 2)"},
		{"scheduling default/big: 0/3 nodes feasible: demo-control-plane: node(s) had untolerated taint(s), demo-worker: Insufficient cpu", "default/big をスケジューリングできません: 0/3 nodes feasible: demo-control-plane: 許容されない taint があります (node(s) had untolerated taint(s)), demo-worker: CPU が足りません (Insufficient cpu)"},
		{"something new", "something new"},
	} {
		if got := jaAction(tc.msg); got != tc.ja {
			t.Errorf("jaAction(%q)\n got %s\nwant %s", tc.msg, got, tc.ja)
		}
	}
}

// An Event's message stays as kubectl prints it; what the recorder noted beside it is said in Japanese.
func TestEventMessagesKeepKubernetesWordsAndSayTheRecordersNoteInJapanese(t *testing.T) {
	for _, tc := range []struct{ msg, ja string }{
		{`Back-off pulling image "ngnix:1.27" (dropped by the event spam filter)`, `Back-off pulling image "ngnix:1.27"(client-go のイベントスパムフィルタが捨てたため、記録されていません)`},
		{`Started container c (not recorded: namespaces "x" not found)`, `Started container c(記録できませんでした: namespaces "x" not found)`},
		{`Successfully assigned default/web-1 to demo-worker`, `Successfully assigned default/web-1 to demo-worker`},
	} {
		if got := jaEventMessage(tc.msg); got != tc.ja {
			t.Errorf("jaEventMessage(%q)\n got %s\nwant %s", tc.msg, got, tc.ja)
		}
	}
}
