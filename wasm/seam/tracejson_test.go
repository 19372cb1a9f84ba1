package seam

import (
	"encoding/json"
	"testing"
	"time"

	"kubeplay/core/trace"
)

func TestTraceJSONEqualsEncodingJSON(t *testing.T) {
	at := time.Date(2026, 1, 5, 9, 0, 1, 234567000, time.UTC)
	recs := []trace.Record{
		{Seq: 1, Time: at, Kind: trace.Request, Component: "kubectl", From: "kubectl", To: "kube-apiserver", Verb: "create",
			Resource: "deployments.apps", Namespace: "default", Name: "nginx", Message: `POST /apis/apps/v1/namespaces/default/deployments "quoted" \ back`},
		{Seq: 2, Time: at.Add(time.Millisecond), Kind: trace.Write, Component: "etcd", Revision: 42, Code: 201,
			Message: "tabs\tnewlines\n<html> & ctrl\x01 日本語 \u2028 bad\xffutf8"},
		{Seq: 3, Time: at, Kind: trace.Event, Component: "kubelet/demo-worker", Message: ""},
	}
	type wire struct {
		trace.Record
		T float64 `json:"t"`
	}
	var std []wire
	for _, r := range recs {
		std = append(std, wire{r, ms(r.Time)})
	}
	want, err := json.Marshal(std)
	if err != nil {
		t.Fatal(err)
	}
	if got := appendTrace(nil, recs); string(got) != string(want) {
		t.Errorf("hand-encoded trace\n%s\nencoding/json\n%s", got, want)
	}
	if got := appendTrace(nil, nil); string(got) != "[]" {
		t.Errorf("no records: %s", got)
	}
}
