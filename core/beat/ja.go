package beat

import (
	"regexp"
	"strings"
	"sync"
)

// jaActions turns the components' own action records (core/kubelet,
// core/scheduler, core/controller trace messages) into polite Japanese.
// A message no pattern knows stays as it is. The patterns compile when the
// first message is translated, not when the program starts.
var jaActions = sync.OnceValue(func() []jaRule {
	return []jaRule{
		{regexp.MustCompile(`^SyncLoop ADD pod (\S+)$`), "自分のノードに割り当てられた Pod $1 を watch で受け取り、同期を始めます(SyncLoop ADD)"},
		{regexp.MustCompile(`^SyncLoop REMOVE: pod deleted$`), "Pod が削除されたので、同期をやめます(SyncLoop REMOVE)"},
		{regexp.MustCompile(`^SyncPod: creating pod sandbox$`), "Pod のサンドボックス(ネットワーク名前空間)を作ります"},
		{regexp.MustCompile(`^pod sandbox ready, pod IP (\S+)$`), "サンドボックスの準備ができました(Pod IP $1)"},
		{regexp.MustCompile(`^pulling image "([^"]+)" \(([^)]+)\)$`), `イメージ "$1" を pull します($2)`},
		{regexp.MustCompile(`^pulled image "([^"]+)" \((\d+) bytes\) in (\S+)$`), `イメージ "$1" の pull が終わりました($2 バイト、$3)`},
		{regexp.MustCompile(`^failed to pull image "([^"]+)": (.*)$`), `イメージ "$1" を pull できませんでした: $2`},
		{regexp.MustCompile(`^started container (\S+) \((\S+)\)$`), "コンテナ $1 を起動しました($2)"},
		{regexp.MustCompile(`^container (\S+) exited with code (\d+) \((\w+)\)$`), "コンテナ $1 が終了コード $2 で終わりました($3)"},
		{regexp.MustCompile(`^status: (\w+) \[(.*)\]$`), "Pod の状態を apiserver に報告します: $1 [$2]"},
		{regexp.MustCompile(`^all containers stopped: deleting the pod with grace period (\d+)$`), "すべてのコンテナが止まりました。猶予期間 $1 で Pod を削除します"},
		{regexp.MustCompile(`^SyncTerminatingPod: stopping containers with grace period (\S+)$`), "猶予期間 $1 でコンテナを止めます"},
		{regexp.MustCompile(`^deployment-controller: creating ReplicaSet (\S+) \(revision (\d+), (\d+) replicas\)$`), "deployment-controller: ReplicaSet $1 を作ります(リビジョン $2、レプリカ $3)"},
		{regexp.MustCompile(`^replicaset-controller: ReplicaSet (\S+) has (\d+) of (\d+) pods: creating (\d+)$`), "replicaset-controller: ReplicaSet $1 の Pod は $3 個のうち $2 個です。$4 個作ります"},
		{regexp.MustCompile(`^replicaset-controller: ReplicaSet (\S+) has (\d+) of (\d+) pods: deleting (\d+)$`), "replicaset-controller: ReplicaSet $1 の Pod は $3 個のところ $2 個あります。$4 個消します"},
		{regexp.MustCompile(`^scheduling (\S+): (\d+)/(\d+) nodes feasible, chose (\S+)(.*)$`), "$1 をスケジューリングします: $3 ノードのうち $2 ノードが条件を満たし、$4 を選びました$5"},
		{regexp.MustCompile(`^scheduling (\S+): (.*)$`), "$1 をスケジューリングできません: $2"},
		{regexp.MustCompile(`^node (\S+) down: its kubelet stops posting status and renewing its Lease$`), "ノード $1 を止めました。その kubelet はステータスの報告と Lease の更新をやめます"},
		{regexp.MustCompile(`^node (\S+) up: (.*)$`), "ノード $1 を戻しました: $2"},
		{regexp.MustCompile(`^kubelet stopped: no more status updates or Lease renewals$`), "kubelet が止まりました。ステータスの報告も Lease の更新もしません"},
		{regexp.MustCompile(`^lease (\S+) expired: deleted (\S+) at revision (\d+)$`), "lease $1 の期限が切れたので、$2 を削除しました(リビジョン $3)"},
		{regexp.MustCompile(`^lease (\S+) revoked: deleted (\S+) at revision (\d+)$`), "lease $1 が取り消されたので、$2 を削除しました(リビジョン $3)"},
		{regexp.MustCompile(`^finished scheduled compaction at revision (\d+)$`), "リビジョン $1 より古い履歴を圧縮(compaction)しました"},
	}
})

type jaRule struct {
	re *regexp.Regexp
	ja string
}

// jaAction translates one action message, or returns it unchanged.
func jaAction(msg string) string {
	for _, a := range jaActions() {
		if a.re.MatchString(msg) {
			return jaFilterReasons.Replace(a.re.ReplaceAllString(msg, a.ja))
		}
	}
	return msg
}

// jaFilterReasons glosses kube-scheduler's filter messages (kept as it prints them) in the article's words.
var jaFilterReasons = strings.NewReplacer(
	"node(s) had untolerated taint(s)", "許容されない taint があります (node(s) had untolerated taint(s))",
	"Insufficient cpu", "CPU が足りません (Insufficient cpu)",
	"Insufficient memory", "メモリが足りません (Insufficient memory)",
	"node(s) didn't match Pod's node affinity/selector", "ノードアフィニティ・セレクタに合いません (node(s) didn't match Pod's node affinity/selector)",
	"node(s) were unschedulable", "スケジュール不可のノードです (node(s) were unschedulable)",
)

// jaEventMessage is an Event's message as kubectl prints it, with what client-go's recorder noted beside it
// (the spam filter dropped it, it could not be recorded) said in Japanese.
func jaEventMessage(msg string) string {
	if m, ok := strings.CutSuffix(msg, " (dropped by the event spam filter)"); ok {
		return m + "(client-go のイベントスパムフィルタが捨てたため、記録されていません)"
	}
	if m, why, ok := strings.Cut(msg, " (not recorded: "); ok {
		return m + "(記録できませんでした: " + strings.TrimSuffix(why, ")") + ")"
	}
	return msg
}

// jaActionsOf translates "; "-joined action messages one by one.
func jaActionsOf(msgs []string) string {
	out := make([]string, len(msgs))
	for i, m := range msgs {
		out[i] = jaAction(m)
	}
	return strings.Join(out, "。")
}
