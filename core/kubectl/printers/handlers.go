package printers

import (
	"time"

	"kubeplay/core/api"
)

// handler is one resource's table columns and row function (the TableHandler
// pairs of pkg/printers/internalversion AddHandlers).
type handler struct {
	columns []Column
	row     func(obj api.Object, now time.Time) []string
}

// handlers is keyed by "resource.group" (group empty for core).
var handlers = map[string]handler{
	"pods":                                   {podColumns, podRow},
	"deployments.apps":                       {deploymentColumns, deploymentRow},
	"replicasets.apps":                       {replicaSetColumns, replicaSetRow},
	"daemonsets.apps":                        {daemonSetColumns, daemonSetRow},
	"controllerrevisions.apps":               {controllerRevisionColumns, controllerRevisionRow},
	"apiservices.apiregistration.k8s.io":     {apiServiceColumns, apiServiceRow},
	"jobs.batch":                             {jobColumns, jobRow},
	"nodes":                                  {nodeColumns, nodeRow},
	"namespaces":                             {namespaceColumns, namespaceRow},
	"events":                                 {eventColumns, eventRow},
	"services":                               {serviceColumns, serviceRow},
	"endpoints":                              {endpointsColumns, endpointsRow},
	"configmaps":                             {configMapColumns, configMapRow},
	"componentstatuses":                      {componentStatusColumns, componentStatusRow},
	"secrets":                                {secretColumns, secretRow},
	"serviceaccounts":                        {serviceAccountColumns, serviceAccountRow},
	"rolebindings.rbac.authorization.k8s.io": {roleBindingColumns, roleBindingRow},
	"clusterrolebindings.rbac.authorization.k8s.io": {roleBindingColumns, roleBindingRow},
	"resourcequotas":                    {resourceQuotaColumns, resourceQuotaRow},
	"priorityclasses.scheduling.k8s.io": {priorityClassColumns, priorityClassRow},
	"leases.coordination.k8s.io":        {leaseColumns, leaseRow},
	"endpointslices.discovery.k8s.io":   {endpointSliceColumns, endpointSliceRow},
}

// defaultHandler is the apiserver's default table for kinds without printer
// columns (roles, clusterroles, limitranges, ...): NAME and CREATED AT in RFC 3339.
var defaultHandler = handler{
	columns: []Column{{Name: "Name"}, {Name: "Created At"}},
	row: func(obj api.Object, _ time.Time) []string {
		m := obj.GetObjectMeta()
		return []string{m.Name, m.CreationTimestamp.UTC().Format(time.RFC3339)}
	},
}

func handlerFor(info *api.ResourceInfo) handler {
	if info == nil {
		return defaultHandler
	}
	if info.Custom != nil {
		return customHandler(info.Custom)
	}
	key := info.Resource
	if info.Group != "" {
		key += "." + info.Group
	}
	if h, ok := handlers[key]; ok {
		return h
	}
	return defaultHandler
}
