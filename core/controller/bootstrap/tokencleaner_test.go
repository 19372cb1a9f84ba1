package bootstrap

import (
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/controller/internal/testenv"
	"kubeplay/core/sim"
)

func TestExpiredBootstrapTokensAreDeleted(t *testing.T) {
	e := testenv.New(t)
	e.Start(New(e.Ctx))
	token := func(name, exp string) {
		e.Must(e.Admin.Resource("secrets").Namespace(Namespace).Create(&api.Secret{ObjectMeta: api.ObjectMeta{Name: name},
			Type: api.SecretTypeBootstrapToken, StringData: map[string]string{"expiration": exp}}))
	}
	token("bootstrap-token-5emitj", "2020-09-13T04:39:10Z")
	token("bootstrap-token-later1", sim.Epoch.Add(time.Minute).Format(time.RFC3339))
	token("bootstrap-token-broken", "tomorrow")
	e.Run(time.Second)
	if e.Get("secrets", Namespace, "bootstrap-token-5emitj") != nil || e.Get("secrets", Namespace, "bootstrap-token-broken") != nil {
		t.Error("an expired (or unreadable) token is still there")
	}
	if e.Get("secrets", Namespace, "bootstrap-token-later1") == nil {
		t.Fatal("a token was deleted before it expired")
	}
	e.Until(2*time.Minute, "token deleted when it expires", func() bool { return e.Get("secrets", Namespace, "bootstrap-token-later1") == nil })
}
