package admission

import (
	"errors"
	"math/rand/v2"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

// Operations, as admission.Attributes reports them.
const (
	Create  = "CREATE"
	Update  = "UPDATE"
	Delete  = "DELETE"
	Connect = "CONNECT"
)

// Attributes describe one write going through admission.
type Attributes struct {
	Operation   string // CREATE UPDATE DELETE CONNECT
	Resource    *api.ResourceInfo
	Subresource string
	Namespace   string
	Name        string
	Object      api.Object // mutable in Admit
	OldObject   api.Object
	User        request.UserInfo
	DryRun      bool
	// Warnings and AuditAnnotations are what validating plugins add to the
	// response (warning.AddWarning) and to the request's audit event
	// (audit.AddAuditAnnotations, as "key=value").
	Warnings         []string
	AuditAnnotations []string
}

// resource is the plural resource name ("" if unknown).
func (a *Attributes) resource() string {
	if a.Resource == nil {
		return ""
	}
	return a.Resource.Resource
}

func (a *Attributes) groupResource() api.GroupResource {
	if a.Resource == nil {
		return api.GroupResource{}
	}
	return a.Resource.GroupResource()
}

// Host is what plugins may read and write: the apiserver's own view of the
// cluster (cached objects are shared: never mutate them), status writes
// that bypass admission, the virtual clock and the seeded randomness.
type Host interface {
	Get(resource, namespace, name string) (api.Object, error)
	List(resource, namespace string) ([]api.Object, error)
	UpdateStatus(resource string, obj api.Object) error
	Now() time.Time
	Rand() *rand.Rand
}

// Plugin is one admission plugin.
type Plugin interface {
	Name() string
}

// Mutator is a plugin with a mutating phase.
type Mutator interface {
	Plugin
	// Admit may change a.Object. It returns nil when the plugin does not
	// apply; applied reports whether it acted (for the trace).
	Admit(a *Attributes, h Host) (applied bool, err error)
}

// Validator is a plugin with a validating phase.
type Validator interface {
	Plugin
	Validate(a *Attributes, h Host) (applied bool, err error)
}

// Chain runs plugins in kube-apiserver's order.
type Chain struct {
	plugins []Plugin
	last    []string
	notes   []Note
	// OnPlugin, if set, is told about every plugin that acted: its name,
	// the phase ("mutating" or "validating") and its error (nil = admitted).
	OnPlugin func(name, phase string, err error)
}

// NewChain returns the default chain: the plugins kube-apiserver v1.35
// enables by default that kubeplay models, in its order.
func NewChain() *Chain {
	return NewChainOf(
		&NamespaceLifecycle{},
		&LimitRanger{},
		&ServiceAccount{},
		&NodeRestriction{},
		&TaintNodesByCondition{},
		&PodSecurity{},
		&Priority{},
		&DefaultTolerationSeconds{},
		&DefaultStorageClass{},
		&StorageObjectInUseProtection{},
		&DefaultIngressClass{},
		&ResourceQuota{},
	)
}

// NewChainOf returns a chain of the given plugins, in order.
func NewChainOf(plugins ...Plugin) *Chain { return &Chain{plugins: plugins} }

// Names lists the plugins in order.
func (c *Chain) Names() []string {
	out := make([]string, len(c.plugins))
	for i, p := range c.plugins {
		out[i] = p.Name()
	}
	return out
}

// LastPlugins lists the plugins that acted during the last Admit or Validate.
func (c *Chain) LastPlugins() []string { return c.last }

// Note is what one plugin added to the request during a phase: warnings
// and audit annotations ("key=value").
type Note struct {
	Plugin   string
	Warnings []string
	Audit    []string
}

// LastNotes lists, by plugin, what the plugins that acted during the last
// Admit or Validate added to the response and the audit event.
func (c *Chain) LastNotes() []Note { return c.notes }

// Admit runs the mutating phase; the first error stops it.
func (c *Chain) Admit(a *Attributes, h Host) error {
	c.last, c.notes = nil, nil
	for _, p := range c.plugins {
		m, ok := p.(Mutator)
		if !ok {
			continue
		}
		applied, err := m.Admit(a, h)
		if err := c.record(p.Name(), "mutating", applied, err); err != nil {
			return err
		}
	}
	return nil
}

// Validate runs the validating phase; the first error stops it.
func (c *Chain) Validate(a *Attributes, h Host) error {
	c.last, c.notes = nil, nil
	for _, p := range c.plugins {
		v, ok := p.(Validator)
		if !ok {
			continue
		}
		w, an := len(a.Warnings), len(a.AuditAnnotations)
		applied, err := v.Validate(a, h)
		if applied && (len(a.Warnings) > w || len(a.AuditAnnotations) > an) {
			c.notes = append(c.notes, Note{p.Name(), a.Warnings[w:], a.AuditAnnotations[an:]})
		}
		if err := c.record(p.Name(), "validating", applied, err); err != nil {
			return err
		}
	}
	return nil
}

func (c *Chain) record(name, phase string, applied bool, err error) error {
	if applied || err != nil {
		c.last = append(c.last, name)
		if c.OnPlugin != nil {
			c.OnPlugin(name, phase, err)
		}
	}
	return err
}

// NewForbidden wraps a plugin's refusal the way admission.NewForbidden
// does: `pods "x" is forbidden: <err>`, naming the object (or its
// generateName before a name is generated). A Forbidden error is returned
// as is.
func NewForbidden(a *Attributes, err error) error {
	var se *api.StatusError
	if errors.As(err, &se) && api.IsForbidden(se) {
		return se
	}
	name := "Unknown"
	if a.Object != nil {
		m := a.Object.GetObjectMeta()
		if m.Name != "" {
			name = m.Name
		} else if m.GenerateName != "" {
			name = m.GenerateName
		}
	} else if a.Name != "" {
		name = a.Name
	}
	return api.NewForbidden(a.groupResource(), name, err.Error())
}

func isPodCreate(a *Attributes) (*api.Pod, bool) {
	if a.resource() != "pods" || a.Subresource != "" || a.Operation != Create {
		return nil, false
	}
	pod, ok := a.Object.(*api.Pod)
	return pod, ok
}
