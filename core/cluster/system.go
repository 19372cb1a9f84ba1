package cluster

import (
	_ "embed"
	"fmt"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/apiserver"
)

//go:embed system.yaml
var systemYAML string

// startSystemWorkloads creates kind's system workloads (system.yaml):
// kubeadm and kind apply the addons as kubernetes-admin, and the
// control-plane kubelet creates the mirror pods of its static pods.
func (c *Cluster) startSystemWorkloads() error {
	var cp NodeSpec
	for _, n := range c.Opts.Nodes {
		if n.ControlPlane {
			cp = n
			break
		}
	}
	if cp.Name == "" || c.Kubelets[cp.Name] == nil {
		return nil // no control-plane kubelet to run the static pods
	}
	admin := c.clientFor(apiserver.Admin(), "kubeadm")
	obj, err := admin.Resource("nodes").Get(cp.Name)
	if err != nil {
		return err
	}
	node := obj.(*api.Node)
	ip := ""
	for _, a := range node.Status.Addresses {
		if a.Type == "InternalIP" {
			ip = a.Address
		}
	}
	doc := strings.NewReplacer("{{node}}", cp.Name, "{{ip}}", ip).Replace(systemYAML)
	manifests, err := api.ParseManifests("system.yaml", []byte(doc))
	if err != nil {
		return err
	}
	kubeletUser := request.UserInfo{Name: request.NodeUserPrefix + cp.Name, Groups: []string{request.GroupNodes, request.GroupAuthenticated}}
	kubelet := c.clientFor(kubeletUser, "kubelet/"+cp.Name)
	for _, m := range manifests {
		if m.Err != nil {
			return fmt.Errorf("%s %s: %v", m.GVK.Kind, m.Name, m.Err)
		}
		info, err := api.ResourceForKind(m.GVK.APIVersion(), m.GVK.Kind)
		if err != nil {
			return err
		}
		by := admin
		if pod, ok := m.Object.(*api.Pod); ok {
			// A mirror pod: owned by its node, created by its kubelet.
			by = kubelet
			pod.OwnerReferences = []api.OwnerReference{{APIVersion: "v1", Kind: "Node", Name: node.Name, UID: node.UID, Controller: ptrTo(true)}}
		}
		resource := info.Resource
		if info.Group != "" {
			resource += "." + info.Group
		}
		if _, err := by.Resource(resource).Namespace(m.Namespace).Create(m.Object); err != nil {
			return fmt.Errorf("%s %s: %v", m.GVK.Kind, m.Name, err)
		}
	}
	return nil
}

func ptrTo[T any](v T) *T { return &v }
