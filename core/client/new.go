package client

import "kubeplay/core/apiserver"

// New returns a client of srv that authenticates as user and appears in the
// trace as component (kubectl, kube-scheduler,
// kube-controller-manager/deployment-controller, kubelet/demo-worker...).
func New(srv *apiserver.Server, user apiserver.UserInfo, component string) *Client {
	return NewForServer(srv.Sim(), srv, user, component)
}
