package bootstrap

import (
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// Name is the controller's name.
const Name = "token-cleaner-controller"

// Namespace holds the bootstrap tokens.
const Namespace = "kube-system"

// TokenCleaner deletes expired bootstrap token Secrets.
type TokenCleaner struct {
	*ctrlutil.Loop
	c      *client.Client
	secInf *client.Informer
}

// New builds the controller on the manager's shared Secret informer.
func New(ctx *ctrlutil.Context) *TokenCleaner {
	c := &TokenCleaner{c: ctx.ClientFor(Name), secInf: ctx.Informers.Informer("secrets", "")}
	c.Loop = ctrlutil.NewLoop(ctx.Sim, Name, c.sync)
	add := func(obj api.Object) {
		if s, ok := obj.(*api.Secret); ok && s.Namespace == Namespace && s.Type == api.SecretTypeBootstrapToken {
			c.Enqueue(s.Name)
		}
	}
	c.secInf.AddEventHandler(client.Handler{OnAdd: add, OnUpdate: func(_, obj api.Object) { add(obj) }})
	return c
}

// sync deletes the token if it has expired, or looks again when it will
// have. An expiration that does not parse as RFC 3339 counts as passed.
func (c *TokenCleaner) sync(name string) error {
	s, ok := ctrlutil.Get[*api.Secret](c.secInf, Namespace, name)
	if !ok || s.Type != api.SecretTypeBootstrapToken || s.DeletionTimestamp != nil {
		return nil
	}
	exp, set := s.Data["expiration"]
	if !set {
		return nil
	}
	if t, err := time.Parse(time.RFC3339, string(exp)); err == nil {
		if left := t.Sub(c.Sim().Now()); left > 0 {
			c.EnqueueAfter(name, left)
			return nil
		}
	}
	c.Trace("delete", "secrets", Namespace, name, "deleting expired bootstrap token %s/%s", Namespace, name)
	_, err := c.c.Resource("secrets").Namespace(Namespace).Delete(name, client.DeleteOptions{Preconditions: &api.Preconditions{UID: &s.UID}})
	if err != nil && !api.IsNotFound(err) && !api.IsConflict(err) {
		return err
	}
	return nil
}
