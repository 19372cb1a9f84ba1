package validation

import (
	"encoding/json"
	"fmt"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

// apiextensions.k8s.io CustomResourceDefinition.

// validateCRD is ValidateCustomResourceDefinition, the checks learners meet.
func validateCRD(crd *api.CustomResourceDefinition) field.ErrorList {
	s := &crd.Spec
	p := field.NewPath("spec")
	errs := ValidateObjectMeta(&crd.ObjectMeta, false, NameIsDNSSubdomain, field.NewPath("metadata"))
	if want := s.Names.Plural + "." + s.Group; crd.Name != want {
		errs = append(errs, field.Invalid(field.NewPath("metadata", "name"), crd.Name, fmt.Sprintf("must be spec.names.plural+\".\"+spec.group")))
	}
	if s.Group == "" {
		errs = append(errs, field.Required(p.Child("group"), ""))
	} else if len(strings.Split(s.Group, ".")) < 2 {
		errs = append(errs, field.Invalid(p.Child("group"), s.Group, "should be a domain with at least one dot"))
	}
	if s.Scope != "Cluster" && s.Scope != "Namespaced" {
		if s.Scope == "" {
			errs = append(errs, field.Required(p.Child("scope"), ""))
		} else {
			errs = append(errs, field.NotSupported(p.Child("scope"), s.Scope, []string{"Cluster", "Namespaced"}))
		}
	}
	np := p.Child("names")
	if s.Names.Plural == "" {
		errs = append(errs, field.Required(np.Child("plural"), ""))
	} else if strings.ToLower(s.Names.Plural) != s.Names.Plural {
		errs = append(errs, field.Invalid(np.Child("plural"), s.Names.Plural, "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"))
	}
	if s.Names.Kind == "" {
		errs = append(errs, field.Required(np.Child("kind"), ""))
	}
	if len(s.Versions) == 0 {
		errs = append(errs, field.Invalid(p.Child("versions"), jsonValue(s.Versions), "must have exactly one version marked as storage version"))
	}
	storage := 0
	for i, v := range s.Versions {
		vp := p.Child("versions").Index(i)
		if v.Storage {
			storage++
		}
		if v.Name == "" {
			errs = append(errs, field.Required(vp.Child("name"), ""))
		}
		if v.Schema == nil || len(v.Schema.OpenAPIV3Schema) == 0 {
			errs = append(errs, field.Required(vp.Child("schema", "openAPIV3Schema"), "schemas are required"))
			continue
		}
		errs = append(errs, validateStructuralRoot(v.Schema.OpenAPIV3Schema, vp.Child("schema", "openAPIV3Schema"))...)
	}
	if len(s.Versions) > 0 && storage != 1 {
		errs = append(errs, field.Invalid(p.Child("versions"), jsonValue(s.Versions), "must have exactly one version marked as storage version"))
	}
	return errs
}

// validateStructuralRoot checks the root of a CRD schema: type object.
func validateStructuralRoot(raw []byte, p *field.Path) field.ErrorList {
	var root map[string]any
	if err := json.Unmarshal(raw, &root); err != nil {
		return field.ErrorList{field.Invalid(p, string(raw), err.Error())}
	}
	t, _ := root["type"].(string)
	switch {
	case t == "":
		return field.ErrorList{field.Required(p.Child("type"), "must not be empty at the root")}
	case t != "object":
		return field.ErrorList{field.Invalid(p.Child("type"), t, "must be object at the root")}
	}
	return nil
}
