package kubectl

import (
	"strings"
	"testing"

	"kubeplay/core/api"
)

// TestGeneratorCommands checks the outputs and errors of the commands that
// build objects from flags: create deployment|job|quota|service|
// priorityclass|serviceaccount, run, expose, set resources|env, top,
// explain.
func TestGeneratorCommands(t *testing.T) {
	tests := []struct {
		name     string
		setup    []string
		line     string
		wantOut  string
		wantErr  string
		wantCode int
	}{
		{name: "create deployment with a command after -- prints created", line: "create deployment sleeper --image=busybox -- sleep 3600", wantOut: "deployment.apps/sleeper created\n"},
		{name: "create deployment counts only the arguments before --", line: "create deployment a b --image=busybox -- sleep 1", wantErr: "error: exactly one NAME is required, got 2\nSee 'kubectl create deployment -h' for help and examples\n", wantCode: 1},
		{name: "create deployment refuses a command with several images", line: "create deployment x --image=a --image=b -- sleep 1", wantErr: "error: cannot specify multiple --image options and command\n", wantCode: 1},
		{name: "create deployment of an existing name wraps the server error", setup: []string{"create deployment web --image=nginx"}, line: "create deployment web --image=nginx", wantErr: "error: failed to create deployment: deployments.apps \"web\" already exists\n", wantCode: 1},
		{name: "create deploy is an alias", line: "create deploy web --image=nginx -r 3", wantOut: "deployment.apps/web created\n"},
		{name: "create job prints job.batch created", line: "create job hello --image=busybox -- echo hello", wantOut: "job.batch/hello created\n"},
		{name: "create job needs an image or --from", line: "create job hello", wantErr: "error: either --image or --from must be specified\n", wantCode: 1},
		{name: "create job --from a missing cronjob is NotFound", line: "create job manual --from=cronjob/nightly", wantErr: "Error from server (NotFound): cronjobs.batch \"nightly\" not found\n", wantCode: 1},
		{name: "create job refuses --from with a command", line: "create job manual --from=cronjob/nightly -- echo", wantErr: "error: cannot specify --from and command\n", wantCode: 1},
		{name: "create quota prints resourcequota created", line: "create quota q --hard=pods=2,requests.cpu=1,requests.memory=1Gi", wantOut: "resourcequota/q created\n"},
		{name: "create quota with a malformed --hard is refused", line: "create quota q --hard=pods", wantErr: "error: Invalid argument syntax pods, expected <resource>=<value>\n", wantCode: 1},
		{name: "create service clusterip prints service created", line: "create service clusterip web --tcp=80:8080", wantOut: "service/web created\n"},
		{name: "create service nodeport prints service created", line: "create service nodeport web --tcp=80:8080", wantOut: "service/web created\n"},
		{name: "create service without --tcp is refused", line: "create service clusterip web", wantErr: "error: at least one tcp port specifier must be provided\n", wantCode: 1},
		{name: "create service of an unknown type is cobra's error", line: "create service foo web", wantErr: "error: unknown command \"foo web\" for \"kubectl create service\"\n", wantCode: 1},
		{name: "create priorityclass prints created", line: "create priorityclass high --value=1000 --description=important", wantOut: "priorityclass.scheduling.k8s.io/high created\n"},
		{name: "create priorityclass twice wraps the server error", setup: []string{"create pc high --value=1"}, line: "create priorityclass high --value=1", wantErr: "error: failed to create priorityclass: priorityclasses.scheduling.k8s.io \"high\" already exists\n", wantCode: 1},
		{name: "create serviceaccount twice wraps the server error", setup: []string{"create sa builder"}, line: "create serviceaccount builder", wantErr: "error: failed to create serviceaccount: serviceaccounts \"builder\" already exists\n", wantCode: 1},
		{name: "run prints pod created", line: "run web --image=nginx --port=80 --env=A=1", wantOut: "pod/web created\n"},
		{name: "run without an image is cobra's required-flag error", line: "run web", wantErr: "error: required flag(s) \"image\" not set\n", wantCode: 1},
		{name: "run without a name is refused", line: "run --image=nginx", wantErr: "error: NAME is required for run\n", wantCode: 1},
		{name: "run with an uppercase image is an invalid reference", line: "run web --image=NGINX", wantErr: "error: Invalid image name \"NGINX\": invalid reference format\n", wantCode: 1},
		{name: "run -t needs -i", line: "run web --image=nginx -t", wantErr: "error: -i/--stdin is required for containers with -t/--tty=true\n", wantCode: 1},
		{name: "run --rm needs an attached container", line: "run web --image=nginx --rm", wantErr: "error: --rm should only be used for attached containers\n", wantCode: 1},
		{name: "run with an unknown restart policy is refused", line: "run web --image=nginx --restart=Sometimes", wantErr: "error: invalid restart policy: Sometimes\n", wantCode: 1},
		{name: "run --expose needs --port", line: "run web --image=nginx --expose", wantErr: "error: --port must be set when exposing a service\n", wantCode: 1},
		{name: "run --expose prints the service first", line: "run web --image=nginx --port=80 --expose", wantOut: "service/web created\npod/web created\n"},
		{name: "run with a bad env is refused", line: "run web --image=nginx --env=1A=x", wantErr: "error: invalid env: 1A=x\n", wantCode: 1},
		{name: "expose deployment prints exposed", setup: []string{"apply -f d.yaml"}, line: "expose deployment nginx --port=8080 --target-port=80", wantOut: "service/nginx exposed\n"},
		{name: "expose takes the port from the pod template", setup: []string{"apply -f d.yaml"}, line: "expose deploy/nginx --name=web --type=NodePort", wantOut: "service/web exposed\n"},
		{name: "expose of a deployment without ports needs --port", setup: []string{"create deployment web --image=nginx"}, line: "expose deployment web", wantErr: "error: couldn't find port via --port flag or introspection\n", wantCode: 1},
		{name: "expose of a job is refused", setup: []string{"create job hello --image=busybox"}, line: "expose job hello --port=80", wantErr: "error: cannot expose a Job.batch\n", wantCode: 1},
		{name: "expose of a missing deployment is NotFound", line: "expose deployment nope --port=80", wantErr: "Error from server (NotFound): deployments.apps \"nope\" not found\n", wantCode: 1},
		{name: "set resources prints resource requirements updated", setup: []string{"apply -f d.yaml"}, line: "set resources deployment nginx -c nginx --requests=cpu=100m,memory=64Mi --limits=cpu=200m", wantOut: "deployment.apps/nginx resource requirements updated\n"},
		{name: "set resources that change nothing print nothing", setup: []string{"apply -f d.yaml", "set resources deployment nginx --requests=cpu=100m"}, line: "set resources deployment nginx --requests=cpu=100m"},
		{name: "set resources of an unknown container is refused", setup: []string{"apply -f d.yaml"}, line: "set resources deployment nginx -c web --requests=cpu=100m", wantErr: "error: unable to find container named web\n", wantCode: 1},
		{name: "set resources without requests or limits is refused", setup: []string{"apply -f d.yaml"}, line: "set resources deployment nginx", wantErr: "error: you must specify an update to requests or limits (in the form of --requests/--limits)\n", wantCode: 1},
		{name: "set env prints env updated", setup: []string{"apply -f d.yaml"}, line: "set env deployment/nginx MODE=prod", wantOut: "deployment.apps/nginx env updated\n"},
		{name: "set env of an unknown container warns", setup: []string{"apply -f d.yaml"}, line: "set env deployment/nginx -c web MODE=prod", wantErr: "warning: Deployment/nginx does not have any containers matching \"web\"\n"},
		{name: "set of an unknown subcommand is cobra's error", line: "set frob deployment/nginx", wantErr: "error: unknown command \"frob\" for \"kubectl set\"\n", wantCode: 1},
		{name: "top says the metrics API is not available", line: "top pods", wantErr: "error: Metrics API not available\n", wantCode: 1},
		{name: "explain of an unknown field names it", line: "explain pods.spec.nope", wantErr: "error: field \"nope\" does not exist\n", wantCode: 1},
		{name: "explain of an unknown resource is kubectl's error", line: "explain foo", wantErr: "error: the server doesn't have a resource type \"foo\"\n", wantCode: 1},
		{name: "explain of a field describes it and lists its fields with types", line: "explain deploy.spec.strategy", wantOut: "GROUP:      apps\nKIND:       Deployment\nVERSION:    v1\n\nFIELD: strategy <DeploymentStrategy>\n\n\nDESCRIPTION:\n    The deployment strategy to use to replace existing pods with new ones.\n    DeploymentStrategy describes how to replace existing pods with new ones.\n    \nFIELDS:\n  rollingUpdate\t<RollingUpdateDeployment>\n    Rolling update config params. Present only if DeploymentStrategyType =\n    RollingUpdate.\n\n  type\t<string>\n  enum: Recreate, RollingUpdate\n    Type of deployment. Can be \"Recreate\" or \"RollingUpdate\". Default is\n    RollingUpdate.\n    \n    Possible enum values:\n     - `\"Recreate\"` Kill all existing pods before creating new ones.\n     - `\"RollingUpdate\"` Replace the old ReplicaSets by new one using rolling\n    update i.e gradually scale down the old ReplicaSets and scale up the new\n    one.\n\n\n"},
		// v1.35's enum block and "Possible enum values:" (openapi-gen's enum.go
		// DescriptionLines; kubectl pkg/explain/v2/templates/plaintext.tmpl
		// extractEnum), as a kind v1.35 cluster prints them.
		{name: "explain of an enum field prints ENUM and the possible values", line: "explain pod.spec.restartPolicy", wantOut: "KIND:       Pod\nVERSION:    v1\n\nFIELD: restartPolicy <string>\nENUM:\n    Always\n    Never\n    OnFailure\n\nDESCRIPTION:\n    Restart policy for all containers within the pod. One of Always, OnFailure,\n    Never. In some contexts, only a subset of those values may be permitted.\n    Default to Always. More info:\n    https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#restart-policy\n    \n    Possible enum values:\n     - `\"Always\"`\n     - `\"Never\"`\n     - `\"OnFailure\"`\n    \n\n"},
		{name: "get -o yaml of an empty list blanks the resourceVersion", line: "get pods -o yaml", wantOut: "apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: \"\"\n"},
		{name: "jsonpath over several named objects sees the blank list resourceVersion", setup: []string{"create sa builder"}, line: "get sa builder default -o jsonpath={.metadata.resourceVersion}", wantOut: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCluster(t)
			c.files["d.yaml"] = deployYAML
			for _, s := range tt.setup {
				c.must(s)
			}
			out, errOut, code := c.run(tt.line)
			if out != tt.wantOut {
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

// TestGeneratedObjects checks the objects the generators create.
func TestGeneratedObjects(t *testing.T) {
	get := func(c *cluster, resource, name string) api.Object {
		c.t.Helper()
		obj, err := c.k.Client().Resource(resource).Namespace("default").Get(name)
		if err != nil {
			c.t.Fatal(err)
		}
		return obj
	}
	tests := []struct {
		name  string
		lines []string
		check func(t *testing.T, c *cluster)
	}{
		{name: "the command after -- becomes the deployment container's command", lines: []string{"create deployment s --image=busybox -- sh -c \"exit 3\""}, check: func(t *testing.T, c *cluster) {
			ctr := c.deployment("s").Spec.Template.Spec.Containers[0]
			if ctr.Name != "busybox" || strings.Join(ctr.Command, "|") != "sh|-c|exit 3" || len(ctr.Args) != 0 {
				t.Errorf("container = %+v", ctr)
			}
		}},
		{name: "an image name with a dot gets a random suffix", lines: []string{"create deployment s --image=registry.k8s.io/pause_x.y:3.10"}, check: func(t *testing.T, c *cluster) {
			name := c.deployment("s").Spec.Template.Spec.Containers[0].Name
			if !strings.HasPrefix(name, "pause-x-y-") || len(name) != len("pause-x-y-")+5 {
				t.Errorf("container name = %q", name)
			}
		}},
		{name: "a job has one container named after it and restartPolicy Never", lines: []string{"create job hello --image=busybox -- echo hi"}, check: func(t *testing.T, c *cluster) {
			j := get(c, "jobs", "hello").(*api.Job)
			ps := j.Spec.Template.Spec
			if ps.RestartPolicy != api.RestartPolicyNever || ps.Containers[0].Name != "hello" || strings.Join(ps.Containers[0].Command, " ") != "echo hi" {
				t.Errorf("pod spec = %+v", ps)
			}
		}},
		{name: "a quota holds the canonical hard quantities", lines: []string{"create quota q --hard=pods=2,requests.cpu=1000m,requests.memory=1Gi"}, check: func(t *testing.T, c *cluster) {
			q := get(c, "resourcequotas", "q").(*api.ResourceQuota)
			if got := q.Spec.Hard["requests.cpu"]; got.String() != "1" {
				t.Errorf("requests.cpu = %s", got.String())
			}
			if got := q.Spec.Hard["pods"]; got.String() != "2" {
				t.Errorf("pods = %s", got.String())
			}
		}},
		{name: "a service port is named port-target and selects app=NAME", lines: []string{"create service nodeport web --tcp=80:8080"}, check: func(t *testing.T, c *cluster) {
			s := get(c, "services", "web").(*api.Service)
			p := s.Spec.Ports[0]
			if s.Spec.Type != "NodePort" || p.Name != "80-8080" || p.Port != 80 || p.TargetPort.String() != "8080" || s.Spec.Selector["app"] != "web" {
				t.Errorf("service spec = %+v", s.Spec)
			}
		}},
		{name: "a priority class keeps value, description and preemption policy", lines: []string{"create priorityclass high --value=1000 --description=important --global-default=false"}, check: func(t *testing.T, c *cluster) {
			obj, err := c.k.Client().Resource("priorityclasses").Get("high")
			if err != nil {
				t.Fatal(err)
			}
			pc := obj.(*api.PriorityClass)
			if pc.Value != 1000 || pc.Description != "important" || pc.PreemptionPolicy == nil || *pc.PreemptionPolicy != "PreemptLowerPriority" {
				t.Errorf("priority class = %+v", pc)
			}
		}},
		{name: "run labels the pod run=NAME and passes arguments as args", lines: []string{"run web --image=nginx --restart=Never --env=A=1 --port=80 -- -g daemon"}, check: func(t *testing.T, c *cluster) {
			p := get(c, "pods", "web").(*api.Pod)
			ctr := p.Spec.Containers[0]
			if p.Labels["run"] != "web" || ctr.Name != "web" || strings.Join(ctr.Args, " ") != "-g daemon" || len(ctr.Command) != 0 ||
				p.Spec.RestartPolicy != api.RestartPolicyNever || ctr.Env[0].Name != "A" || ctr.Ports[0].ContainerPort != 80 {
				t.Errorf("pod = %+v", p.Spec)
			}
		}},
		{name: "run --command passes arguments as the command and --labels replaces run=NAME", lines: []string{"run web --image=busybox --labels=app=web,tier=fe --command -- sleep 10"}, check: func(t *testing.T, c *cluster) {
			p := get(c, "pods", "web").(*api.Pod)
			if _, ok := p.Labels["run"]; ok || p.Labels["tier"] != "fe" || strings.Join(p.Spec.Containers[0].Command, " ") != "sleep 10" {
				t.Errorf("pod = %+v %+v", p.Labels, p.Spec.Containers[0])
			}
		}},
		{name: "expose copies the selector and labels and targets the same port", lines: []string{"apply -f d.yaml", "expose deployment nginx"}, check: func(t *testing.T, c *cluster) {
			s := get(c, "services", "nginx").(*api.Service)
			p := s.Spec.Ports[0]
			if s.Spec.Selector["app"] != "nginx" || p.Port != 80 || p.TargetPort.String() != "80" || p.Protocol != "TCP" || p.Name != "" {
				t.Errorf("service spec = %+v", s.Spec)
			}
		}},
		{name: "set resources merges into the existing quantities", lines: []string{"apply -f d.yaml", "set resources deploy nginx --limits=memory=128Mi", "set resources deploy nginx --limits=cpu=500m --requests=cpu=250m"}, check: func(t *testing.T, c *cluster) {
			r := c.deployment("nginx").Spec.Template.Spec.Containers[0].Resources
			lm, lc, rc := r.Limits["memory"], r.Limits["cpu"], r.Requests["cpu"]
			if lm.String() != "128Mi" || lc.String() != "500m" || rc.String() != "250m" {
				t.Errorf("resources = %+v", r)
			}
		}},
		{name: "set env replaces, appends and removes variables", lines: []string{"apply -f d.yaml", "set env deploy/nginx A=2 B=3", "set env deploy/nginx A-"}, check: func(t *testing.T, c *cluster) {
			env := c.deployment("nginx").Spec.Template.Spec.Containers[0].Env
			if len(env) != 1 || env[0].Name != "B" || env[0].Value != "3" {
				t.Errorf("env = %+v", env)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCluster(t)
			c.files["d.yaml"] = deployYAML
			for _, l := range tt.lines {
				c.must(l)
			}
			tt.check(t, c)
		})
	}
}
