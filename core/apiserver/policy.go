package apiserver

import (
	"kubeplay/core/apiserver/admission"
	"kubeplay/core/apiserver/defaults"
	"kubeplay/core/apiserver/validation"
)

// The policy stages: SetDefaults_* (package defaults), the registry
// strategies' validation (package validation) and the admission plugins
// kube-apiserver enables by default (package admission).

func defaultHooks() Hooks {
	return Hooks{
		Default:              defaults.Default,
		ValidateCreate:       validation.ValidateCreate,
		ValidateUpdate:       validation.ValidateUpdate,
		ValidateStatusUpdate: validation.ValidateStatusUpdate,
	}
}

// chainAdmission adapts package admission's Chain to the pipeline.
type chainAdmission struct {
	chain *admission.Chain
	host  admission.Host
}

func (s *Server) newAdmission() Admission {
	return &chainAdmission{chain: admission.NewChain(), host: host{s}}
}

func attributesOf(a *AdmissionRequest) *admission.Attributes {
	return &admission.Attributes{Operation: a.Operation, Resource: a.Resource, Subresource: a.Subresource,
		Namespace: a.Namespace, Name: a.Name, Object: a.Object, OldObject: a.OldObject,
		UserName: a.User.Name, UserGroups: a.User.Groups, DryRun: a.DryRun}
}

func (c *chainAdmission) Admit(a *AdmissionRequest) error {
	return c.chain.Admit(attributesOf(a), c.host)
}

func (c *chainAdmission) Validate(a *AdmissionRequest) error {
	return c.chain.Validate(attributesOf(a), c.host)
}

func (c *chainAdmission) Names() []string { return c.chain.Names() }

func (c *chainAdmission) LastPlugins() []string { return c.chain.LastPlugins() }
