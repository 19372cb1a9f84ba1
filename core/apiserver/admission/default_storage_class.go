package admission

// DefaultStorageClassPluginName is the plugin's name.
const DefaultStorageClassPluginName = "DefaultStorageClass"

// DefaultStorageClass would give PersistentVolumeClaims the default
// StorageClass; kubeplay serves no PVCs, so it never acts.
type DefaultStorageClass struct{}

// Name implements Plugin.
func (*DefaultStorageClass) Name() string { return DefaultStorageClassPluginName }

// Admit implements Mutator: a no-op skip.
func (*DefaultStorageClass) Admit(a *Attributes, h Host) (bool, error) { return false, nil }
