package api

// Affinity is core/v1 Affinity.
type Affinity struct {
	NodeAffinity    *NodeAffinity    `json:"nodeAffinity,omitempty"`
	PodAffinity     *PodAffinity     `json:"podAffinity,omitempty"`
	PodAntiAffinity *PodAntiAffinity `json:"podAntiAffinity,omitempty"`
}

// NodeAffinity is core/v1 NodeAffinity.
type NodeAffinity struct {
	RequiredDuringSchedulingIgnoredDuringExecution  *NodeSelector             `json:"requiredDuringSchedulingIgnoredDuringExecution,omitempty"`
	PreferredDuringSchedulingIgnoredDuringExecution []PreferredSchedulingTerm `json:"preferredDuringSchedulingIgnoredDuringExecution,omitempty"`
}

// NodeSelector is core/v1 NodeSelector.
type NodeSelector struct {
	NodeSelectorTerms []NodeSelectorTerm `json:"nodeSelectorTerms"`
}

// NodeSelectorTerm is core/v1 NodeSelectorTerm.
type NodeSelectorTerm struct {
	MatchExpressions []NodeSelectorRequirement `json:"matchExpressions,omitempty"`
	MatchFields      []NodeSelectorRequirement `json:"matchFields,omitempty"`
}

// NodeSelectorRequirement is core/v1 NodeSelectorRequirement.
type NodeSelectorRequirement struct {
	Key      string               `json:"key"`
	Operator NodeSelectorOperator `json:"operator"`
	Values   []string             `json:"values,omitempty"`
}

// NodeSelectorOperator is core/v1 NodeSelectorOperator.
type NodeSelectorOperator string

// PreferredSchedulingTerm is core/v1 PreferredSchedulingTerm.
type PreferredSchedulingTerm struct {
	Weight     int32            `json:"weight"`
	Preference NodeSelectorTerm `json:"preference"`
}

// PodAffinity is core/v1 PodAffinity.
type PodAffinity struct {
	RequiredDuringSchedulingIgnoredDuringExecution  []PodAffinityTerm         `json:"requiredDuringSchedulingIgnoredDuringExecution,omitempty"`
	PreferredDuringSchedulingIgnoredDuringExecution []WeightedPodAffinityTerm `json:"preferredDuringSchedulingIgnoredDuringExecution,omitempty"`
}

// PodAffinityTerm is core/v1 PodAffinityTerm.
type PodAffinityTerm struct {
	LabelSelector     *LabelSelector `json:"labelSelector,omitempty"`
	Namespaces        []string       `json:"namespaces,omitempty"`
	TopologyKey       string         `json:"topologyKey"`
	NamespaceSelector *LabelSelector `json:"namespaceSelector,omitempty"`
	MatchLabelKeys    []string       `json:"matchLabelKeys,omitempty"`
	MismatchLabelKeys []string       `json:"mismatchLabelKeys,omitempty"`
}

// WeightedPodAffinityTerm is core/v1 WeightedPodAffinityTerm.
type WeightedPodAffinityTerm struct {
	Weight          int32           `json:"weight"`
	PodAffinityTerm PodAffinityTerm `json:"podAffinityTerm"`
}

// PodAntiAffinity is core/v1 PodAntiAffinity.
type PodAntiAffinity struct {
	RequiredDuringSchedulingIgnoredDuringExecution  []PodAffinityTerm         `json:"requiredDuringSchedulingIgnoredDuringExecution,omitempty"`
	PreferredDuringSchedulingIgnoredDuringExecution []WeightedPodAffinityTerm `json:"preferredDuringSchedulingIgnoredDuringExecution,omitempty"`
}

// Toleration is core/v1 Toleration.
type Toleration struct {
	Key               string             `json:"key,omitempty"`
	Operator          TolerationOperator `json:"operator,omitempty"`
	Value             string             `json:"value,omitempty"`
	Effect            TaintEffect        `json:"effect,omitempty"`
	TolerationSeconds *int64             `json:"tolerationSeconds,omitempty"`
}

// TolerationOperator is core/v1 TolerationOperator.
type TolerationOperator string

// TaintEffect is core/v1 TaintEffect.
type TaintEffect string

// TopologySpreadConstraint is core/v1 TopologySpreadConstraint.
type TopologySpreadConstraint struct {
	MaxSkew            int32                         `json:"maxSkew"`
	TopologyKey        string                        `json:"topologyKey"`
	WhenUnsatisfiable  UnsatisfiableConstraintAction `json:"whenUnsatisfiable"`
	LabelSelector      *LabelSelector                `json:"labelSelector,omitempty"`
	MinDomains         *int32                        `json:"minDomains,omitempty"`
	NodeAffinityPolicy *NodeInclusionPolicy          `json:"nodeAffinityPolicy,omitempty"`
	NodeTaintsPolicy   *NodeInclusionPolicy          `json:"nodeTaintsPolicy,omitempty"`
	MatchLabelKeys     []string                      `json:"matchLabelKeys,omitempty"`
}

// UnsatisfiableConstraintAction is core/v1 UnsatisfiableConstraintAction.
type UnsatisfiableConstraintAction string

// NodeInclusionPolicy is core/v1 NodeInclusionPolicy.
type NodeInclusionPolicy string

// Taint is core/v1 Taint.
type Taint struct {
	Key       string      `json:"key"`
	Value     string      `json:"value,omitempty"`
	Effect    TaintEffect `json:"effect"`
	TimeAdded *Time       `json:"timeAdded,omitempty"`
}

// Constants as k8s.io/api defines them.
const (
	NodeSelectorOpIn            NodeSelectorOperator          = "In"
	NodeSelectorOpNotIn         NodeSelectorOperator          = "NotIn"
	NodeSelectorOpExists        NodeSelectorOperator          = "Exists"
	NodeSelectorOpDoesNotExist  NodeSelectorOperator          = "DoesNotExist"
	NodeSelectorOpGt            NodeSelectorOperator          = "Gt"
	NodeSelectorOpLt            NodeSelectorOperator          = "Lt"
	TaintEffectNoSchedule       TaintEffect                   = "NoSchedule"
	TaintEffectPreferNoSchedule TaintEffect                   = "PreferNoSchedule"
	TaintEffectNoExecute        TaintEffect                   = "NoExecute"
	TolerationOpExists          TolerationOperator            = "Exists"
	TolerationOpEqual           TolerationOperator            = "Equal"
	TolerationOpLt              TolerationOperator            = "Lt"
	TolerationOpGt              TolerationOperator            = "Gt"
	DoNotSchedule               UnsatisfiableConstraintAction = "DoNotSchedule"
	ScheduleAnyway              UnsatisfiableConstraintAction = "ScheduleAnyway"
	NodeInclusionPolicyIgnore   NodeInclusionPolicy           = "Ignore"
	NodeInclusionPolicyHonor    NodeInclusionPolicy           = "Honor"
)
