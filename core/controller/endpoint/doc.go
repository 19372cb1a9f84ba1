// Package endpoint plays kube-controller-manager's endpoints controller
// (pkg/controller/endpoint, "endpoint-controller"): for every Service with
// a selector it keeps a core/v1 Endpoints of the Service's name listing the
// selected Pods' IPs, ready ones in addresses and the others in
// notReadyAddresses, with the target ports resolved per Pod. Endpoints of
// Services without a selector are the users' own and left alone.
package endpoint
