package api

import "encoding/base64"

// TokenRequest is authentication.k8s.io/v1 TokenRequest: the body and the
// answer of the serviceaccounts/token subresource (kubectl create token).
type TokenRequest struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       TokenRequestSpec   `json:"spec"`
	Status     TokenRequestStatus `json:"status,omitempty"`
}

// TokenRequestSpec is authentication.k8s.io/v1 TokenRequestSpec.
type TokenRequestSpec struct {
	Audiences         []string              `json:"audiences"`
	ExpirationSeconds *int64                `json:"expirationSeconds,omitempty"`
	BoundObjectRef    *BoundObjectReference `json:"boundObjectRef,omitempty"`
}

// BoundObjectReference is authentication.k8s.io/v1 BoundObjectReference.
type BoundObjectReference struct {
	Kind       string `json:"kind,omitempty"`
	APIVersion string `json:"apiVersion,omitempty"`
	Name       string `json:"name,omitempty"`
	UID        string `json:"uid,omitempty"`
}

// TokenRequestStatus is authentication.k8s.io/v1 TokenRequestStatus.
type TokenRequestStatus struct {
	Token               string `json:"token"`
	ExpirationTimestamp Time   `json:"expirationTimestamp"`
}

// EncodeJWT joins a JSON Web Token's header, claims and signature, each
// base64url-encoded without padding, as service-account tokens are written.
func EncodeJWT(header, claims, sig []byte) string {
	enc := base64.RawURLEncoding.EncodeToString
	return enc(header) + "." + enc(claims) + "." + enc(sig)
}
