package api

// Eviction is policy/v1 Eviction.
type Eviction struct {
	TypeMeta      `json:",inline"`
	ObjectMeta    `json:"metadata,omitempty"`
	DeleteOptions *DeleteOptions `json:"deleteOptions,omitempty"`
}
