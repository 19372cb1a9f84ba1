package kubelet

import (
	"encoding/hex"
	"fmt"

	"kubeplay/core/kubelet/images"
)

// containerID returns a deterministic containerd ID for one container instance.
func containerID(podUID, name string, instance int32) string {
	sum := images.Sum256(fmt.Sprintf("%s/%s/%d", podUID, name, instance))
	return "containerd://" + hex.EncodeToString(sum[:])
}

// uuidFrom returns a deterministic UUID-shaped string.
func uuidFrom(seed string) string {
	sum := images.Sum256(seed)
	h := hex.EncodeToString(sum[:16])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}
