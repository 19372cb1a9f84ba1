package seam

import (
	"fmt"
	"strings"
)

// The scale-up workload of the browser budget "while 1,000 Pods scale up at
// 10x, no main-thread task lasts longer than 50 ms", shared by the page
// benchmark (site/e2e) and the seam's own benchmarks.

// ScaleUpNodes is a control-plane node and ten workers (room for 1,000 pods
// at 110 per node), as reset()'s nodes JSON.
func ScaleUpNodes() string {
	nodes := []string{`{"name":"demo-control-plane","controlPlane":true}`, `{"name":"demo-worker"}`}
	for i := 2; i <= 10; i++ {
		nodes = append(nodes, fmt.Sprintf(`{"name":"demo-worker%d"}`, i))
	}
	return "[" + strings.Join(nodes, ",") + "]"
}

// ScaleUpDeployment is the 1,000-replica nginx Deployment it applies.
const ScaleUpDeployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1000
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.27
`
