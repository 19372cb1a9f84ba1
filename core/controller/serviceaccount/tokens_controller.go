package serviceaccount

import (
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// TokensName is the service-account token controller's name.
const TokensName = "serviceaccount-token-controller"

// Annotations of a kubernetes.io/service-account-token Secret.
const (
	ServiceAccountNameKey = "kubernetes.io/service-account.name"
	ServiceAccountUIDKey  = "kubernetes.io/service-account.uid"
)

// Tokens is the service-account token controller: it fills a
// kubernetes.io/service-account-token Secret with its ServiceAccount's token,
// the cluster CA and the namespace, and deletes the Secret when that
// ServiceAccount does not exist (or is another one by now).
type Tokens struct {
	*ctrlutil.Loop
	c      *client.Client
	secInf *client.Informer
	saInf  *client.Informer
}

// NewTokens builds the controller on the manager's shared informers.
func NewTokens(ctx *ctrlutil.Context) *Tokens {
	c := &Tokens{c: ctx.ClientFor(TokensName), secInf: ctrlutil.NamespaceIndexed(ctx.Informers.Informer("secrets", "")),
		saInf: ctx.Informers.Informer("serviceaccounts", "")}
	c.Loop = ctrlutil.NewLoop(ctx.Sim, TokensName, c.sync)
	secret := func(obj api.Object) {
		if s, ok := obj.(*api.Secret); ok && s.Type == api.SecretTypeServiceAccountToken {
			c.EnqueueObject(s)
		}
	}
	c.secInf.AddEventHandler(client.Handler{OnAdd: secret, OnUpdate: func(_, obj api.Object) { secret(obj) }})
	c.saInf.AddEventHandler(client.Handler{OnDelete: func(obj api.Object) {
		// The deleted ServiceAccount's tokens go with it.
		sa := obj.GetObjectMeta()
		for _, s := range ctrlutil.ListIn[*api.Secret](c.secInf, sa.Namespace) {
			if s.Type == api.SecretTypeServiceAccountToken && s.Annotations[ServiceAccountNameKey] == sa.Name {
				c.EnqueueObject(s)
			}
		}
	}})
	return c
}

func (c *Tokens) sync(key string) error {
	ns, name, _ := strings.Cut(key, "/")
	s, ok := ctrlutil.Get[*api.Secret](c.secInf, ns, name)
	if !ok || s.Type != api.SecretTypeServiceAccountToken || s.DeletionTimestamp != nil {
		return nil
	}
	saName, uid := s.Annotations[ServiceAccountNameKey], s.Annotations[ServiceAccountUIDKey]
	sa, ok := ctrlutil.Get[*api.ServiceAccount](c.saInf, ns, saName)
	if !ok {
		// A cache miss is checked with the apiserver before acting on it.
		obj, err := c.c.Resource("serviceaccounts").Namespace(ns).Get(saName)
		if err != nil && !api.IsNotFound(err) {
			return err
		}
		sa, ok = obj.(*api.ServiceAccount)
	}
	if !ok || uid != "" && uid != sa.UID {
		c.Trace("delete", "secrets", ns, name, "deleting token Secret %s/%s: its ServiceAccount %s does not exist", ns, name, saName)
		_, err := c.c.Resource("secrets").Namespace(ns).Delete(name, client.DeleteOptions{Preconditions: &api.Preconditions{UID: &s.UID}})
		if err != nil && !api.IsNotFound(err) && !api.IsConflict(err) {
			return err
		}
		return nil
	}
	if uid != "" && len(s.Data["token"]) > 0 && len(s.Data["ca.crt"]) > 0 && len(s.Data["namespace"]) > 0 {
		return nil
	}
	s = api.DeepCopyAs(s)
	s.Annotations[ServiceAccountUIDKey] = sa.UID
	if s.Data == nil {
		s.Data = map[string][]byte{}
	}
	s.Data["token"] = []byte(legacyToken(ns, name, sa))
	s.Data["ca.crt"] = []byte(CACert)
	s.Data["namespace"] = []byte(ns)
	c.Trace("update", "secrets", ns, name, "generating the token of ServiceAccount %s/%s in Secret %s", ns, sa.Name, name)
	if _, err := c.c.Resource("secrets").Namespace(ns).Update(s); err != nil && !api.IsNotFound(err) {
		return err
	}
	return nil
}

// legacyToken is a Secret-based service-account token: a JWT with the
// legacy claims (kubeplay signs nothing; the signature is a placeholder).
func legacyToken(ns, secret string, sa *api.ServiceAccount) string {
	claims := `{"iss":"kubernetes/serviceaccount","kubernetes.io/serviceaccount/namespace":"` + ns +
		`","kubernetes.io/serviceaccount/secret.name":"` + secret +
		`","kubernetes.io/serviceaccount/service-account.name":"` + sa.Name +
		`","kubernetes.io/serviceaccount/service-account.uid":"` + sa.UID +
		`","sub":"system:serviceaccount:` + ns + ":" + sa.Name + `"}`
	return api.EncodeJWT([]byte(`{"alg":"RS256","kid":"kubeplay"}`), []byte(claims), []byte("kubeplay does not sign tokens"))
}
