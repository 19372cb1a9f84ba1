package kubectl

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

func TestApplyThreeWay(t *testing.T) {
	c := newCluster(t)
	c.files["d.yaml"] = deployYAML
	c.must("apply -f d.yaml")

	t.Run("replicas scaled by kubectl scale are overwritten when the file sets them", func(t *testing.T) {
		c.must("scale deploy nginx --replicas=5")
		if out := c.must("apply -f d.yaml"); out != "deployment.apps/nginx configured\n" {
			t.Errorf("apply printed %q", out)
		}
		if got := *c.deployment("nginx").Spec.Replicas; got != 2 {
			t.Errorf("replicas = %d, want 2 (the file's)", got)
		}
	})

	t.Run("replicas scaled by kubectl scale are kept when the file never set them", func(t *testing.T) {
		c.files["d.yaml"] = strings.Replace(deployYAML, "  replicas: 2\n", "", 1)
		c.must("apply -f d.yaml")
		c.must("scale deploy nginx --replicas=5")
		if out := c.must("apply -f d.yaml"); out != "deployment.apps/nginx unchanged\n" {
			t.Errorf("apply printed %q", out)
		}
		if got := *c.deployment("nginx").Spec.Replicas; got != 5 {
			t.Errorf("replicas = %d, want 5 (kept)", got)
		}
	})

	t.Run("a field dropped from the file is removed and a label someone else set stays", func(t *testing.T) {
		c.files["d.yaml"] = strings.Replace(deployYAML, "  name: nginx\n", "  name: nginx\n  labels:\n    app: nginx\n    tier: web\n", 1)
		c.must("apply -f d.yaml")
		c.must("label deploy nginx team=blue")
		c.files["d.yaml"] = strings.Replace(deployYAML, "  name: nginx\n", "  name: nginx\n  labels:\n    app: nginx\n", 1)
		c.must("apply -f d.yaml")
		got := c.deployment("nginx").Labels
		if want := map[string]string{"app": "nginx", "team": "blue"}; !reflect.DeepEqual(got, want) {
			t.Errorf("labels = %v, want %v", got, want)
		}
	})

	t.Run("containers merge by name, env by name, ports by containerPort", func(t *testing.T) {
		c.files["d.yaml"] = deployYAML
		c.must("apply -f d.yaml")
		// someone else adds an env var; the file changes the image and the port
		c.must(`patch deploy nginx -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","env":[{"name":"EXTRA","value":"x"}]}]}}}}'`)
		c.files["d.yaml"] = strings.NewReplacer("nginx:1.27", "nginx:1.28", "containerPort: 80", "containerPort: 8080").Replace(deployYAML)
		if out := c.must("apply -f d.yaml"); out != "deployment.apps/nginx configured\n" {
			t.Errorf("apply printed %q", out)
		}
		ctr := c.deployment("nginx").Spec.Template.Spec.Containers
		if len(ctr) != 1 || ctr[0].Image != "nginx:1.28" {
			t.Fatalf("containers = %+v", ctr)
		}
		var env []string
		for _, e := range ctr[0].Env {
			env = append(env, e.Name+"="+e.Value)
		}
		if want := []string{"A=1", "EXTRA=x"}; !reflect.DeepEqual(env, want) {
			t.Errorf("env = %v, want %v", env, want)
		}
		if len(ctr[0].Ports) != 1 || ctr[0].Ports[0].ContainerPort != 8080 {
			t.Errorf("ports = %+v, want only 8080", ctr[0].Ports)
		}
	})

	t.Run("the last-applied annotation is the compact JSON kubectl writes", func(t *testing.T) {
		got := c.deployment("nginx").Annotations[LastAppliedAnnotation]
		want := `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"nginx","namespace":"default"},"spec":{"replicas":2,"selector":{"matchLabels":{"app":"nginx"}},"template":{"metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"env":[{"name":"A","value":"1"}],"image":"nginx:1.28","name":"nginx","ports":[{"containerPort":8080}]}]}}}}` + "\n"
		if got != want {
			t.Errorf("annotation\n got %q\nwant %q", got, want)
		}
	})
}

func TestApplyErrors(t *testing.T) {
	tests := []struct {
		name, file, wantOut, wantErr string
	}{
		{
			name:    "a YAML syntax error names the file and line",
			file:    "apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n   bad: y\n",
			wantErr: "error: error parsing f.yaml: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context\n",
		},
		{
			name:    "a tab-indented line is named by its own line, as kubectl's go-yaml v2 names it",
			file:    "apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: c\n    image: busybox\n\tenv: []\n",
			wantErr: "error: error parsing f.yaml: error converting YAML to JSON: yaml: line 9: found a tab character that violates indentation\n",
		},
		{
			name:    "a YAML error in a later document counts lines from that document",
			file:    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\n\tdata: {}\n",
			wantOut: "configmap/a created\n",
			wantErr: "error: error parsing f.yaml: error converting YAML to JSON: yaml: line 5: found a tab character that violates indentation\n",
		},
		{
			name:    "an unknown kind is a resource mapping error",
			file:    "apiVersion: v1\nkind: Foo\nmetadata:\n  name: x\n",
			wantErr: "error: resource mapping not found for name: \"x\" namespace: \"\" from \"f.yaml\": no matches for kind \"Foo\" in version \"v1\"\nensure CRDs are installed first\n",
		},
		{
			name:    "an unknown field is the server's strict decoding error",
			file:    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndatta:\n  a: b\n",
			wantErr: "Error from server (BadRequest): error when creating \"f.yaml\": ConfigMap in version \"v1\" cannot be handled as a ConfigMap: strict decoding error: unknown field \"datta\"\n",
		},
		{
			name:    "one bad document does not stop the others",
			file:    "apiVersion: v1\nkind: Foo\nmetadata:\n  name: x\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n",
			wantOut: "configmap/cm created\n",
			wantErr: "error: resource mapping not found for name: \"x\" namespace: \"\" from \"f.yaml\": no matches for kind \"Foo\" in version \"v1\"\nensure CRDs are installed first\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCluster(t)
			c.files["f.yaml"] = tt.file
			out, errOut, code := c.run("apply -f f.yaml")
			if out != tt.wantOut || errOut != tt.wantErr || code != 1 {
				t.Errorf("got stdout %q stderr %q exit %d\nwant stdout %q stderr %q exit 1", out, errOut, code, tt.wantOut, tt.wantErr)
			}
		})
	}
}

func TestApplyContentMapsErrorsToLines(t *testing.T) {
	c := newCluster(t)
	file := `apiVersion: v1
kind: ConfigMap
metadata:
  name: ok
---
apiVersion: v1
kind: Foo
metadata:
  name: x
`
	var out, errOut bytes.Buffer
	code, diags := c.k.ApplyContent("editor.yaml", []byte(file), &out, &errOut)
	if code != 1 || out.String() != "configmap/ok created\n" {
		t.Fatalf("exit %d stdout %q stderr %q", code, out.String(), errOut.String())
	}
	if len(diags) != 1 || diags[0].Line != 6 || !strings.Contains(diags[0].Message, `no matches for kind "Foo"`) {
		t.Errorf("diagnostics = %+v", diags)
	}
	_, diags = c.k.ApplyContent("editor.yaml", []byte("a: b\n  c: d\n"), &out, &errOut)
	if len(diags) != 1 || diags[0].Line != 2 {
		t.Errorf("yaml diagnostics = %+v", diags)
	}
	// The marker sits on the tab's line, in the second document too.
	tabbed := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\n\tdata: {}\n"
	_, diags = c.k.ApplyContent("editor.yaml", []byte(tabbed), &out, &errOut)
	if len(diags) != 1 || diags[0].Line != 10 || !strings.Contains(diags[0].Message, "line 5: found a tab character") {
		t.Errorf("tab diagnostics = %+v", diags)
	}
}
