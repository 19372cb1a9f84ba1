package serviceaccount

import (
	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// Name is the controller's name.
const Name = "serviceaccount-controller"

// RootCAConfigMap is the ConfigMap the root-ca-cert-publisher maintains.
const RootCAConfigMap = "kube-root-ca.crt"

// RootCADescription is the annotation kube puts on it.
const RootCADescription = "Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters."

// CACert is kubeplay's (fake, fixed) cluster CA certificate.
const CACert = "-----BEGIN CERTIFICATE-----\nMIIBkubeplayFakeClusterCAforTheBrowserPlaygroundOnlyNotARealKeyAAAA\n-----END CERTIFICATE-----\n"

// Controller ensures the default ServiceAccount and kube-root-ca.crt.
type Controller struct {
	*ctrlutil.Loop
	c     *client.Client
	nsInf *client.Informer
	saInf *client.Informer
	cmInf *client.Informer
}

// New builds the controller on the manager's shared informers.
func New(ctx *ctrlutil.Context) *Controller {
	c := &Controller{
		c:     ctx.ClientFor(Name),
		nsInf: ctx.Informers.Informer("namespaces", ""),
		saInf: ctx.Informers.Informer("serviceaccounts", ""),
		cmInf: ctx.Informers.Informer("configmaps", ""),
	}
	c.Loop = ctrlutil.NewLoop(ctx.Sim, Name, c.sync)
	c.nsInf.AddEventHandler(client.Handler{
		OnAdd:    func(obj api.Object) { c.Enqueue(obj.GetObjectMeta().Name) },
		OnUpdate: func(_, obj api.Object) { c.Enqueue(obj.GetObjectMeta().Name) },
	})
	gone := client.Handler{
		OnDelete: func(obj api.Object) { c.Enqueue(obj.GetObjectMeta().Namespace) },
		OnUpdate: func(_, obj api.Object) {
			if obj.GetObjectMeta().Name == RootCAConfigMap {
				c.Enqueue(obj.GetObjectMeta().Namespace)
			}
		},
	}
	c.saInf.AddEventHandler(client.Handler{OnDelete: gone.OnDelete})
	c.cmInf.AddEventHandler(gone)
	return c
}

func (c *Controller) sync(ns string) error {
	n, ok := ctrlutil.Get[*api.Namespace](c.nsInf, "", ns)
	if !ok || n.DeletionTimestamp != nil || n.Status.Phase == api.NamespaceTerminating {
		return nil
	}
	if _, ok := c.saInf.Get(ns, "default"); !ok {
		c.Trace("create", "serviceaccounts", ns, "default", "creating ServiceAccount %s/default", ns)
		_, err := c.c.Resource("serviceaccounts").Namespace(ns).Create(&api.ServiceAccount{ObjectMeta: api.ObjectMeta{Name: "default", Namespace: ns}})
		if err != nil && !api.IsAlreadyExists(err) && !ctrlutil.IsNamespaceTerminating(err) {
			return err
		}
	}
	want := map[string]string{"ca.crt": CACert}
	obj, ok := c.cmInf.Get(ns, RootCAConfigMap)
	switch {
	case !ok:
		c.Trace("create", "configmaps", ns, RootCAConfigMap, "root-ca-cert-publisher: publishing %s/%s", ns, RootCAConfigMap)
		_, err := c.c.Resource("configmaps").Namespace(ns).Create(&api.ConfigMap{
			ObjectMeta: api.ObjectMeta{Name: RootCAConfigMap, Namespace: ns, Annotations: map[string]string{"kubernetes.io/description": RootCADescription}},
			Data:       want,
		})
		if err != nil && !api.IsAlreadyExists(err) && !ctrlutil.IsNamespaceTerminating(err) {
			return err
		}
	case obj.(*api.ConfigMap).Data["ca.crt"] != CACert:
		cm := api.DeepCopyAs(obj.(*api.ConfigMap))
		cm.Data = want
		if _, err := c.c.Resource("configmaps").Namespace(ns).Update(cm); err != nil && !api.IsNotFound(err) {
			return err
		}
	}
	return nil
}
