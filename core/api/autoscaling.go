package api

// HorizontalPodAutoscaler is autoscaling/v2 HorizontalPodAutoscaler.
type HorizontalPodAutoscaler struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       HorizontalPodAutoscalerSpec   `json:"spec,omitempty"`
	Status     HorizontalPodAutoscalerStatus `json:"status,omitempty"`
}

// HorizontalPodAutoscalerSpec is autoscaling/v2 HorizontalPodAutoscalerSpec.
type HorizontalPodAutoscalerSpec struct {
	ScaleTargetRef CrossVersionObjectReference      `json:"scaleTargetRef"`
	MinReplicas    *int32                           `json:"minReplicas,omitempty"`
	MaxReplicas    int32                            `json:"maxReplicas"`
	Metrics        []MetricSpec                     `json:"metrics,omitempty"`
	Behavior       *HorizontalPodAutoscalerBehavior `json:"behavior,omitempty"`
}

// CrossVersionObjectReference is autoscaling/v2 CrossVersionObjectReference.
type CrossVersionObjectReference struct {
	Kind       string `json:"kind"`
	Name       string `json:"name"`
	APIVersion string `json:"apiVersion,omitempty"`
}

// MetricSpec is autoscaling/v2 MetricSpec.
type MetricSpec struct {
	Type              string                         `json:"type"`
	Object            *ObjectMetricSource            `json:"object,omitempty"`
	Pods              *PodsMetricSource              `json:"pods,omitempty"`
	Resource          *ResourceMetricSource          `json:"resource,omitempty"`
	ContainerResource *ContainerResourceMetricSource `json:"containerResource,omitempty"`
	External          *ExternalMetricSource          `json:"external,omitempty"`
}

// ObjectMetricSource is autoscaling/v2 ObjectMetricSource.
type ObjectMetricSource struct {
	DescribedObject CrossVersionObjectReference `json:"describedObject"`
	Target          MetricTarget                `json:"target"`
	Metric          MetricIdentifier            `json:"metric"`
}

// PodsMetricSource is autoscaling/v2 PodsMetricSource.
type PodsMetricSource struct {
	Metric MetricIdentifier `json:"metric"`
	Target MetricTarget     `json:"target"`
}

// ResourceMetricSource is autoscaling/v2 ResourceMetricSource.
type ResourceMetricSource struct {
	Name   ResourceName `json:"name"`
	Target MetricTarget `json:"target"`
}

// ContainerResourceMetricSource is autoscaling/v2 ContainerResourceMetricSource.
type ContainerResourceMetricSource struct {
	Name      ResourceName `json:"name"`
	Target    MetricTarget `json:"target"`
	Container string       `json:"container"`
}

// ExternalMetricSource is autoscaling/v2 ExternalMetricSource.
type ExternalMetricSource struct {
	Metric MetricIdentifier `json:"metric"`
	Target MetricTarget     `json:"target"`
}

// MetricIdentifier is autoscaling/v2 MetricIdentifier.
type MetricIdentifier struct {
	Name     string         `json:"name"`
	Selector *LabelSelector `json:"selector,omitempty"`
}

// MetricTarget is autoscaling/v2 MetricTarget.
type MetricTarget struct {
	Type               string    `json:"type"`
	Value              *Quantity `json:"value,omitempty"`
	AverageValue       *Quantity `json:"averageValue,omitempty"`
	AverageUtilization *int32    `json:"averageUtilization,omitempty"`
}

// HorizontalPodAutoscalerBehavior is autoscaling/v2 HorizontalPodAutoscalerBehavior.
type HorizontalPodAutoscalerBehavior struct {
	ScaleUp   *HPAScalingRules `json:"scaleUp,omitempty"`
	ScaleDown *HPAScalingRules `json:"scaleDown,omitempty"`
}

// HPAScalingRules is autoscaling/v2 HPAScalingRules.
type HPAScalingRules struct {
	StabilizationWindowSeconds *int32             `json:"stabilizationWindowSeconds,omitempty"`
	SelectPolicy               *string            `json:"selectPolicy,omitempty"`
	Policies                   []HPAScalingPolicy `json:"policies,omitempty"`
	Tolerance                  *Quantity          `json:"tolerance,omitempty"`
}

// HPAScalingPolicy is autoscaling/v2 HPAScalingPolicy.
type HPAScalingPolicy struct {
	Type          string `json:"type"`
	Value         int32  `json:"value"`
	PeriodSeconds int32  `json:"periodSeconds"`
}

// HorizontalPodAutoscalerStatus is autoscaling/v2 HorizontalPodAutoscalerStatus.
type HorizontalPodAutoscalerStatus struct {
	ObservedGeneration *int64                             `json:"observedGeneration,omitempty"`
	LastScaleTime      *Time                              `json:"lastScaleTime,omitempty"`
	CurrentReplicas    int32                              `json:"currentReplicas,omitempty"`
	DesiredReplicas    int32                              `json:"desiredReplicas"`
	CurrentMetrics     []MetricStatus                     `json:"currentMetrics,omitempty"`
	Conditions         []HorizontalPodAutoscalerCondition `json:"conditions,omitempty"`
}

// MetricStatus is autoscaling/v2 MetricStatus (the resource kind only is reported here).
type MetricStatus struct {
	Type     string                `json:"type"`
	Resource *ResourceMetricStatus `json:"resource,omitempty"`
}

// ResourceMetricStatus is autoscaling/v2 ResourceMetricStatus.
type ResourceMetricStatus struct {
	Name    ResourceName      `json:"name"`
	Current MetricValueStatus `json:"current"`
}

// MetricValueStatus is autoscaling/v2 MetricValueStatus.
type MetricValueStatus struct {
	Value              *Quantity `json:"value,omitempty"`
	AverageValue       *Quantity `json:"averageValue,omitempty"`
	AverageUtilization *int32    `json:"averageUtilization,omitempty"`
}

// HorizontalPodAutoscalerCondition is autoscaling/v2 HorizontalPodAutoscalerCondition.
type HorizontalPodAutoscalerCondition struct {
	Type               string          `json:"type"`
	Status             ConditionStatus `json:"status"`
	LastTransitionTime Time            `json:"lastTransitionTime,omitempty"`
	Reason             string          `json:"reason,omitempty"`
	Message            string          `json:"message,omitempty"`
}
