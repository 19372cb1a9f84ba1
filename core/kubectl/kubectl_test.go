package kubectl

import (
	"strings"
	"testing"

	"kubeplay/core/api"
)

const deployYAML = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
spec:
  replicas: 2
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        env:
        - name: A
          value: "1"
        ports:
        - containerPort: 80
`

func (c *cluster) deployment(name string) *api.Deployment {
	c.t.Helper()
	obj, err := c.k.Client().Resource("deployments").Namespace("default").Get(name)
	if err != nil {
		c.t.Fatal(err)
	}
	return obj.(*api.Deployment)
}

func TestCommandOutputs(t *testing.T) {
	tests := []struct {
		name      string
		setup     []string
		line      string
		wantOut   string
		wantErr   string
		wantCode  int
		outSubstr bool
	}{
		{name: "apply of a new deployment prints created", line: "apply -f d.yaml", wantOut: "deployment.apps/nginx created\n"},
		{name: "a second apply of the same file prints unchanged", setup: []string{"apply -f d.yaml"}, line: "apply -f d.yaml", wantOut: "deployment.apps/nginx unchanged\n"},
		{name: "create deployment prints created", line: "create deployment web --image=nginx:1.27", wantOut: "deployment.apps/web created\n"},
		{name: "create deployment without an image is refused", line: "create deployment web", wantErr: "error: required flag(s) \"image\" not set\n", wantCode: 1},
		{name: "create namespace prints created", line: "create namespace team-a", wantOut: "namespace/team-a created\n"},
		{name: "creating an existing namespace is AlreadyExists", line: "create ns default", wantErr: "Error from server (AlreadyExists): namespaces \"default\" already exists\n", wantCode: 1},
		{name: "get of a missing pod is NotFound", line: "get pod web", wantErr: "Error from server (NotFound): pods \"web\" not found\n", wantCode: 1},
		{name: "get of an empty namespace says no resources", line: "get pods", wantErr: "No resources found in default namespace.\n"},
		{name: "get of an empty namespace with -n names it", line: "get pods -n kube-system", wantErr: "No resources found in kube-system namespace.\n"},
		{name: "an unknown resource type is kubectl's error", line: "get foo", wantErr: "error: the server doesn't have a resource type \"foo\"\n", wantCode: 1},
		{name: "an unknown command is kubectl's error", line: "frobnicate", wantErr: "error: unknown command \"frobnicate\" for \"kubectl\"\n", wantCode: 1},
		{name: "an unknown flag is cobra's error", line: "get pods --frob", wantErr: "error: unknown flag: --frob\nSee 'kubectl get --help' for usage.\n", wantCode: 1},
		{name: "get -o name prints kind.group/name", setup: []string{"apply -f d.yaml"}, line: "get deploy -o name", wantOut: "deployment.apps/nginx\n"},
		{name: "get -o jsonpath prints the field", setup: []string{"apply -f d.yaml"}, line: "get deploy nginx -o jsonpath={.spec.replicas}", wantOut: "2"},
		{name: "jsonpath over a list with range", setup: []string{"apply -f d.yaml", "create deploy web --image=nginx"}, line: `get deploy -o jsonpath='{range .items[*]}{.metadata.name}{"\n"}{end}'`, wantOut: "nginx\nweb\n"},
		{name: "delete prints the v1.35 text with the namespace", setup: []string{"apply -f d.yaml"}, line: "delete deployment nginx", wantOut: "deployment.apps \"nginx\" deleted from default namespace\n"},
		{name: "delete of a cluster-scoped object has no namespace", setup: []string{"create ns team-a"}, line: "delete ns team-a", wantOut: "namespace \"team-a\" deleted\n"},
		{name: "delete of a missing object is NotFound", line: "delete pod web", wantErr: "Error from server (NotFound): pods \"web\" not found\n", wantCode: 1},
		{name: "scale prints scaled", setup: []string{"apply -f d.yaml"}, line: "scale deploy nginx --replicas=3", wantOut: "deployment.apps/nginx scaled\n"},
		{name: "label prints labeled", setup: []string{"apply -f d.yaml"}, line: "label deploy nginx tier=web", wantOut: "deployment.apps/nginx labeled\n"},
		{name: "label of an existing key without --overwrite is refused", setup: []string{"apply -f d.yaml", "label deploy nginx tier=web"}, line: "label deploy nginx tier=x", wantErr: "error: 'tier' already has a value (web), and --overwrite is false\n", wantCode: 1},
		{name: "label --overwrite replaces the value", setup: []string{"apply -f d.yaml", "label deploy nginx tier=web"}, line: "label deploy nginx tier=x --overwrite", wantOut: "deployment.apps/nginx labeled\n"},
		{name: "removing a missing label says not found", setup: []string{"apply -f d.yaml"}, line: "label deploy nginx nope-", wantOut: "label \"nope\" not found.\ndeployment.apps/nginx not labeled\n"},
		{name: "annotate prints annotated", setup: []string{"apply -f d.yaml"}, line: "annotate deploy nginx owner=team", wantOut: "deployment.apps/nginx annotated\n"},
		{name: "patch prints patched", setup: []string{"apply -f d.yaml"}, line: `patch deploy nginx -p '{"spec":{"replicas":4}}'`, wantOut: "deployment.apps/nginx patched\n"},
		{name: "a no-op patch says no change", setup: []string{"apply -f d.yaml"}, line: `patch deploy nginx -p '{"spec":{"replicas":2}}'`, wantOut: "deployment.apps/nginx patched (no change)\n"},
		{name: "set image prints image updated", setup: []string{"apply -f d.yaml"}, line: "set image deployment/nginx nginx=nginx:1.28", wantOut: "deployment.apps/nginx image updated\n"},
		{name: "set image of an unknown container is refused", setup: []string{"apply -f d.yaml"}, line: "set image deployment/nginx web=nginx:1.28", wantErr: "error: unable to find container named \"web\"\n", wantCode: 1},
		{name: "rollout pause then pause again", setup: []string{"apply -f d.yaml", "rollout pause deploy/nginx"}, line: "rollout pause deploy/nginx", wantOut: "deployment.apps/nginx already paused\n"},
		{name: "rollout resume prints resumed", setup: []string{"apply -f d.yaml", "rollout pause deploy/nginx"}, line: "rollout resume deploy/nginx", wantOut: "deployment.apps/nginx resumed\n"},
		{name: "rollout restart prints restarted", setup: []string{"apply -f d.yaml"}, line: "rollout restart deployment nginx", wantOut: "deployment.apps/nginx restarted\n"},
		{name: "version prints client, kustomize and server", line: "version", wantOut: "Client Version: v1.35.0\nKustomize Version: v5.7.1\nServer Version: v1.35.0\n"},
		{name: "auth can-i for the admin is yes", line: "auth can-i create deployments", wantOut: "yes\n"},
		{name: "auth can-i as alice is no", line: "auth can-i create pods --as=alice", wantOut: "no\n", wantCode: 1},
		{name: "alice is forbidden to list pods", line: "get pods --as=alice", wantErr: "Error from server (Forbidden): pods is forbidden: User \"alice\" cannot list resource \"pods\" in API group \"\" in the namespace \"default\"\n", wantCode: 1},
		{name: "create role prints created", line: "create role pod-reader --verb=get,list --resource=pods", wantOut: "role.rbac.authorization.k8s.io/pod-reader created\n"},
		{name: "create rolebinding prints created", line: "create rolebinding read-pods --role=pod-reader --user=alice", wantOut: "rolebinding.rbac.authorization.k8s.io/read-pods created\n"},
		{name: "a role binding lets alice read pods", setup: []string{"create role pod-reader --verb=get,list --resource=pods", "create rolebinding read-pods --role=pod-reader --user=alice"}, line: "auth can-i list pods --as alice", wantOut: "yes\n"},
		{name: "create clusterrolebinding needs a clusterrole", line: "create clusterrolebinding x --user=alice", wantErr: "error: required flag(s) \"clusterrole\" not set\n", wantCode: 1},
		{name: "api-resources header", line: "api-resources", wantOut: "NAME                                SHORTNAMES   APIVERSION                        NAMESPACED   KIND\nbindings", outSubstr: true},
		{name: "cluster-info names the control plane", line: "cluster-info", wantOut: "Kubernetes control plane is running at https://127.0.0.1:6443\n", outSubstr: true},
		{name: "kubectl events on an empty namespace", line: "events", wantErr: "No events found in default namespace.\n"},
		{name: "the leading kubectl word is optional", line: "kubectl version --client", wantOut: "Client Version: v1.35.0\nKustomize Version: v5.7.1\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCluster(t)
			c.files["d.yaml"] = deployYAML
			for _, s := range tt.setup {
				c.must(s)
			}
			out, errOut, code := c.run(tt.line)
			if tt.outSubstr {
				if !strings.HasPrefix(out, tt.wantOut) && !strings.Contains(out, tt.wantOut) {
					t.Errorf("stdout = %q, want it to contain %q", out, tt.wantOut)
				}
			} else if out != tt.wantOut {
				t.Errorf("stdout = %q, want %q", out, tt.wantOut)
			}
			if errOut != tt.wantErr {
				t.Errorf("stderr = %q, want %q", errOut, tt.wantErr)
			}
			if code != tt.wantCode {
				t.Errorf("exit code = %d, want %d", code, tt.wantCode)
			}
		})
	}
}
