package api

// FlowSchema is flowcontrol.apiserver.k8s.io/v1 FlowSchema.
type FlowSchema struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       FlowSchemaSpec   `json:"spec,omitempty"`
	Status     FlowSchemaStatus `json:"status,omitempty"`
}

// FlowSchemaSpec is flowcontrol.apiserver.k8s.io/v1 FlowSchemaSpec.
type FlowSchemaSpec struct {
	PriorityLevelConfiguration PriorityLevelConfigurationReference `json:"priorityLevelConfiguration"`
	MatchingPrecedence         int32                               `json:"matchingPrecedence,omitempty"`
	DistinguisherMethod        *FlowDistinguisherMethod            `json:"distinguisherMethod,omitempty"`
	Rules                      []PolicyRulesWithSubjects           `json:"rules,omitempty"`
}

// PriorityLevelConfigurationReference is flowcontrol.apiserver.k8s.io/v1 PriorityLevelConfigurationReference.
type PriorityLevelConfigurationReference struct {
	Name string `json:"name"`
}

// FlowDistinguisherMethod is flowcontrol.apiserver.k8s.io/v1 FlowDistinguisherMethod.
type FlowDistinguisherMethod struct {
	Type string `json:"type"`
}

// PolicyRulesWithSubjects is flowcontrol.apiserver.k8s.io/v1 PolicyRulesWithSubjects.
type PolicyRulesWithSubjects struct {
	Subjects         []FlowSubject           `json:"subjects"`
	ResourceRules    []ResourcePolicyRule    `json:"resourceRules,omitempty"`
	NonResourceRules []NonResourcePolicyRule `json:"nonResourceRules,omitempty"`
}

// FlowSubject is flowcontrol.apiserver.k8s.io/v1 Subject.
type FlowSubject struct {
	Kind           string                 `json:"kind"`
	User           *UserSubject           `json:"user,omitempty"`
	Group          *GroupSubject          `json:"group,omitempty"`
	ServiceAccount *ServiceAccountSubject `json:"serviceAccount,omitempty"`
}

// UserSubject is flowcontrol.apiserver.k8s.io/v1 UserSubject.
type UserSubject struct {
	Name string `json:"name"`
}

// GroupSubject is flowcontrol.apiserver.k8s.io/v1 GroupSubject.
type GroupSubject struct {
	Name string `json:"name"`
}

// ServiceAccountSubject is flowcontrol.apiserver.k8s.io/v1 ServiceAccountSubject.
type ServiceAccountSubject struct {
	Namespace string `json:"namespace"`
	Name      string `json:"name"`
}

// ResourcePolicyRule is flowcontrol.apiserver.k8s.io/v1 ResourcePolicyRule.
type ResourcePolicyRule struct {
	Verbs        []string `json:"verbs"`
	APIGroups    []string `json:"apiGroups"`
	Resources    []string `json:"resources"`
	ClusterScope bool     `json:"clusterScope,omitempty"`
	Namespaces   []string `json:"namespaces"`
}

// NonResourcePolicyRule is flowcontrol.apiserver.k8s.io/v1 NonResourcePolicyRule.
type NonResourcePolicyRule struct {
	Verbs           []string `json:"verbs"`
	NonResourceURLs []string `json:"nonResourceURLs"`
}

// FlowSchemaStatus is flowcontrol.apiserver.k8s.io/v1 FlowSchemaStatus.
type FlowSchemaStatus struct {
	Conditions []FlowSchemaCondition `json:"conditions,omitempty"`
}

// FlowSchemaCondition is flowcontrol.apiserver.k8s.io/v1 FlowSchemaCondition.
type FlowSchemaCondition struct {
	Type               string          `json:"type,omitempty"`
	Status             ConditionStatus `json:"status,omitempty"`
	LastTransitionTime Time            `json:"lastTransitionTime,omitempty"`
	Reason             string          `json:"reason,omitempty"`
	Message            string          `json:"message,omitempty"`
}
