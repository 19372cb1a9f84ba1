package api

// Role is rbac.authorization.k8s.io/v1 Role.
type Role struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Rules      []PolicyRule `json:"rules"`
}

// PolicyRule is rbac.authorization.k8s.io/v1 PolicyRule.
type PolicyRule struct {
	Verbs           []string `json:"verbs"`
	APIGroups       []string `json:"apiGroups,omitempty"`
	Resources       []string `json:"resources,omitempty"`
	ResourceNames   []string `json:"resourceNames,omitempty"`
	NonResourceURLs []string `json:"nonResourceURLs,omitempty"`
}

// RoleList is rbac.authorization.k8s.io/v1 RoleList.
type RoleList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []Role `json:"items"`
}

// ClusterRole is rbac.authorization.k8s.io/v1 ClusterRole.
type ClusterRole struct {
	TypeMeta        `json:",inline"`
	ObjectMeta      `json:"metadata,omitempty"`
	Rules           []PolicyRule     `json:"rules"`
	AggregationRule *AggregationRule `json:"aggregationRule,omitempty"`
}

// AggregationRule is rbac.authorization.k8s.io/v1 AggregationRule.
type AggregationRule struct {
	ClusterRoleSelectors []LabelSelector `json:"clusterRoleSelectors,omitempty"`
}

// ClusterRoleList is rbac.authorization.k8s.io/v1 ClusterRoleList.
type ClusterRoleList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []ClusterRole `json:"items"`
}

// RoleBinding is rbac.authorization.k8s.io/v1 RoleBinding.
type RoleBinding struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Subjects   []Subject `json:"subjects,omitempty"`
	RoleRef    RoleRef   `json:"roleRef"`
}

// Subject is rbac.authorization.k8s.io/v1 Subject.
type Subject struct {
	Kind      string `json:"kind"`
	APIGroup  string `json:"apiGroup,omitempty"`
	Name      string `json:"name"`
	Namespace string `json:"namespace,omitempty"`
}

// RoleRef is rbac.authorization.k8s.io/v1 RoleRef.
type RoleRef struct {
	APIGroup string `json:"apiGroup"`
	Kind     string `json:"kind"`
	Name     string `json:"name"`
}

// RoleBindingList is rbac.authorization.k8s.io/v1 RoleBindingList.
type RoleBindingList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []RoleBinding `json:"items"`
}

// ClusterRoleBinding is rbac.authorization.k8s.io/v1 ClusterRoleBinding.
type ClusterRoleBinding struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Subjects   []Subject `json:"subjects,omitempty"`
	RoleRef    RoleRef   `json:"roleRef"`
}

// ClusterRoleBindingList is rbac.authorization.k8s.io/v1 ClusterRoleBindingList.
type ClusterRoleBindingList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []ClusterRoleBinding `json:"items"`
}
