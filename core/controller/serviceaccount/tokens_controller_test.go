package serviceaccount

import (
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/internal/testenv"
)

func TestTokenSecretsFollowTheirServiceAccount(t *testing.T) {
	e := testenv.New(t)
	e.Start(NewTokens(e.Ctx))
	secret := func(name, sa string) {
		e.Must(e.Admin.Resource("secrets").Namespace("default").Create(&api.Secret{
			ObjectMeta: api.ObjectMeta{Name: name, Annotations: map[string]string{ServiceAccountNameKey: sa}},
			Type:       api.SecretTypeServiceAccountToken, Data: map[string][]byte{"extra": []byte("bar\n")}}))
	}
	sa := e.Must(e.Admin.Resource("serviceaccounts").Namespace("default").Create(&api.ServiceAccount{ObjectMeta: api.ObjectMeta{Name: "build-robot"}})).(*api.ServiceAccount)
	secret("build-robot-secret", "build-robot")
	secret("secret-sa-sample", "sa-name")
	e.Run(time.Second)
	if e.Get("secrets", "default", "secret-sa-sample") != nil {
		t.Error("the token Secret of a ServiceAccount that does not exist is still there")
	}
	s := e.Get("secrets", "default", "build-robot-secret").(*api.Secret)
	if s.Annotations[ServiceAccountUIDKey] != sa.UID || string(s.Data["namespace"]) != "default" || string(s.Data["ca.crt"]) != CACert ||
		!strings.HasPrefix(string(s.Data["token"]), "eyJ") || string(s.Data["extra"]) != "bar\n" {
		t.Errorf("token Secret = %v %q", s.Annotations, s.Data)
	}
	if _, err := e.Admin.Resource("serviceaccounts").Namespace("default").Delete("build-robot", client.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	e.Until(time.Minute, "token Secret deleted with its ServiceAccount", func() bool { return e.Get("secrets", "default", "build-robot-secret") == nil })
}
