// Package statefulset plays kube-controller-manager's statefulset-controller
// (pkg/controller/statefulset): pods named <set>-<ordinal> with stable
// hostnames, one PersistentVolumeClaim per volumeClaimTemplate and pod
// (<template>-<set>-<ordinal>), created in order under OrderedReady (each
// waits for the previous one to be Running and Ready) or all at once under
// Parallel, scaled down from the highest ordinal, rolled from the highest
// ordinal down to the partition.
package statefulset
