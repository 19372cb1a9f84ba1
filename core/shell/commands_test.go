package shell

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"kubeplay/core/cluster"
)

func TestSimLinesRejectUnknownInput(t *testing.T) {
	c := cluster.New(cluster.Default())
	for _, line := range []string{"", "node", "node down", "node down nope", "node up nope", "node delete nope",
		"restart kube-proxy", "restart kubelet/nope", "node add x --cpu lots", "node add x --count 0",
		"node add x --taints k=v:Sometimes", "node add x --frobnicate 1", "node add demo-worker", "frobnicate"} {
		if err := Sim(c, strings.Fields(line), io.Discard); err == nil {
			t.Errorf("sim %q must fail", line)
		}
	}
	for _, line := range []string{"", "explain", "explain pod", "explain node demo-worker", "explain pod x -x"} {
		if err := Kubeplay(c, strings.Fields(line), io.Discard); err == nil || err.Error() != KubeplayUsage {
			t.Errorf("kubeplay %q: %v, want the usage", line, err)
		}
	}
}

// Every word the completion offers after "sim" and "sim node" is one the
// parser runs.
func TestEverySimVerbTheCompletionOffersRuns(t *testing.T) {
	c := cluster.New(cluster.Default())
	lines := map[string]string{"node": "node down demo-worker", "restart": "restart kube-scheduler",
		"stop": "stop kube-scheduler", "start": "start kube-scheduler", "compact": "compact",
		"down": "node down demo-worker2", "up": "node up demo-worker2", "add": "node add extra --cpu 2 --count 2",
		"delete": "node delete extra-2"}
	for _, v := range append(append([]string(nil), SimVerbs...), SimNodeVerbs...) {
		line, ok := lines[v]
		if !ok {
			t.Errorf("no test line for sim verb %q", v)
			continue
		}
		var out bytes.Buffer
		if err := Sim(c, strings.Fields(line), &out); err != nil {
			t.Errorf("sim %s: %v", line, err)
		}
	}
	if _, ok := c.Kubelets["extra-1"]; !ok {
		t.Errorf("sim node add extra --count 2 did not add extra-1: %v", c.NodeNames())
	}
}

// TestCreateTokenIssuesABoundServiceAccountJWT: kubectl create token prints
// a JWT shaped as kind's kube-apiserver issues them: RS256 with a key id,
// the issuer and default audience, an hour's life (or --duration), and the
// Service Account as the subject.
func TestCreateTokenIssuesABoundServiceAccountJWT(t *testing.T) {
	var out bytes.Buffer
	sh := New(cluster.New(cluster.Default()), &out)
	sh.Echo = false
	sh.Exec("kubectl create token default --duration=2h")
	parts := strings.Split(strings.TrimSpace(out.String()), ".")
	if len(parts) != 3 {
		t.Fatalf("not a JWT: %q", out.String())
	}
	var header struct{ Alg, Kid string }
	var claims struct {
		Aud           []string
		Exp, Iat, Nbf int64
		Iss, Sub      string
		K8s           struct {
			Namespace      string
			ServiceAccount struct{ Name, UID string }
		} `json:"kubernetes.io"`
	}
	for i, v := range []any{&header, &claims} {
		b, err := base64.RawURLEncoding.DecodeString(parts[i])
		if err != nil {
			t.Fatalf("part %d: %v", i, err)
		}
		if err := json.Unmarshal(b, v); err != nil {
			t.Fatalf("part %d: %v: %s", i, err, b)
		}
	}
	if header.Alg != "RS256" || len(header.Kid) != 43 {
		t.Errorf("header %+v", header)
	}
	if claims.Iss != "https://kubernetes.default.svc.cluster.local" || len(claims.Aud) != 1 || claims.Aud[0] != claims.Iss ||
		claims.Sub != "system:serviceaccount:default:default" || claims.K8s.ServiceAccount.Name != "default" || claims.K8s.ServiceAccount.UID == "" ||
		claims.Exp-claims.Iat != 7200 || claims.Nbf != claims.Iat {
		t.Errorf("claims %+v", claims)
	}
	if sig, _ := base64.RawURLEncoding.DecodeString(parts[2]); len(sig) != 256 {
		t.Errorf("signature of %d bytes, want an RSA-2048 signature's 256", len(sig))
	}
}
