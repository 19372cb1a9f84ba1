package scenario

import (
	"testing"
	"time"
)

func TestExpectationsReadAsSentencesInEachLanguage(t *testing.T) {
	for _, tc := range []struct {
		name   string
		e      Expect
		ja, en string
	}{
		{
			name: "an Event from the scheduler within 30s",
			e:    Expect{Events: &EventsExpect{Object: "pod/nginx-*", From: "default-scheduler", Reasons: []string{"Scheduled"}, Within: Duration(30 * time.Second)}},
			ja:   "pod/nginx-* に default-scheduler から Scheduled が 30 秒以内に届く",
			en:   "pod/nginx-* receives Scheduled from default-scheduler within 30s",
		},
		{
			name: "the kubelet's Events in order for two Pods",
			e:    Expect{Events: &EventsExpect{Object: "pod/web-*", From: "kubelet", Reasons: []string{"Pulling", "Pulled", "Started"}, Count: 2, Within: Duration(90 * time.Second)}},
			ja:   "pod/web-* の 2 個それぞれに kubelet から Pulling → Pulled → Started が 順に 1 分 30 秒以内に届く",
			en:   "2 objects pod/web-* each receive Pulling, then Pulled, then Started from kubelet within 1m30s",
		},
		{
			name: "two Running Pods with READY 1/1",
			e:    Expect{PodStatus: &PodStatusExpect{Pod: "nginx-*", Status: "Running", Ready: "1/1", Count: 2, Within: Duration(30 * time.Second)}},
			ja:   "nginx-* の Pod 2 個が 30 秒以内に Running (READY 1/1) になる",
			en:   "2 Pod(s) nginx-* are Running (READY 1/1) within 30s",
		},
		{
			name: "a Pod kept off a node",
			e:    Expect{PodStatus: &PodStatusExpect{Pod: "big-*", Status: "Pending", Node: "!demo-worker"}},
			ja:   "big-* の Pod がすべて demo-worker 以外のノードで Pending になる",
			en:   "every Pod big-* is Pending on a node other than demo-worker",
		},
		{
			name: "kubectl's output",
			e:    Expect{Output: &OutputExpect{Contains: "availableReplicas: 2"}},
			ja:   `出力に "availableReplicas: 2" が含まれる`,
			en:   `the output contains "availableReplicas: 2"`,
		},
		{
			name: "no FailedScheduling for a minute",
			e:    Expect{Absent: &AbsentExpect{Object: "pod/web-*", Reasons: []string{"FailedScheduling"}, For: Duration(time.Minute)}},
			ja:   "1 分のあいだ、pod/web-* に FailedScheduling が届かない",
			en:   "no FailedScheduling Event for pod/web-* for 1m",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.e.Sentence("ja"); got != tc.ja {
				t.Errorf("ja:\n got %s\nwant %s", got, tc.ja)
			}
			if got := tc.e.Sentence("en"); got != tc.en {
				t.Errorf("en:\n got %s\nwant %s", got, tc.en)
			}
		})
	}
}
