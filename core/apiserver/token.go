package apiserver

import (
	"encoding/base64"
	"encoding/json"
	"math/rand/v2"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

// serviceaccounts/token (TokenRequest, kubectl create token): a bound
// service-account token, a JWT shaped as kube-apiserver issues them on kind
// (RS256 header with the signing key's id, the kubernetes.io claims). Its
// signature is drawn from the cluster's seeded randomness: nothing here
// verifies it.

// tokenIssuer is kind's --service-account-issuer, also the default audience.
const tokenIssuer = "https://kubernetes.default.svc.cluster.local"

// token durations: the TokenRequest default, and the shortest and longest
// kube-apiserver accepts.
const (
	defaultTokenSeconds = 3600
	minTokenSeconds     = 600
	maxTokenSeconds     = 1 << 32
)

func (s *Server) tokenRequest(ctx *reqCtx) (api.Object, error) {
	req, r := ctx.req, ctx.r
	tr, ok := req.Body.(*api.TokenRequest)
	if !ok || tr == nil {
		return nil, api.NewBadRequest("the body of a serviceaccounts/token request must be a TokenRequest")
	}
	cur := r.get(req.Namespace, req.Name)
	if cur == nil {
		return nil, api.NewNotFound(r.gr, req.Name)
	}
	sa := cur.obj.(*api.ServiceAccount)
	secs := int64(defaultTokenSeconds)
	if tr.Spec.ExpirationSeconds != nil {
		secs = *tr.Spec.ExpirationSeconds
	}
	p := field.NewPath("spec", "expirationSeconds")
	switch {
	case secs < minTokenSeconds:
		return nil, api.NewInvalid("TokenRequest.authentication.k8s.io", req.Name, field.ErrorList{field.Invalid(p, secs, "may not specify a duration less than 10 minutes")})
	case secs > maxTokenSeconds:
		return nil, api.NewInvalid("TokenRequest.authentication.k8s.io", req.Name, field.ErrorList{field.Invalid(p, secs, "may not specify a duration larger than 2^32 seconds")})
	}
	aud := tr.Spec.Audiences
	if len(aud) == 0 {
		aud = []string{tokenIssuer}
	}
	now := s.sim.Now()
	exp := now.Add(time.Duration(secs) * time.Second)
	out := &api.TokenRequest{
		TypeMeta:   api.TypeMeta{APIVersion: "authentication.k8s.io/v1", Kind: "TokenRequest"},
		ObjectMeta: api.ObjectMeta{Name: sa.Name, Namespace: sa.Namespace},
		Spec:       api.TokenRequestSpec{Audiences: aud, ExpirationSeconds: &secs, BoundObjectRef: tr.Spec.BoundObjectRef},
		Status:     api.TokenRequestStatus{Token: s.serviceAccountJWT(sa, aud, now, exp), ExpirationTimestamp: api.NewTime(exp)},
	}
	ctx.code = api.StatusCreated
	return out, nil
}

// serviceAccountJWT is header.claims.signature, each base64url without padding.
func (s *Server) serviceAccountJWT(sa *api.ServiceAccount, aud []string, now, exp time.Time) string {
	rnd := s.sim.Rand()
	if s.tokenKeyID == "" {
		s.tokenKeyID = base64.RawURLEncoding.EncodeToString(randomBytes(rnd, 32))
	}
	header, _ := json.Marshal(jwtHeader{Alg: "RS256", Kid: s.tokenKeyID})
	c := jwtClaims{Aud: aud, Exp: exp.Unix(), Iat: now.Unix(), Iss: tokenIssuer, Jti: newUID(rnd),
		Nbf: now.Unix(), Sub: "system:serviceaccount:" + sa.Namespace + ":" + sa.Name}
	c.K8s.Namespace = sa.Namespace
	c.K8s.ServiceAccount.Name, c.K8s.ServiceAccount.UID = sa.Name, sa.UID
	claims, _ := json.Marshal(c)
	return api.EncodeJWT(header, claims, randomBytes(rnd, 256)) // an RSA-2048 signature's length
}

// randomBytes draws n bytes from the cluster's seeded randomness.
func randomBytes(rnd *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rnd.Uint32())
	}
	return b
}

type jwtHeader struct {
	Alg string `json:"alg"`
	Kid string `json:"kid"`
}

// jwtClaims are a bound service-account token's, in the order kube-apiserver
// writes them.
type jwtClaims struct {
	Aud []string `json:"aud"`
	Exp int64    `json:"exp"`
	Iat int64    `json:"iat"`
	Iss string   `json:"iss"`
	Jti string   `json:"jti"`
	K8s struct {
		Namespace      string `json:"namespace"`
		ServiceAccount struct {
			Name string `json:"name"`
			UID  string `json:"uid"`
		} `json:"serviceaccount"`
	} `json:"kubernetes.io"`
	Nbf int64  `json:"nbf"`
	Sub string `json:"sub"`
}
