package client

import (
	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/sim"
)

// LocalServer is a Server that runs on a simulation: what New needs.
// *apiserver.Server implements it.
type LocalServer interface {
	Server
	Sim() *sim.Sim
}

// New returns a client of srv that authenticates as user and appears in the
// trace as component (kubectl, kube-scheduler,
// kube-controller-manager/deployment-controller, kubelet/demo-worker...).
func New(srv LocalServer, user request.UserInfo, component string) *Client {
	return NewForServer(srv.Sim(), srv, user, component)
}

// Discovery is a Server that answers discovery (GET /api, /apis).
// *apiserver.Server implements it.
type Discovery interface {
	ServerResources() []*api.ResourceInfo
}

// ServerResources lists what the server serves, custom resources included
// (the discovery client); the built-in kinds when the server has no discovery.
func (c *Client) ServerResources() []*api.ResourceInfo {
	if d, ok := c.srv.(Discovery); ok {
		return d.ServerResources()
	}
	return api.Resources()
}
