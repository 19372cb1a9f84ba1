package validation

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
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
		} else {
			errs = append(errs, validateSchema(v.Schema.OpenAPIV3Schema, vp.Child("schema", "openAPIV3Schema"))...)
		}
		for j := range v.AdditionalPrinterColumns {
			errs = append(errs, validatePrinterColumn(&v.AdditionalPrinterColumns[j], vp.Child("additionalPrinterColumns").Index(j))...)
		}
	}
	if len(s.Versions) > 0 && storage != 1 {
		errs = append(errs, field.Invalid(p.Child("versions"), jsonValue(s.Versions), "must have exactly one version marked as storage version"))
	}
	return errs
}

// Schema levels of validateStructural: the root, an object field, an array item.
const (
	rootLevel = iota
	fieldLevel
	itemLevel
)

// validateSchema checks a CRD version's openAPIV3Schema as the apiserver does for the keywords
// kubeplay reads: uniqueItems and additionalProperties beside properties are forbidden, patterns
// must compile, and the schema must be structural (a type on every specified field and array
// item, items on every array, an object at the root, no additionalProperties there, metadata
// restricted to name and generateName). Errors are sorted by their text, as the apiserver sorts them.
func validateSchema(raw []byte, p *field.Path) field.ErrorList {
	var s api.JSONSchemaProps
	if err := json.Unmarshal(raw, &s); err != nil {
		return field.ErrorList{field.Invalid(p, string(raw), err.Error())}
	}
	errs := validateSchemaNode(&s, rootLevel, p)
	sort.SliceStable(errs, func(i, j int) bool { return errs[i].Error() < errs[j].Error() })
	return errs
}

func validateSchemaNode(s *api.JSONSchemaProps, level int, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.UniqueItems {
		errs = append(errs, field.Forbidden(p.Child("uniqueItems"), "uniqueItems cannot be set to true since the runtime complexity becomes quadratic"))
	}
	if ap := s.AdditionalProperties; ap != nil {
		if len(s.Properties) > 0 && (!ap.Allows || ap.Schema != nil) {
			errs = append(errs, field.Forbidden(p.Child("additionalProperties"), "additionalProperties and properties are mutual exclusive"))
		}
		if level == rootLevel {
			errs = append(errs, field.Forbidden(p.Child("additionalProperties"), "must not be used at the root"))
		}
		if ap.Schema != nil {
			errs = append(errs, validateSchemaNode(ap.Schema, fieldLevel, p.Child("additionalProperties"))...)
		}
	}
	if s.Pattern != "" {
		if _, err := regexp.Compile(s.Pattern); err != nil {
			errs = append(errs, field.Invalid(p.Child("pattern"), s.Pattern, fmt.Sprintf("must be a valid regular expression, but isn't: %v", err)))
		}
	}
	if s.Type == "array" && s.Items == nil {
		errs = append(errs, field.Required(p.Child("items"), "must be specified"))
	}
	if s.Items != nil {
		errs = append(errs, validateSchemaNode(s.Items, itemLevel, p.Child("items"))...)
	}
	for k, prop := range s.Properties {
		if level == rootLevel && k == "metadata" {
			errs = append(errs, validateMetadataSchema(&prop, p.Child("properties").Key(k))...)
			continue
		}
		errs = append(errs, validateSchemaNode(&prop, fieldLevel, p.Child("properties").Key(k))...)
	}
	if s.Type == "" && !s.XIntOrString && !s.PreservesUnknownFields() {
		errs = append(errs, field.Required(p.Child("type"), []string{"must not be empty at the root",
			"must not be empty for specified object fields", "must not be empty for specified array items"}[level]))
	}
	if level == rootLevel && s.Type != "" && s.Type != "object" {
		errs = append(errs, field.Invalid(p.Child("type"), s.Type, "must be object at the root"))
	}
	return errs
}

// validateMetadataSchema allows a root metadata schema to restrict only name and generateName.
func validateMetadataSchema(s *api.JSONSchemaProps, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.Type != "object" {
		errs = append(errs, field.Invalid(p.Child("type"), s.Type, "must be object"))
	}
	for k := range s.Properties {
		if k != "name" && k != "generateName" {
			return append(errs, field.Forbidden(p, "must not specify anything other than name and generateName, but metadata is implicitly specified"))
		}
	}
	return errs
}

// printerColumnTypes are the types an additionalPrinterColumns entry may have.
var printerColumnTypes = []string{"boolean", "date", "integer", "number", "string"}

// validatePrinterColumn is ValidateCustomResourceColumnDefinition.
func validatePrinterColumn(c *api.CustomResourceColumnDefinition, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if c.Name == "" {
		errs = append(errs, field.Required(p.Child("name"), ""))
	}
	must := "must be one of " + strings.Join(printerColumnTypes, ",")
	if c.Type == "" {
		errs = append(errs, field.Required(p.Child("type"), must))
	} else if !slices.Contains(printerColumnTypes, c.Type) {
		errs = append(errs, field.Invalid(p.Child("type"), c.Type, must))
	}
	if c.JSONPath == "" {
		errs = append(errs, field.Required(p.Child("JSONPath"), ""))
	}
	return errs
}
