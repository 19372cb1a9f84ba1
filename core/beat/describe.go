package beat

import (
	"fmt"
	"strings"

	"kubeplay/core/trace"
)

// describe writes the beat's one sentence, naming who acts.
func describe(b *Beat, recs []trace.Record) Text {
	switch b.Kind {
	case Request:
		return requestText(b, recs)
	case Watch:
		return watchText(b, recs)
	case Event:
		return eventText(b, recs)
	}
	return actionText(b, recs)
}

// stagesPassed lists the stages a request went through, in order.
func stagesPassed(recs []trace.Record) (en, ja []string) {
	seen := map[string]bool{}
	for i := range recs {
		r := &recs[i]
		if r.Kind != trace.Stage || seen[r.Stage] {
			continue
		}
		seen[r.Stage] = true
		switch r.Stage {
		case "authn":
			en, ja = append(en, "authenticated"), append(ja, "認証")
		case "authz":
			en, ja = append(en, "authorized"), append(ja, "認可")
		case "admission":
			if w := admissionWarners(recs); w != "" {
				// The admission plugin that warned, by name (PodSecurity's
				// "would violate PodSecurity …").
				en, ja = append(en, "admitted ("+w+" warned)"), append(ja, "admission("+w+" が警告)")
				break
			}
			en, ja = append(en, "admitted"), append(ja, "admission")
		case "validation":
			en, ja = append(en, "valid"), append(ja, "検証")
		}
	}
	return en, ja
}

// admissionRefuser names the admission plugin that refused the request
// (the apiserver's stage "… admission (…): rejected by PodSecurity: …").
func admissionRefuser(recs []trace.Record) string {
	for i := range recs {
		if recs[i].Kind != trace.Stage || recs[i].Stage != "admission" {
			continue
		}
		if _, rest, ok := strings.Cut(recs[i].Message, ": rejected by "); ok {
			p, _, _ := strings.Cut(rest, ": ")
			return p
		}
	}
	return ""
}

// admissionWarners names the admission plugins that warned ("; PodSecurity
// warned: …" in the stage), joined with ", ".
func admissionWarners(recs []trace.Record) string {
	var names []string
	for i := range recs {
		if recs[i].Kind != trace.Stage || recs[i].Stage != "admission" {
			continue
		}
		for _, part := range strings.Split(recs[i].Message, "; ")[1:] {
			if p, _, ok := strings.Cut(part, " warned: "); ok && !strings.Contains(p, " ") && !contains(names, p) {
				names = append(names, p)
			}
		}
	}
	return strings.Join(names, ", ")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// method is the HTTP method of the beat's request ("POST").
func method(recs []trace.Record) string {
	for i := len(recs) - 1; i >= 0; i-- {
		if recs[i].Kind == trace.Request {
			m, _, _ := strings.Cut(recs[i].Message, " ")
			return m
		}
	}
	return ""
}

// failure is the response's error message ("403 Forbidden: …").
func failure(recs []trace.Record) string {
	for i := len(recs) - 1; i >= 0; i-- {
		if recs[i].Kind == trace.Response {
			return recs[i].Message
		}
	}
	return ""
}

// writeOp is the etcd operation of the beat's write: create, update, delete.
func writeOp(recs []trace.Record) string {
	for i := len(recs) - 1; i >= 0; i-- {
		if recs[i].Kind == trace.Write {
			op, _, _ := strings.Cut(recs[i].Message, " ")
			return op
		}
	}
	return ""
}

func requestText(b *Beat, recs []trace.Record) Text {
	m := method(recs)
	// What crossed: a subresource is named ("PUT deployments/status", "POST pods/binding"), so two writes of
	// one object in one millisecond say which part they wrote.
	if res, sub, ok := strings.Cut(b.Resource, "/"); ok {
		base, _, _ := strings.Cut(res, ".")
		m += " " + base + "/" + sub
	}
	code := codeText(b.Code)
	if readNotFound(b) {
		msg := failure(recs)
		return Text{
			En: fmt.Sprintf("kube-apiserver answered %s's %s of %s: %s; there is no such object in etcd", b.From, m, b.Object, msg),
			Ja: fmt.Sprintf("kube-apiserver が %s の %s (%s) に答えました: %s。etcd にそのオブジェクトはありません", b.From, m, b.Object, msg),
		}
	}
	if b.Code >= 400 {
		msg := failure(recs)
		if p := admissionRefuser(recs); p != "" {
			return Text{
				En: fmt.Sprintf("kube-apiserver refused %s's %s of %s at admission (%s): %s", b.From, m, b.Object, p, msg),
				Ja: fmt.Sprintf("kube-apiserver が admission (%s) で %s の %s (%s) を拒否しました: %s", p, b.From, m, b.Object, msg),
			}
		}
		return Text{
			En: fmt.Sprintf("kube-apiserver refused %s's %s of %s: %s", b.From, m, b.Object, msg),
			Ja: fmt.Sprintf("kube-apiserver が %s の %s (%s) を拒否しました: %s", b.From, m, b.Object, msg),
		}
	}
	sen, sja := stagesPassed(recs)
	passedEn, passedJa := strings.Join(sen, ", "), strings.Join(sja, "・")
	var storeEn, storeJa string
	switch writeOp(recs) {
	case "":
	case "delete":
		storeEn = fmt.Sprintf("; deleted from etcd at revision %d", b.Revision)
		storeJa = fmt.Sprintf("etcd からリビジョン %d で削除しました", b.Revision)
	default:
		storeEn = fmt.Sprintf("; written to etcd at revision %d", b.Revision)
		storeJa = fmt.Sprintf("etcd にリビジョン %d で書き込みました", b.Revision)
	}
	verbEn, verbJa := "accepted", "受け付けました"
	if storeEn == "" {
		verbEn, verbJa = "answered", "に答えました"
	}
	en := fmt.Sprintf("kube-apiserver %s %s's %s of %s: %s%s (%s)", verbEn, b.From, m, b.Object, passedEn, storeEn, code)
	var ja string
	if storeEn == "" {
		ja = fmt.Sprintf("kube-apiserver が %s の %s (%s) %s。%sを通りました(%s)", b.From, m, b.Object, verbJa, passedJa, code)
	} else {
		ja = fmt.Sprintf("kube-apiserver が %s の %s (%s) を%s。%sを通り、%s(%s)", b.From, m, b.Object, verbJa, passedJa, storeJa, code)
	}
	if recs[0].Kind != trace.Action {
		return Text{En: en, Ja: ja}
	}
	// A decision folded with the request it made.
	who := recs[0].Component
	decision := recs[0].Message
	if c, rest, ok := strings.Cut(decision, ": "); ok && !strings.Contains(c, " ") {
		who, decision = c, rest
	}
	if b.Class == "scheduler-bind" {
		node := recs[0].To
		return Text{
			En: fmt.Sprintf("kube-scheduler chose %s for %s and bound it: kube-apiserver wrote spec.nodeName at revision %d (%s)", node, b.Object, b.Revision, code),
			Ja: fmt.Sprintf("kube-scheduler が %s の実行ノードに %s を選び、バインディングしました。kube-apiserver が spec.nodeName を etcd にリビジョン %d で書き込みました(%s)", b.Object, node, b.Revision, code),
		}
	}
	jaDecision := jaAction(recs[0].Message)
	if d, ok := strings.CutPrefix(jaDecision, who+": "); ok {
		jaDecision = d
	} else if jaDecision == recs[0].Message {
		jaDecision = decision
	}
	return Text{
		En: fmt.Sprintf("%s: %s; %s", who, decision, lowerFirst(en)),
		Ja: fmt.Sprintf("%s の判断: %s。%s", who, jaDecision, ja),
	}
}

func lowerFirst(s string) string { return s }

func watchText(b *Beat, recs []trace.Record) Text {
	// Watchers grouped by what they saw (a Pod bound to a node is ADDED for
	// that node's kubelet and MODIFIED for everyone else).
	var order []string
	by := map[string][]string{}
	for i := range recs {
		t := recs[i].Verb
		if _, ok := by[t]; !ok {
			order = append(order, t)
		}
		by[t] = append(by[t], recs[i].To)
	}
	var en, ja []string
	for _, t := range order {
		en = append(en, fmt.Sprintf("%s to %s", t, strings.Join(by[t], ", ")))
		ja = append(ja, fmt.Sprintf("%s に %s", strings.Join(by[t], ", "), t))
	}
	if b.Verb == "ERROR" {
		return Text{
			En: fmt.Sprintf("kube-apiserver ended the watch of %s: %s", recs[0].To, recs[0].Message),
			Ja: fmt.Sprintf("kube-apiserver が %s の watch を終了しました: %s", recs[0].To, recs[0].Message),
		}
	}
	return Text{
		En: fmt.Sprintf("kube-apiserver notified its watchers of %s (revision %d): %s", b.Object, b.Revision, strings.Join(en, "; ")),
		Ja: fmt.Sprintf("kube-apiserver が watch で %s の変更(リビジョン %d)を通知しました: %s", b.Object, b.Revision, strings.Join(ja, "、")),
	}
}

func eventText(b *Beat, recs []trace.Record) Text {
	var msg string
	for i := range recs {
		if recs[i].Kind == trace.Event {
			msg = eventMessage(recs[i].Message)
		}
	}
	return Text{
		En: fmt.Sprintf("%s recorded a %s Event %s on %s: %s", b.Source, b.Type, b.Reason, b.Object, msg),
		Ja: fmt.Sprintf("%s が %s に Kubernetes イベント %s (%s) を記録しました: %s", b.Source, b.Object, b.Reason, b.Type, jaEventMessage(msg)),
	}
}

func actionText(b *Beat, recs []trace.Record) Text {
	msgs := make([]string, 0, len(recs))
	for i := range recs {
		msgs = append(msgs, recs[i].Message)
	}
	m := strings.Join(msgs, "; ")
	if recs[0].Kind == trace.Fault {
		return Text{En: "You injected a fault: " + m, Ja: "障害を注入しました: " + jaActionsOf(msgs)}
	}
	return Text{En: b.Actor + ": " + m, Ja: b.Actor + ": " + jaActionsOf(msgs)}
}
