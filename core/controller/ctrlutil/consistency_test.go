package ctrlutil_test

import (
	"errors"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/controller/ctrlutil"
	"kubeplay/core/controller/internal/testenv"
)

func TestTheConsistencyStoreHoldsAKeyUntilItsInformerHasSeenTheWrite(t *testing.T) {
	e := testenv.New(t)
	inf := e.Ctx.Informers.Informer("configmaps", "")
	e.Ctx.Informers.Start()
	e.Run(time.Second)
	cs := ctrlutil.NewConsistencyStore(e.Sim, inf)

	for _, tc := range []struct {
		name      string
		write     bool
		wait      time.Duration
		wantReady bool
	}{
		{"a key nobody wrote for is ready", false, 0, true},
		{"right after the write the informer lags", true, 0, false},
		{"once the watch event arrives the key is ready", true, 10 * time.Millisecond, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.write {
				obj := e.Must(e.Admin.Resource("configmaps").Namespace("default").Create(
					&api.ConfigMap{ObjectMeta: api.ObjectMeta{GenerateName: "cm-", Namespace: "default"}}))
				cs.WroteAt("default/owner", "configmaps", obj)
			}
			e.Run(tc.wait)
			err := cs.EnsureReady("default/owner")
			var lag *ctrlutil.NotCaughtUpError
			if ready := err == nil; ready != tc.wantReady || (err != nil && !errors.As(err, &lag)) {
				t.Errorf("EnsureReady = %v, want ready %v", err, tc.wantReady)
			}
		})
	}
}

func TestAnUnobservedWriteStopsBlockingAfterTheExpectationsTimeout(t *testing.T) {
	e := testenv.New(t)
	inf := e.Ctx.Informers.Informer("configmaps", "") // never started: never catches up
	cs := ctrlutil.NewConsistencyStore(e.Sim, inf)
	cs.WroteAt("default/owner", "configmaps", &api.ConfigMap{ObjectMeta: api.ObjectMeta{ResourceVersion: "100"}})
	if cs.EnsureReady("default/owner") == nil {
		t.Fatal("ready before the informer saw the write")
	}
	e.Run(ctrlutil.ExpectationsTimeout + time.Second)
	if err := cs.EnsureReady("default/owner"); err != nil {
		t.Errorf("still blocked after the timeout: %v", err)
	}
}
