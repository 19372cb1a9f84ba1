package beat_test

import (
	"testing"

	"kubeplay/core/shell/shelltest"
)

// Every golden shell session (core/shell/testdata: CRDs, Jobs, faults,
// storage…) played with beats being built, as the page builds them: the
// builder takes every record the components and the apiserver itself
// write (an apiserver's own etcd deletes, with no request) without a
// panic, and every record lands in exactly one beat.
func TestEveryGoldenShellSessionFoldsIntoBeats(t *testing.T) {
	cases, err := shelltest.Cases("../shell/testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			s := newSession(t, 1)
			first := s.c.Sim.Trace.Len() + 1
			n := 0
			for _, line := range c.Lines() {
				s.exec(t, line)
				n++
			}
			want := first
			for _, b := range s.userBeats() {
				for _, seq := range b.Records {
					if seq < first {
						continue
					}
					if seq != want {
						t.Fatalf("beat %d holds record %d, want %d next", b.Seq, seq, want)
					}
					want++
				}
			}
			if last := s.c.Sim.Trace.Len(); want-1 != last {
				t.Fatalf("after %d lines, beats cover records up to %d, the trace has %d", n, want-1, last)
			}
		})
	}
}
