// Package strategicpatch is apimachinery's util/strategicpatch: the
// strategic merge patch that kube-apiserver applies for
// application/strategic-merge-patch+json and the three-way patch that
// kubectl apply computes from the last-applied configuration, the file and
// the live object.
//
// Lists are merged the way the Kubernetes API types declare with their
// patchStrategy/patchMergeKey tags (containers by name, ports by
// containerPort, env by name...); the table lives in schema.go. Every other
// list is atomic and replaced whole. A null value deletes a field.
// Supported directives: "$patch": "delete" and "replace" on list elements
// and maps, "$deleteFromPrimitiveList/<field>", "$setElementOrder/<field>"
// and "$retainKeys".
package strategicpatch
