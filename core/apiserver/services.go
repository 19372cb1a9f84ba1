package apiserver

import (
	"fmt"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
	"kubeplay/core/ipaddr"
)

// Service IP and node port allocation (the apiserver's ipallocator and
// portallocator), over --service-cluster-ip-range=10.96.0.0/16 (kind's serviceSubnet) and
// --service-node-port-range=30000-32767. Allocation is random, drawn from
// the sim, and skips the low static band where explicit IPs such as
// 10.96.0.1 (the kubernetes Service) and 10.96.0.10 (DNS) live.

const (
	serviceCIDRBase = 0x0a600000 // 10.96.0.0
	serviceCIDRSize = 1 << 16    // /16, kind's default serviceSubnet
	staticBand      = 256        // min(max(16, size/16), 256)
	nodePortBase    = 30000
	nodePortSize    = 2768
)

type ipAllocator struct{ used map[uint32]bool }

func newIPAllocator() *ipAllocator { return &ipAllocator{used: map[uint32]bool{}} }

func ipOffset(s string) (uint32, bool) {
	a, ok := ipaddr.Parse(s)
	if !ok || !a.Is4() {
		return 0, false
	}
	b := a.As4()
	v := uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
	if v <= serviceCIDRBase || v >= serviceCIDRBase+serviceCIDRSize-1 {
		return 0, false
	}
	return v - serviceCIDRBase, true
}

func ipString(off uint32) string {
	v := serviceCIDRBase + off
	return fmt.Sprintf("%d.%d.%d.%d", v>>24, v>>16&0xff, v>>8&0xff, v&0xff)
}

func (a *ipAllocator) mark(svc *api.Service) {
	if off, ok := ipOffset(svc.Spec.ClusterIP); ok {
		a.used[off] = true
	}
}

func (a *ipAllocator) release(svc *api.Service) {
	if off, ok := ipOffset(svc.Spec.ClusterIP); ok {
		delete(a.used, off)
	}
}

type portAllocator struct{ used map[int32]bool }

func newPortAllocator() *portAllocator { return &portAllocator{used: map[int32]bool{}} }

func (a *portAllocator) mark(svc *api.Service) {
	for _, p := range svc.Spec.Ports {
		if p.NodePort != 0 {
			a.used[p.NodePort] = true
		}
	}
}

func (a *portAllocator) release(svc *api.Service) {
	for _, p := range svc.Spec.Ports {
		delete(a.used, p.NodePort)
	}
}

// allocate gives a new Service its cluster IP and node ports.
func (s *Server) allocate(r *resource, obj api.Object) error {
	svc, ok := obj.(*api.Service)
	if !ok {
		return nil
	}
	name := svc.Name
	invalid := func(path *field.Path, v any, detail string) error {
		return api.NewInvalid("Service", name, field.ErrorList{field.Invalid(path, v, detail)})
	}
	if svc.Spec.Type != api.ServiceTypeExternalName && (svc.Spec.ClusterIP != api.ClusterIPNone || len(svc.Spec.Selector) > 0) {
		// initIPFamilyFields: the cluster serves IPv4 only (kind's default).
		var el field.ErrorList
		if svc.Spec.IPFamilyPolicy != nil && *svc.Spec.IPFamilyPolicy == api.IPFamilyPolicyRequireDualStack {
			el = append(el, field.Invalid(field.NewPath("spec", "ipFamilyPolicy"), *svc.Spec.IPFamilyPolicy,
				"this cluster is not configured for dual-stack services"))
		}
		for i, f := range svc.Spec.IPFamilies {
			if f != api.IPv4Protocol {
				el = append(el, field.Invalid(field.NewPath("spec", "ipFamilies").Index(i), f, "not configured on this cluster"))
			}
		}
		if len(el) > 0 {
			return api.NewInvalid("Service", name, el)
		}
	}
	if svc.Spec.Type != api.ServiceTypeExternalName && svc.Spec.ClusterIP != api.ClusterIPNone {
		if svc.Spec.ClusterIP == "" {
			n := serviceCIDRSize - 2 - staticBand
			start := uint32(s.sim.Rand().IntN(n))
			for i := 0; i < n; i++ {
				off := staticBand + 1 + (start+uint32(i))%uint32(n)
				if !s.ips.used[off] {
					svc.Spec.ClusterIP = ipString(off)
					break
				}
			}
		} else {
			off, ok := ipOffset(svc.Spec.ClusterIP)
			if !ok {
				return invalid(field.NewPath("spec", "clusterIPs").Index(0), svc.Spec.ClusterIP,
					"failed to allocate IP "+svc.Spec.ClusterIP+": the provided IP ("+svc.Spec.ClusterIP+") is not in the valid range. The range of valid IPs is 10.96.0.0/16")
			}
			if s.ips.used[off] {
				return invalid(field.NewPath("spec", "clusterIPs").Index(0), []string{svc.Spec.ClusterIP},
					"failed to allocate IP "+svc.Spec.ClusterIP+": provided IP is already allocated")
			}
		}
		svc.Spec.ClusterIPs = []string{svc.Spec.ClusterIP}
		if len(svc.Spec.IPFamilies) == 0 {
			svc.Spec.IPFamilies = []api.IPFamily{api.IPv4Protocol}
		}
		if svc.Spec.IPFamilyPolicy == nil {
			p := api.IPFamilyPolicySingleStack
			svc.Spec.IPFamilyPolicy = &p
		}
	}
	if svc.Spec.Type != api.ServiceTypeExternalName && svc.Spec.ClusterIP == api.ClusterIPNone {
		// A headless Service: clusterIPs is ["None"] (its IP families are
		// defaulted in defaults.setService).
		svc.Spec.ClusterIPs = []string{api.ClusterIPNone}
	}
	if svc.Spec.Type == api.ServiceTypeNodePort || svc.Spec.Type == api.ServiceTypeLoadBalancer {
		taken := map[int32]bool{}
		for i := range svc.Spec.Ports {
			p := &svc.Spec.Ports[i]
			if p.NodePort != 0 {
				if s.ports.used[p.NodePort] {
					return invalid(field.NewPath("spec", "ports").Index(i).Child("nodePort"), p.NodePort, "provided port is already allocated")
				}
				if p.NodePort < nodePortBase || p.NodePort >= nodePortBase+nodePortSize {
					return invalid(field.NewPath("spec", "ports").Index(i).Child("nodePort"), p.NodePort, "provided port is not in the valid range. The range of valid ports is 30000-32767")
				}
				taken[p.NodePort] = true
			}
		}
		for i := range svc.Spec.Ports {
			p := &svc.Spec.Ports[i]
			if p.NodePort != 0 {
				continue
			}
			start := s.sim.Rand().IntN(nodePortSize)
			for j := 0; j < nodePortSize; j++ {
				port := int32(nodePortBase + (start+j)%nodePortSize)
				if !s.ports.used[port] && !taken[port] {
					p.NodePort, taken[port] = port, true
					break
				}
			}
		}
	}
	return nil
}

func secondsDuration(n int64) time.Duration { return time.Duration(n) * time.Second }

func fieldNotSupported(path string, v any, valid []string) field.ErrorList {
	return field.ErrorList{field.NotSupported(field.NewPath(path), v, valid)}
}
