package kubelet

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"kubeplay/core/api"
)

// What a pod references besides its images: ConfigMaps and Secrets for its
// volumes, its containers' environment and its image pulls. The kubelet
// reads them from the apiserver when it needs them (as its secret and
// configmap managers do), so a reference created later is found on the
// next try. The words are v1.35's: pkg/kubelet/kubelet_pods.go
// (makeEnvironmentVariables), pkg/volume/configmap and pkg/volume/secret
// (SetUpAt), pkg/kubelet/kubelet_pods.go (getPullSecretsForPod).

// Event reasons and messages for missing references.
const (
	ReasonFailedMount         = "FailedMount"
	ReasonFailedPullSecret    = "FailedToRetrieveImagePullSecret"
	msgMountFailed            = `MountVolume.SetUp failed for volume %q : %v`
	msgPullSecretsMissing     = `Unable to retrieve some image pull secrets (%s); attempting to pull the image may not succeed.`
	msgNotFound               = `%s %q not found`
	msgMissingKey             = `couldn't find key %s in %s %s/%s`
	msgVolumeMissingKey       = `configmap references non-existent config key: %s`
	msgSecretVolumeMissingKey = `references non-existent secret key: %s`
	rootCAConfigMap           = "kube-root-ca.crt"
	mountRetryInitial         = 500 * time.Millisecond
	mountRetryMax             = 2*time.Minute + 2*time.Second
)

// refError is a missing reference, worded as the kubelet words it.
type refError struct{ msg string }

func (e *refError) Error() string { return e.msg }

// configMap reads a ConfigMap of the pod's namespace: nil, nil when it does
// not exist.
func (w *podWorker) configMap(name string) (*api.ConfigMap, error) {
	obj, err := w.k.c.Resource("configmaps").Namespace(w.pod.Namespace).Get(name)
	if err != nil {
		if api.IsNotFound(err) {
			w.remember("configmap/"+name, nil)
			return nil, nil
		}
		return nil, err
	}
	w.remember("configmap/"+name, obj)
	return obj.(*api.ConfigMap), nil
}

// secret reads a Secret of the pod's namespace: nil, nil when it does not
// exist.
func (w *podWorker) secret(name string) (*api.Secret, error) {
	obj, err := w.k.c.Resource("secrets").Namespace(w.pod.Namespace).Get(name)
	if err != nil {
		if api.IsNotFound(err) {
			w.remember("secret/"+name, nil)
			return nil, nil
		}
		return nil, err
	}
	w.remember("secret/"+name, obj)
	return obj.(*api.Secret), nil
}

func optional(b *bool) bool { return b != nil && *b }

// secretData is a Secret's data as strings (stringData merged, as the
// apiserver stores it).
func secretData(s *api.Secret) map[string]string {
	out := map[string]string{}
	for k, v := range s.Data {
		out[k] = string(v)
	}
	for k, v := range s.StringData {
		out[k] = v
	}
	return out
}

// configSource reads a ConfigMap ("configmap", "ConfigMap") or a Secret
// ("secret", "Secret") by name as string data; nil data when missing.
func (w *podWorker) configSource(secret bool, name string) (map[string]string, error) {
	if secret {
		s, err := w.secret(name)
		if s == nil || err != nil {
			return nil, err
		}
		return secretData(s), nil
	}
	cm, err := w.configMap(name)
	if cm == nil || err != nil {
		return nil, err
	}
	data := map[string]string{} // non-nil: the ConfigMap exists
	for k, v := range cm.Data {
		data[k] = v
	}
	for k := range cm.BinaryData {
		data[k] = ""
	}
	return data, nil
}

func kindWords(secret bool) (lower, title string) {
	if secret {
		return "secret", "Secret"
	}
	return "configmap", "ConfigMap"
}

// mountVolumes sets up the pod's ConfigMap and Secret volumes. It returns
// each failing volume's message, in the pod's order (none when every volume
// is set up): the kubelet mounts each volume on its own.
func (w *podWorker) mountVolumes() []string {
	var failed []string
	type source struct {
		secret   bool
		name     string
		items    []api.KeyToPath
		optional bool
	}
	for _, v := range w.pod.Spec.Volumes {
		var sources []source
		switch {
		case v.ConfigMap != nil:
			sources = append(sources, source{false, v.ConfigMap.Name, v.ConfigMap.Items, optional(v.ConfigMap.Optional)})
		case v.Secret != nil:
			sources = append(sources, source{true, v.Secret.SecretName, v.Secret.Items, optional(v.Secret.Optional)})
		case v.Projected != nil:
			for _, p := range v.Projected.Sources {
				switch {
				case p.ConfigMap != nil && p.ConfigMap.Name != rootCAConfigMap:
					sources = append(sources, source{false, p.ConfigMap.Name, p.ConfigMap.Items, optional(p.ConfigMap.Optional)})
				case p.Secret != nil:
					sources = append(sources, source{true, p.Secret.Name, p.Secret.Items, optional(p.Secret.Optional)})
				}
			}
		}
		// A projected volume sets up every source and reports all their errors together, as the
		// kubelet's aggregate prints them: one alone, several as "[a, b]" (the same message once).
		var errs []string
		for _, s := range sources {
			if msg := w.sourceError(s.secret, s.name, s.items, s.optional); msg != "" && !slices.Contains(errs, msg) {
				errs = append(errs, msg)
				if v.Projected == nil {
					break
				}
			}
		}
		switch len(errs) {
		case 0:
		case 1:
			failed = append(failed, fmt.Sprintf(msgMountFailed, v.Name, errs[0]))
		default:
			failed = append(failed, fmt.Sprintf(msgMountFailed, v.Name, "["+strings.Join(errs, ", ")+"]"))
		}
	}
	return failed
}

// sourceError is why one ConfigMap or Secret source of a volume cannot be set up ("" when it can).
func (w *podWorker) sourceError(secret bool, name string, items []api.KeyToPath, opt bool) string {
	data, err := w.configSource(secret, name)
	if err != nil {
		return err.Error()
	}
	lower, _ := kindWords(secret)
	if data == nil {
		if opt {
			return ""
		}
		return fmt.Sprintf(msgNotFound, lower, name)
	}
	for _, it := range items {
		if _, ok := data[it.Key]; !ok && !opt {
			if secret {
				return fmt.Sprintf(msgSecretVolumeMissingKey, it.Key)
			}
			return fmt.Sprintf(msgVolumeMissingKey, it.Key)
		}
	}
	return ""
}

// waitForVolumes reports whether the pod's volumes are set up; if not it
// records FailedMount and tries again with the volume manager's back-off
// (500ms doubling up to 2m2s).
func (w *podWorker) waitForVolumes() bool {
	if w.mounted {
		return true
	}
	failed := w.mountVolumes()
	if len(failed) == 0 {
		w.mounted = true
		return true
	}
	for _, msg := range failed {
		w.event(nil, api.EventTypeWarning, ReasonFailedMount, msg)
	}
	w.k.podAction(w.pod, "waiting for volumes: "+failed[0])
	if w.mountRetry == 0 {
		w.mountRetry = mountRetryInitial
	} else {
		w.mountRetry = min(2*w.mountRetry, mountRetryMax)
	}
	w.markDirty()
	w.retryAt(w.now().Add(w.mountRetry))
	return false
}

// containerEnv resolves c's environment as the kubelet does: envFrom
// first, then env (values, fieldRef, configMapKeyRef, secretKeyRef). A
// missing reference that is not optional is an error (the container waits
// in CreateContainerConfigError).
func (w *podWorker) containerEnv(c *container) (map[string]string, error) {
	services := w.serviceEnv()
	env := map[string]string{}
	for _, from := range c.spec.EnvFrom {
		secret, name, opt := false, "", false
		switch {
		case from.ConfigMapRef != nil:
			name, opt = from.ConfigMapRef.Name, optional(from.ConfigMapRef.Optional)
		case from.SecretRef != nil:
			secret, name, opt = true, from.SecretRef.Name, optional(from.SecretRef.Optional)
		default:
			continue
		}
		data, err := w.configSource(secret, name)
		if err != nil {
			return nil, err
		}
		if data == nil {
			if opt {
				continue
			}
			lower, _ := kindWords(secret)
			return nil, &refError{fmt.Sprintf(msgNotFound, lower, name)}
		}
		keys := make([]string, 0, len(data))
		for k := range data {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			env[from.Prefix+k] = data[k]
		}
	}
	for _, e := range c.spec.Env {
		if e.Value != "" || e.ValueFrom == nil {
			// $(VAR) names a variable declared before it, or a Service's.
			env[e.Name] = expandVars(e.Value, lookupIn(env, services))
			continue
		}
		vf := e.ValueFrom
		var secret bool
		var name, key string
		var opt bool
		switch {
		case vf.FieldRef != nil:
			env[e.Name] = w.fieldValue(vf.FieldRef.FieldPath)
			continue
		case vf.ResourceFieldRef != nil:
			v, err := w.resourceFieldValue(c.spec, vf.ResourceFieldRef)
			if err != nil {
				return nil, err
			}
			env[e.Name] = v
			continue
		case vf.FileKeyRef != nil:
			// KEY=VALUE lines an init container wrote to an emptyDir file
			// (the EnvFiles feature). A missing file or key leaves the
			// variable unset here (the kubelet's error for it is not modelled).
			if v, ok := envFileValue(w.emptyDirs[vf.FileKeyRef.VolumeName][strings.Trim(vf.FileKeyRef.Path, "/")], vf.FileKeyRef.Key); ok {
				env[e.Name] = v
			}
			continue
		case vf.ConfigMapKeyRef != nil:
			name, key, opt = vf.ConfigMapKeyRef.Name, vf.ConfigMapKeyRef.Key, optional(vf.ConfigMapKeyRef.Optional)
		case vf.SecretKeyRef != nil:
			secret, name, key, opt = true, vf.SecretKeyRef.Name, vf.SecretKeyRef.Key, optional(vf.SecretKeyRef.Optional)
		default:
			env[e.Name] = "(from " + e.Name + ")"
			continue
		}
		data, err := w.configSource(secret, name)
		if err != nil {
			return nil, err
		}
		lower, title := kindWords(secret)
		if data == nil {
			if opt {
				continue
			}
			return nil, &refError{fmt.Sprintf(msgNotFound, lower, name)}
		}
		v, ok := data[key]
		if !ok {
			if opt {
				continue
			}
			return nil, &refError{fmt.Sprintf(msgMissingKey, key, title, w.pod.Namespace, name)}
		}
		env[e.Name] = v
	}
	// The Services' variables, unless the container names them itself.
	for k, v := range services {
		if _, ok := env[k]; !ok {
			env[k] = v
		}
	}
	return env, nil
}

// fieldValue is the downward API's value of a fieldRef.
func (w *podWorker) fieldValue(path string) string {
	p := w.pod
	switch path {
	case "metadata.name":
		return p.Name
	case "metadata.namespace":
		return p.Namespace
	case "metadata.uid":
		return p.UID
	case "spec.nodeName":
		return w.k.cfg.Name
	case "spec.serviceAccountName":
		return p.Spec.ServiceAccountName
	case "status.podIP", "status.podIPs":
		return w.ip
	case "status.hostIP", "status.hostIPs":
		return w.k.cfg.InternalIP
	}
	for prefix, m := range map[string]map[string]string{"metadata.labels": p.Labels, "metadata.annotations": p.Annotations} {
		if rest, ok := strings.CutPrefix(path, prefix+"['"); ok {
			return m[strings.TrimSuffix(rest, "']")]
		}
	}
	return ""
}

// pullSecretsFound reads the pod's imagePullSecrets: it records the
// kubelet's warning for those that are missing and reports whether any
// was found (credentials for the pull).
func (w *podWorker) pullSecretsFound() bool {
	found := false
	var missing []string
	for _, ref := range w.pod.Spec.ImagePullSecrets {
		if s, err := w.secret(ref.Name); s != nil && err == nil {
			found = true
		} else {
			missing = append(missing, ref.Name)
		}
	}
	if len(missing) > 0 {
		w.event(nil, api.EventTypeWarning, ReasonFailedPullSecret, fmt.Sprintf(msgPullSecretsMissing, strings.Join(missing, ", ")))
	}
	return found
}

// envFileValue is key's value in the lines of an env file (KEY=VALUE, the
// value possibly quoted).
func envFileValue(lines []string, key string) (string, bool) {
	for _, l := range lines {
		k, v, ok := strings.Cut(strings.TrimSpace(l), "=")
		if !ok || strings.TrimSpace(k) != key {
			continue
		}
		v = strings.TrimSpace(v)
		if len(v) >= 2 && (v[0] == '\'' || v[0] == '"') && v[len(v)-1] == v[0] {
			v = v[1 : len(v)-1]
		}
		return v, true
	}
	return "", false
}
