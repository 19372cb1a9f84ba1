package cluster

import (
	_ "embed"
	"fmt"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/apiserver"
)

// system.json is system.yaml (the workloads' source, as kind's manifests
// read) in JSON, one object a line, made by TestSystemJSONIsSystemYAML: every
// cluster starts them, and decoding JSON runs code the start-up runs anyway,
// where YAML's parser would run for this alone.
//
//go:embed system.json
var systemJSON string

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
	doc := strings.NewReplacer("{{node}}", cp.Name, "{{ip}}", ip).Replace(systemJSON)
	kubeletUser := request.UserInfo{Name: request.NodeUserPrefix + cp.Name, Groups: []string{request.GroupNodes, request.GroupAuthenticated}}
	kubelet := c.clientFor(kubeletUser, "kubelet/"+cp.Name)
	for _, line := range strings.Split(strings.TrimSpace(doc), "\n") {
		obj, err := api.Decode([]byte(line))
		if err != nil {
			return fmt.Errorf("system.json: %v", err)
		}
		tm, md := obj.GetTypeMeta(), obj.GetObjectMeta()
		info, err := api.ResourceForKind(tm.APIVersion, tm.Kind)
		if err != nil {
			return err
		}
		by := admin
		if pod, ok := obj.(*api.Pod); ok {
			// A mirror pod: owned by its node, created by its kubelet.
			by = kubelet
			pod.OwnerReferences = []api.OwnerReference{{APIVersion: "v1", Kind: "Node", Name: node.Name, UID: node.UID, Controller: ptrTo(true)}}
		}
		resource := info.Resource
		if info.Group != "" {
			resource += "." + info.Group
		}
		if _, err := by.Resource(resource).Namespace(md.Namespace).Create(obj); err != nil {
			return fmt.Errorf("%s %s: %v", tm.Kind, md.Name, err)
		}
	}
	return nil
}

func ptrTo[T any](v T) *T { return &v }
