package admission_test

import (
	"strings"
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/apiserver/admission"
)

// The expected words are k8s.io/pod-security-admission v0.35's (Kubernetes
// v1.35): policy/check_*.go give each check's forbidden reason and detail,
// admission/admission.go the "violates PodSecurity" and "would violate
// PodSecurity" sentences, api/helpers.go the label validation.

// labelled is a namespace with pod-security labels ("enforce=baseline", ...).
func labelled(name string, labels ...string) *api.Namespace {
	n := ns(name)
	n.Labels = map[string]string{"kubernetes.io/metadata.name": name}
	for _, l := range labels {
		k, v, _ := strings.Cut(l, "=")
		n.Labels["pod-security.kubernetes.io/"+k] = v
	}
	return n
}

// restrictedOK is a container securityContext that passes restricted.
const restrictedOK = "    securityContext:\n      allowPrivilegeEscalation: false\n      runAsNonRoot: true\n      capabilities:\n        drop: [ALL]\n      seccompProfile:\n        type: RuntimeDefault\n"

// podIn decodes a pod manifest into namespace ns.
func podIn(t *testing.T, ns, manifest string) api.Object {
	o := decode(t, manifest)
	o.GetObjectMeta().Namespace = ns
	return o
}

func TestPodSecurityChecksRefuseWithTheLibraryWords(t *testing.T) {
	const c2 = "  - name: sidecar\n    image: busybox\n"
	cases := []struct {
		name, level, spec, want string
	}{
		{"hostProcess", "baseline", "    securityContext:\n      windowsOptions:\n        hostProcess: true\n",
			`hostProcess (container "nginx" must not set securityContext.windowsOptions.hostProcess=true)`},
		{"hostProcess on the pod too", "baseline", "  securityContext:\n    windowsOptions:\n      hostProcess: true\n",
			`hostProcess (pod must not set securityContext.windowsOptions.hostProcess=true)`},
		{"host namespaces", "baseline", "  hostNetwork: true\n  hostPID: true\n  hostIPC: true\n",
			`host namespaces (hostNetwork=true, hostPID=true, hostIPC=true)`},
		{"privileged", "baseline", "    securityContext:\n      privileged: true\n",
			`privileged (container "nginx" must not set securityContext.privileged=true)`},
		{"capabilities beyond the baseline set", "baseline", "    securityContext:\n      capabilities:\n        add: [SYS_ADMIN, NET_RAW, CHOWN]\n",
			`non-default capabilities (container "nginx" must not include "NET_RAW", "SYS_ADMIN" in securityContext.capabilities.add)`},
		{"hostPath volumes", "baseline", "  volumes:\n  - name: root\n    hostPath:\n      path: /\n  - name: logs\n    hostPath:\n      path: /var/log\n",
			`hostPath volumes (volumes "root", "logs")`},
		{"hostPorts", "baseline", "    ports:\n    - containerPort: 80\n      hostPort: 8080\n    - containerPort: 90\n      hostPort: 90\n",
			`hostPort (container "nginx" uses hostPorts 8080, 90)`},
		{"probe host", "baseline", "    livenessProbe:\n      httpGet:\n        host: 10.0.0.1\n        port: 80\n",
			`probe or lifecycle host (container "nginx" uses probe or lifecycle host "10.0.0.1")`},
		{"AppArmor", "baseline", "    securityContext:\n      appArmorProfile:\n        type: Unconfined\n",
			`forbidden AppArmor profile (container "nginx" must not set AppArmor profile type to "Unconfined")`},
		{"SELinux", "baseline", "  securityContext:\n    seLinuxOptions:\n      type: spc_t\n      user: root\n",
			`seLinuxOptions (pod set forbidden securityContext.seLinuxOptions: type "spc_t"; user may not be set)`},
		{"/proc mount type", "baseline", "    securityContext:\n      procMount: Unmasked\n",
			`procMount (container "nginx" must not set securityContext.procMount to "Unmasked")`},
		{"seccomp Unconfined", "baseline", "  securityContext:\n    seccompProfile:\n      type: Unconfined\n",
			`seccompProfile (pod must not set securityContext.seccompProfile.type to "Unconfined")`},
		{"sysctls outside the safe set", "baseline", "  securityContext:\n    sysctls:\n    - name: net.ipv4.tcp_rmem\n      value: \"4096\"\n    - name: kernel.msgmax\n      value: \"1\"\n    - name: net.core.somaxconn\n      value: \"1\"\n",
			`forbidden sysctls (kernel.msgmax, net.core.somaxconn)`},
		{"several baseline checks, in the library's order", "baseline", "    securityContext:\n      privileged: true\n      capabilities:\n        add: [NET_ADMIN]\n  hostPID: true\n",
			`non-default capabilities (container "nginx" must not include "NET_ADMIN" in securityContext.capabilities.add), host namespaces (hostPID=true), privileged (container "nginx" must not set securityContext.privileged=true)`},

		{"restricted: a plain pod", "restricted", "",
			`allowPrivilegeEscalation != false (container "nginx" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "nginx" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "nginx" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")`},
		{"restricted: two containers", "restricted", c2,
			`allowPrivilegeEscalation != false (containers "nginx", "sidecar" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (containers "nginx", "sidecar" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or containers "nginx", "sidecar" must set securityContext.runAsNonRoot=true), seccompProfile (pod or containers "nginx", "sidecar" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")`},
		{"restricted: volume types", "restricted", restrictedOK + "  volumes:\n  - name: root\n    hostPath:\n      path: /\n  - name: share\n    nfs:\n      server: nfs\n      path: /\n  - name: cfg\n    configMap:\n      name: cfg\n",
			`restricted volume types (volumes "root", "share" use restricted volume types "hostPath", "nfs")`},
		{"restricted: capabilities add only NET_BIND_SERVICE", "restricted", strings.Replace(restrictedOK, "drop: [ALL]", "drop: [ALL]\n        add: [NET_BIND_SERVICE, CHOWN]", 1),
			`unrestricted capabilities (container "nginx" must not include "CHOWN" in securityContext.capabilities.add)`},
		{"restricted: runAsNonRoot false and runAsUser 0", "restricted", strings.Replace(restrictedOK, "runAsNonRoot: true", "runAsNonRoot: false\n      runAsUser: 0", 1),
			`runAsNonRoot != true (container "nginx" must not set securityContext.runAsNonRoot=false), runAsUser=0 (container "nginx" must not set runAsUser=0)`},
		{"restricted: seccomp Unconfined on the pod", "restricted", strings.Replace(restrictedOK, "      seccompProfile:\n        type: RuntimeDefault\n", "", 1) + "  securityContext:\n    seccompProfile:\n      type: Unconfined\n",
			`seccompProfile (pod must not set securityContext.seccompProfile.type to "Unconfined")`},
		{"restricted: procMount is checked even with hostUsers false", "restricted", strings.Replace(restrictedOK, "allowPrivilegeEscalation: false", "allowPrivilegeEscalation: false\n      procMount: Unmasked", 1) + "  hostUsers: false\n",
			`procMount (container "nginx" must not set securityContext.procMount to "Unmasked")`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			// Container fields (four spaces) come first, then pod fields (two).
			manifest := podYAML + tc.spec
			h := newHost(labelled("team", "enforce="+tc.level), sa("team"))
			err := run(create(podIn(t, "team", manifest), "kubernetes-admin"), h)
			want := `pods "web" is forbidden: violates PodSecurity "` + tc.level + `:latest": ` + tc.want
			if errText(err) != want {
				t.Errorf("got  %s\nwant %s", errText(err), want)
			}
			if err != nil && !api.IsForbidden(err) {
				t.Errorf("not a Forbidden error: %v", err)
			}
		})
	}
}

func TestPodSecurityVersionsPinTheChecks(t *testing.T) {
	rmem := podWith("  securityContext:\n    sysctls:\n    - name: net.ipv4.tcp_rmem\n      value: \"4096\"\n")
	cases := []struct{ enforce, version, manifest, want string }{
		// net.ipv4.tcp_rmem is safe from v1.32 on (check_sysctls.go).
		{"baseline", "v1.31", rmem, `violates PodSecurity "baseline:v1.31": forbidden sysctls (net.ipv4.tcp_rmem)`},
		{"baseline", "v1.32", rmem, ""},
		// A version newer than the checks is evaluated as the newest, and named as given.
		{"baseline", "v1.99", podWith("    securityContext:\n      privileged: true\n"), `violates PodSecurity "baseline:v1.99": privileged`},
		// Restricted before v1.8 had no allowPrivilegeEscalation, before v1.19 no seccomp field check,
		// before v1.22 no capabilities check.
		{"restricted", "v1.7", podYAML, `violates PodSecurity "restricted:v1.7": runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true)`},
		// Pods with their own user namespace are not held to runAsNonRoot from v1.35 on.
		{"restricted", "v1.34", podWith(restrictedOK + "  hostUsers: false\n"), ""},
		{"restricted", "v1.35", strings.Replace(podWith(restrictedOK), "runAsNonRoot: true", "runAsNonRoot: false", 1) + "  hostUsers: false\n", ""},
		{"restricted", "v1.34", strings.Replace(podWith(restrictedOK), "runAsNonRoot: true", "runAsNonRoot: false", 1) + "  hostUsers: false\n", `violates PodSecurity "restricted:v1.34": runAsNonRoot != true`},
	}
	for _, tc := range cases {
		h := newHost(labelled("team", "enforce="+tc.enforce, "enforce-version="+tc.version), sa("team"))
		err := run(create(podIn(t, "team", tc.manifest), "kubernetes-admin"), h)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s:%s: refused: %v", tc.enforce, tc.version, err)
			}
			continue
		}
		if !strings.Contains(errText(err), tc.want) {
			t.Errorf("%s:%s: got %q, want it to contain %q", tc.enforce, tc.version, errText(err), tc.want)
		}
	}
}

func TestPodSecurityWarnAndAuditDoNotRefuse(t *testing.T) {
	h := newHost(labelled("team", "enforce=baseline", "warn=restricted", "audit=restricted"), sa("team"))
	a := create(podIn(t, "team", podYAML), "kubernetes-admin")
	c := admission.NewChain()
	if err := c.Admit(a, h); err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(a, h); err != nil {
		t.Fatalf("refused: %v", err)
	}
	violation := `would violate PodSecurity "restricted:latest": allowPrivilegeEscalation != false (container "nginx" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "nginx" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "nginx" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")`
	if len(a.Warnings) != 1 || a.Warnings[0] != violation {
		t.Errorf("warnings = %q, want [%q]", a.Warnings, violation)
	}
	wantAudit := []string{"pod-security.kubernetes.io/enforce-policy=baseline:latest", "pod-security.kubernetes.io/audit-violations=" + violation}
	if strings.Join(a.AuditAnnotations, "\n") != strings.Join(wantAudit, "\n") {
		t.Errorf("audit annotations = %q, want %q", a.AuditAnnotations, wantAudit)
	}
	notes := c.LastNotes()
	if len(notes) != 1 || notes[0].Plugin != "PodSecurity" || len(notes[0].Warnings) != 1 || len(notes[0].Audit) != 2 {
		t.Errorf("notes = %+v, want PodSecurity's one warning and two annotations", notes)
	}

	// Audit alone: an annotation, no warning.
	h = newHost(labelled("quiet", "audit=baseline"), sa("quiet"))
	a = create(podIn(t, "quiet", podWith("  hostNetwork: true\n")), "kubernetes-admin")
	if err := run(a, h); err != nil {
		t.Fatal(err)
	}
	if len(a.Warnings) != 0 {
		t.Errorf("audit mode warned: %q", a.Warnings)
	}
	if want := `pod-security.kubernetes.io/audit-violations=would violate PodSecurity "baseline:latest": host namespaces (hostNetwork=true)`; !contains(a.AuditAnnotations, want) {
		t.Errorf("audit annotations = %q, want %q", a.AuditAnnotations, want)
	}

	// An unlabelled namespace is privileged: nothing to say.
	h = newHost(ns("default"), sa("default"))
	a = create(decode(t, podWith("  hostNetwork: true\n")), "kubernetes-admin")
	if err := run(a, h); err != nil || len(a.Warnings) != 0 {
		t.Errorf("default namespace: err %v, warnings %q", err, a.Warnings)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestPodSecurityWarnsOnWorkloadTemplatesButNeverEnforces(t *testing.T) {
	h := newHost(labelled("team", "enforce=restricted"))
	manifests := map[string]string{
		"Deployment":            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      hostNetwork: true\n      containers:\n      - name: nginx\n        image: nginx\n",
		"CronJob":               "apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: web\nspec:\n  schedule: '* * * * *'\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: Never\n          hostNetwork: true\n          containers:\n          - name: nginx\n            image: nginx\n",
		"ReplicationController": "apiVersion: v1\nkind: ReplicationController\nmetadata:\n  name: web\nspec:\n  selector: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      hostNetwork: true\n      containers:\n      - name: nginx\n        image: nginx\n",
	}
	for kind, m := range manifests {
		a := create(podIn(t, "team", m), "kubernetes-admin")
		if err := run(a, h); err != nil {
			t.Errorf("%s refused: %v", kind, err)
		}
		want := `would violate PodSecurity "restricted:latest": host namespaces (hostNetwork=true), allowPrivilegeEscalation != false`
		if len(a.Warnings) != 1 || !strings.HasPrefix(a.Warnings[0], want) {
			t.Errorf("%s warnings = %q, want one starting %q", kind, a.Warnings, want)
		}
	}
	// A Service has no pod template.
	svc := create(podIn(t, "team", "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n  - port: 80\n"), "kubernetes-admin")
	if err := run(svc, h); err != nil || len(svc.Warnings) != 0 {
		t.Errorf("service: err %v, warnings %q", err, svc.Warnings)
	}
}

func nsUpdate(old, new *api.Namespace) *admission.Attributes {
	r, _ := api.ResourceFor("namespaces")
	return &admission.Attributes{Operation: admission.Update, Resource: r, Name: new.Name, Object: new, OldObject: old}
}

func ownedPod(t *testing.T, name, owner, spec string) api.Object {
	o := podIn(t, "team", strings.Replace(podWith(spec), "name: web", "name: "+name, 1))
	yes := true
	o.GetObjectMeta().OwnerReferences = []api.OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: owner, UID: owner, Controller: &yes}}
	return o
}

func TestPodSecurityLabellingANamespaceWarnsAboutExistingPods(t *testing.T) {
	old := labelled("team")
	h := newHost(old,
		ownedPod(t, "web-2", "rs-web", ""), ownedPod(t, "web-1", "rs-web", ""), ownedPod(t, "web-3", "rs-web", ""),
		ownedPod(t, "net", "", "  hostNetwork: true\n"),
		ownedPod(t, "ok", "", restrictedOK),
	)
	// "net" has no controller: clear its owner reference.
	for _, o := range []string{"pods/team/net", "pods/team/ok"} {
		h.objs[o].GetObjectMeta().OwnerReferences = nil
	}
	a := nsUpdate(old, labelled("team", "enforce=restricted"))
	if err := run(a, h); err != nil {
		t.Fatal(err)
	}
	want := []string{
		`existing pods in namespace "team" violate the new PodSecurity enforce level "restricted:latest"`,
		`net: host namespaces, allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile`,
		`web-1 (and 2 other pods): allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile`,
	}
	if strings.Join(a.Warnings, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(a.Warnings, "\n"), strings.Join(want, "\n"))
	}

	// Relaxing the level, or setting what is already set, checks nothing.
	for _, labels := range [][]string{{"enforce=baseline"}, {"enforce=privileged"}} {
		strict := labelled("team", "enforce=restricted")
		a := nsUpdate(strict, labelled("team", labels...))
		if err := run(a, h); err != nil || len(a.Warnings) != 0 {
			t.Errorf("%v: err %v, warnings %q", labels, err, a.Warnings)
		}
	}
	// Two pods with the same reasons: "(and 1 other pod)".
	h2 := newHost(labelled("team"), ownedPod(t, "b", "", "  hostPID: true\n"), ownedPod(t, "a", "", "  hostPID: true\n"))
	a = nsUpdate(labelled("team"), labelled("team", "enforce=baseline"))
	if err := run(a, h2); err != nil {
		t.Fatal(err)
	}
	if got := a.Warnings[len(a.Warnings)-1]; got != "a (and 1 other pod): host namespaces" {
		t.Errorf("got %q", got)
	}
}

func TestPodSecurityRefusesInvalidLabels(t *testing.T) {
	r, _ := api.ResourceFor("namespaces")
	bad := labelled("x", "enforce=foo", "warn-version=1.35")
	a := &admission.Attributes{Operation: admission.Create, Resource: r, Name: "x", Object: bad}
	err := run(a, newHost())
	want := `Namespace "x" is invalid: [metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "foo": must be one of privileged, baseline, restricted, metadata.labels[pod-security.kubernetes.io/warn-version]: Invalid value: "1.35": must be "latest" or "v1.x"]`
	if errText(err) != want {
		t.Errorf("got  %s\nwant %s", errText(err), want)
	}
	if !api.IsInvalid(err) {
		t.Errorf("not Invalid: %v", err)
	}
	// An update that keeps the same invalid labels is let through.
	a = nsUpdate(bad, labelled("x", "enforce=foo", "warn-version=1.35", "audit=baseline"))
	if err := run(a, newHost()); err != nil {
		t.Errorf("unchanged invalid labels refused: %v", err)
	}
	// A pod in a namespace with an invalid enforce label is held to restricted.
	h := newHost(labelled("x", "enforce=foo"), sa("x"))
	err = run(create(podIn(t, "x", podYAML), "kubernetes-admin"), h)
	if !strings.Contains(errText(err), `violates PodSecurity "restricted:latest"`) {
		t.Errorf("got %v", err)
	}
}

func TestPodSecurityExemptions(t *testing.T) {
	// v1.35's default configuration exempts nothing, kube-system included.
	h := newHost(labelled("kube-system", "enforce=baseline"), sa("kube-system"))
	err := run(create(podIn(t, "kube-system", podWith("  hostNetwork: true\n")), "system:serviceaccount:kube-system:daemon-set-controller"), h)
	if !strings.Contains(errText(err), `violates PodSecurity "baseline:latest": host namespaces (hostNetwork=true)`) {
		t.Errorf("kube-system is exempt by default: %v", err)
	}
	// Configured exemptions: by namespace, user and runtime class.
	p := &admission.PodSecurity{Exemptions: admission.PodSecurityExemptions{Namespaces: []string{"kube-system"}, Usernames: []string{"admin"}, RuntimeClasses: []string{"kata"}}}
	chain := admission.NewChainOf(p)
	hostile := podWith("  hostNetwork: true\n")
	for _, tc := range []struct{ ns, user, manifest, audit string }{
		{"kube-system", "bob", hostile, "pod-security.kubernetes.io/exempt=namespace"},
		{"team", "admin", hostile, "pod-security.kubernetes.io/exempt=user"},
		{"team", "bob", hostile + "  runtimeClassName: kata\n", "pod-security.kubernetes.io/exempt=runtimeClass"},
	} {
		h := newHost(labelled("kube-system", "enforce=restricted"), labelled("team", "enforce=restricted"))
		a := create(podIn(t, tc.ns, tc.manifest), tc.user)
		if err := chain.Validate(a, h); err != nil {
			t.Errorf("%s/%s refused: %v", tc.ns, tc.user, err)
		}
		if !contains(a.AuditAnnotations, tc.audit) {
			t.Errorf("%s/%s audit = %q, want %q", tc.ns, tc.user, a.AuditAnnotations, tc.audit)
		}
	}
	// Labelling an exempt namespace warns that the labels are ignored.
	r, _ := api.ResourceFor("namespaces")
	a := &admission.Attributes{Operation: admission.Create, Resource: r, Name: "kube-system", Object: labelled("kube-system", "enforce=baseline", "warn=restricted")}
	if err := chain.Validate(a, newHost()); err != nil {
		t.Fatal(err)
	}
	if want := `namespace "kube-system" is exempt from Pod Security, and the policy (enforce=baseline:latest, warn=restricted:latest) will be ignored`; len(a.Warnings) != 1 || a.Warnings[0] != want {
		t.Errorf("warnings = %q, want %q", a.Warnings, want)
	}
}

func TestPodSecurityIgnoresInsignificantPodUpdates(t *testing.T) {
	h := newHost(labelled("team", "enforce=baseline"), sa("team"))
	old := podIn(t, "team", podWith("  hostNetwork: true\n"))
	labelsOnly := podIn(t, "team", podWith("  hostNetwork: true\n"))
	labelsOnly.GetObjectMeta().Labels = map[string]string{"a": "b"}
	a := create(labelsOnly, "kubernetes-admin")
	a.Operation, a.OldObject = admission.Update, old
	if err := admission.NewChainOf(&admission.PodSecurity{}).Validate(a, h); err != nil {
		t.Errorf("a label change was evaluated: %v", err)
	}
	newImage := podIn(t, "team", strings.Replace(podWith("  hostNetwork: true\n"), "image: nginx", "image: nginx:1.29", 1))
	a = create(newImage, "kubernetes-admin")
	a.Operation, a.OldObject = admission.Update, old
	if err := admission.NewChainOf(&admission.PodSecurity{}).Validate(a, h); !strings.Contains(errText(err), "violates PodSecurity") {
		t.Errorf("an image change was not evaluated: %v", err)
	}
}
