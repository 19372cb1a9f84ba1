package api

import "encoding/json"

// CustomResourceDefinition is apiextensions.k8s.io/v1 CustomResourceDefinition.
type CustomResourceDefinition struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       CustomResourceDefinitionSpec   `json:"spec"`
	Status     CustomResourceDefinitionStatus `json:"status,omitempty"`
}

// CustomResourceDefinitionSpec is apiextensions.k8s.io/v1 CustomResourceDefinitionSpec.
type CustomResourceDefinitionSpec struct {
	Group                 string                            `json:"group"`
	Names                 CustomResourceDefinitionNames     `json:"names"`
	Scope                 string                            `json:"scope"`
	Versions              []CustomResourceDefinitionVersion `json:"versions"`
	Conversion            *CustomResourceConversion         `json:"conversion,omitempty"`
	PreserveUnknownFields bool                              `json:"preserveUnknownFields,omitempty"`
}

// CustomResourceDefinitionNames is apiextensions.k8s.io/v1 CustomResourceDefinitionNames.
type CustomResourceDefinitionNames struct {
	Plural     string   `json:"plural"`
	Singular   string   `json:"singular,omitempty"`
	ShortNames []string `json:"shortNames,omitempty"`
	Kind       string   `json:"kind"`
	ListKind   string   `json:"listKind,omitempty"`
	Categories []string `json:"categories,omitempty"`
}

// CustomResourceDefinitionVersion is apiextensions.k8s.io/v1 CustomResourceDefinitionVersion.
type CustomResourceDefinitionVersion struct {
	Name                     string                           `json:"name"`
	Served                   bool                             `json:"served"`
	Storage                  bool                             `json:"storage"`
	Deprecated               bool                             `json:"deprecated,omitempty"`
	DeprecationWarning       *string                          `json:"deprecationWarning,omitempty"`
	Schema                   *CustomResourceValidation        `json:"schema,omitempty"`
	Subresources             *CustomResourceSubresources      `json:"subresources,omitempty"`
	AdditionalPrinterColumns []CustomResourceColumnDefinition `json:"additionalPrinterColumns,omitempty"`
	SelectableFields         []SelectableField                `json:"selectableFields,omitempty"`
}

// CustomResourceValidation is apiextensions.k8s.io/v1 CustomResourceValidation. The schema is
// kept as written (JSONSchemaProps has dozens of keywords); validation reads what it needs.
type CustomResourceValidation struct {
	OpenAPIV3Schema json.RawMessage `json:"openAPIV3Schema,omitempty"`
}

// CustomResourceSubresources is apiextensions.k8s.io/v1 CustomResourceSubresources.
type CustomResourceSubresources struct {
	Status *CustomResourceSubresourceStatus `json:"status,omitempty"`
	Scale  *CustomResourceSubresourceScale  `json:"scale,omitempty"`
}

// CustomResourceSubresourceScale is apiextensions.k8s.io/v1 CustomResourceSubresourceScale.
type CustomResourceSubresourceScale struct {
	SpecReplicasPath   string  `json:"specReplicasPath"`
	StatusReplicasPath string  `json:"statusReplicasPath"`
	LabelSelectorPath  *string `json:"labelSelectorPath,omitempty"`
}

// CustomResourceColumnDefinition is apiextensions.k8s.io/v1 CustomResourceColumnDefinition.
type CustomResourceColumnDefinition struct {
	Name        string `json:"name"`
	Type        string `json:"type"`
	Format      string `json:"format,omitempty"`
	Description string `json:"description,omitempty"`
	Priority    int32  `json:"priority,omitempty"`
	JSONPath    string `json:"jsonPath"`
}

// SelectableField is apiextensions.k8s.io/v1 SelectableField.
type SelectableField struct {
	JSONPath string `json:"jsonPath"`
}

// CustomResourceConversion is apiextensions.k8s.io/v1 CustomResourceConversion.
type CustomResourceConversion struct {
	Strategy string             `json:"strategy"`
	Webhook  *WebhookConversion `json:"webhook,omitempty"`
}

// WebhookConversion is apiextensions.k8s.io/v1 WebhookConversion.
type WebhookConversion struct {
	ClientConfig             *WebhookClientConfig `json:"clientConfig,omitempty"`
	ConversionReviewVersions []string             `json:"conversionReviewVersions"`
}

// CustomResourceDefinitionStatus is apiextensions.k8s.io/v1 CustomResourceDefinitionStatus.
type CustomResourceDefinitionStatus struct {
	Conditions     []CustomResourceDefinitionCondition `json:"conditions,omitempty"`
	AcceptedNames  CustomResourceDefinitionNames       `json:"acceptedNames"`
	StoredVersions []string                            `json:"storedVersions"`
}

// CustomResourceDefinitionCondition is apiextensions.k8s.io/v1 CustomResourceDefinitionCondition.
type CustomResourceDefinitionCondition struct {
	Type               string          `json:"type"`
	Status             ConditionStatus `json:"status"`
	LastTransitionTime Time            `json:"lastTransitionTime,omitempty"`
	Reason             string          `json:"reason,omitempty"`
	Message            string          `json:"message,omitempty"`
}

// CustomResourceSubresourceStatus is apiextensions.k8s.io/v1 CustomResourceSubresourceStatus (empty).
type CustomResourceSubresourceStatus struct{}
