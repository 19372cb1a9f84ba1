package api

// ValidatingAdmissionPolicy is admissionregistration.k8s.io/v1 ValidatingAdmissionPolicy.
type ValidatingAdmissionPolicy struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       ValidatingAdmissionPolicySpec   `json:"spec,omitempty"`
	Status     ValidatingAdmissionPolicyStatus `json:"status,omitempty"`
}

// ValidatingAdmissionPolicySpec is admissionregistration.k8s.io/v1 ValidatingAdmissionPolicySpec.
type ValidatingAdmissionPolicySpec struct {
	ParamKind        *ParamKind        `json:"paramKind,omitempty"`
	MatchConstraints *MatchResources   `json:"matchConstraints,omitempty"`
	Validations      []Validation      `json:"validations,omitempty"`
	FailurePolicy    *string           `json:"failurePolicy,omitempty"`
	AuditAnnotations []AuditAnnotation `json:"auditAnnotations,omitempty"`
	MatchConditions  []MatchCondition  `json:"matchConditions,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	Variables        []Variable        `json:"variables,omitempty"`
}

// ParamKind is admissionregistration.k8s.io/v1 ParamKind.
type ParamKind struct {
	APIVersion string `json:"apiVersion,omitempty"`
	Kind       string `json:"kind,omitempty"`
}

// Validation is admissionregistration.k8s.io/v1 Validation.
type Validation struct {
	Expression        string        `json:"expression"`
	Message           string        `json:"message,omitempty"`
	Reason            *StatusReason `json:"reason,omitempty"`
	MessageExpression string        `json:"messageExpression,omitempty"`
}

// AuditAnnotation is admissionregistration.k8s.io/v1 AuditAnnotation.
type AuditAnnotation struct {
	Key             string `json:"key"`
	ValueExpression string `json:"valueExpression"`
}

// MatchCondition is admissionregistration.k8s.io/v1 MatchCondition.
type MatchCondition struct {
	Name       string `json:"name"`
	Expression string `json:"expression"`
}

// Variable is admissionregistration.k8s.io/v1 Variable.
type Variable struct {
	Name       string `json:"name"`
	Expression string `json:"expression"`
}

// MatchResources is admissionregistration.k8s.io/v1 MatchResources.
type MatchResources struct {
	NamespaceSelector    *LabelSelector            `json:"namespaceSelector,omitempty"`
	ObjectSelector       *LabelSelector            `json:"objectSelector,omitempty"`
	ResourceRules        []NamedRuleWithOperations `json:"resourceRules,omitempty"`
	ExcludeResourceRules []NamedRuleWithOperations `json:"excludeResourceRules,omitempty"`
	MatchPolicy          *string                   `json:"matchPolicy,omitempty"`
}

// NamedRuleWithOperations is admissionregistration.k8s.io/v1 NamedRuleWithOperations.
type NamedRuleWithOperations struct {
	ResourceNames      []string `json:"resourceNames,omitempty"`
	RuleWithOperations `json:",inline"`
}

// RuleWithOperations is admissionregistration.k8s.io/v1 RuleWithOperations.
type RuleWithOperations struct {
	Operations []string `json:"operations,omitempty"`
	Rule       `json:",inline"`
}

// Rule is admissionregistration.k8s.io/v1 Rule.
type Rule struct {
	APIGroups   []string `json:"apiGroups,omitempty"`
	APIVersions []string `json:"apiVersions,omitempty"`
	Resources   []string `json:"resources,omitempty"`
	Scope       *string  `json:"scope,omitempty"`
}

// ValidatingAdmissionPolicyStatus is admissionregistration.k8s.io/v1 ValidatingAdmissionPolicyStatus.
type ValidatingAdmissionPolicyStatus struct {
	ObservedGeneration int64         `json:"observedGeneration,omitempty"`
	TypeChecking       *TypeChecking `json:"typeChecking,omitempty"`
	Conditions         []Condition   `json:"conditions,omitempty"`
}

// TypeChecking is admissionregistration.k8s.io/v1 TypeChecking.
type TypeChecking struct {
	ExpressionWarnings []ExpressionWarning `json:"expressionWarnings,omitempty"`
}

// ExpressionWarning is admissionregistration.k8s.io/v1 ExpressionWarning.
type ExpressionWarning struct {
	FieldRef string `json:"fieldRef"`
	Warning  string `json:"warning"`
}

// ValidatingAdmissionPolicyBinding is admissionregistration.k8s.io/v1 ValidatingAdmissionPolicyBinding.
type ValidatingAdmissionPolicyBinding struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       ValidatingAdmissionPolicyBindingSpec `json:"spec,omitempty"`
}

// ValidatingAdmissionPolicyBindingSpec is admissionregistration.k8s.io/v1 ValidatingAdmissionPolicyBindingSpec.
type ValidatingAdmissionPolicyBindingSpec struct {
	PolicyName        string          `json:"policyName,omitempty"`
	ParamRef          *ParamRef       `json:"paramRef,omitempty"`
	MatchResources    *MatchResources `json:"matchResources,omitempty"`
	ValidationActions []string        `json:"validationActions,omitempty"`
}

// ParamRef is admissionregistration.k8s.io/v1 ParamRef.
type ParamRef struct {
	Name                    string         `json:"name,omitempty"`
	Namespace               string         `json:"namespace,omitempty"`
	Selector                *LabelSelector `json:"selector,omitempty"`
	ParameterNotFoundAction *string        `json:"parameterNotFoundAction,omitempty"`
}

// ValidatingWebhookConfiguration is admissionregistration.k8s.io/v1 ValidatingWebhookConfiguration.
type ValidatingWebhookConfiguration struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Webhooks   []ValidatingWebhook `json:"webhooks,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
}

// ValidatingWebhook is admissionregistration.k8s.io/v1 ValidatingWebhook.
type ValidatingWebhook struct {
	Name                    string               `json:"name"`
	ClientConfig            WebhookClientConfig  `json:"clientConfig"`
	Rules                   []RuleWithOperations `json:"rules,omitempty"`
	FailurePolicy           *string              `json:"failurePolicy,omitempty"`
	MatchPolicy             *string              `json:"matchPolicy,omitempty"`
	NamespaceSelector       *LabelSelector       `json:"namespaceSelector,omitempty"`
	ObjectSelector          *LabelSelector       `json:"objectSelector,omitempty"`
	SideEffects             *string              `json:"sideEffects"`
	TimeoutSeconds          *int32               `json:"timeoutSeconds,omitempty"`
	AdmissionReviewVersions []string             `json:"admissionReviewVersions"`
	MatchConditions         []MatchCondition     `json:"matchConditions,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
}

// WebhookClientConfig is admissionregistration.k8s.io/v1 WebhookClientConfig.
type WebhookClientConfig struct {
	URL      *string           `json:"url,omitempty"`
	Service  *ServiceReference `json:"service,omitempty"`
	CABundle []byte            `json:"caBundle,omitempty"`
}

// ServiceReference is admissionregistration.k8s.io/v1 ServiceReference.
type ServiceReference struct {
	Namespace string  `json:"namespace"`
	Name      string  `json:"name"`
	Path      *string `json:"path,omitempty"`
	Port      *int32  `json:"port,omitempty"`
}
