package kubelet

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

// containerID returns a deterministic containerd ID for one container instance.
func containerID(podUID, name string, instance int32) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("%s/%s/%d", podUID, name, instance)))
	return "containerd://" + hex.EncodeToString(sum[:])
}

// uuidFrom returns a deterministic UUID-shaped string.
func uuidFrom(seed string) string {
	sum := sha256.Sum256([]byte(seed))
	h := hex.EncodeToString(sum[:16])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}
