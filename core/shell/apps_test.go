package shell

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"kubeplay/core/cluster"
)

// TestWholeApplications applies the manifests of whole sample applications
// as learners deploy them (testdata/apps/<app>/, copied unchanged; see
// SOURCES.md there), each on a fresh default cluster, waits as they would
// (`kubectl wait --for=condition=available deployment --all`), and checks
// what kind shows: every Deployment READY n/n, and the Services and
// ServiceAccounts the manifests name.
func TestWholeApplications(t *testing.T) {
	apps := []struct {
		dir         string
		deployments []string
		services    []string
		accounts    []string
	}{
		{
			dir:         "voting-app",
			deployments: []string{"db", "redis", "result", "vote", "worker"},
			services:    []string{"db", "redis", "result", "vote"},
		},
		{
			dir: "online-boutique",
			deployments: []string{"adservice", "cartservice", "checkoutservice", "currencyservice", "emailservice",
				"frontend", "loadgenerator", "paymentservice", "productcatalogservice", "recommendationservice",
				"redis-cart", "shippingservice"},
			services: []string{"adservice", "cartservice", "checkoutservice", "currencyservice", "emailservice",
				"frontend", "frontend-external", "paymentservice", "productcatalogservice", "recommendationservice",
				"redis-cart", "shippingservice"},
			accounts: []string{"adservice", "cartservice", "checkoutservice", "currencyservice", "emailservice",
				"frontend", "loadgenerator", "paymentservice", "productcatalogservice", "recommendationservice",
				"shippingservice"},
		},
		{
			dir:         "bookinfo",
			deployments: []string{"details-v1", "productpage-v1", "ratings-v1", "reviews-v1", "reviews-v2", "reviews-v3"},
			services:    []string{"details", "productpage", "ratings", "reviews"},
			accounts:    []string{"bookinfo-details", "bookinfo-productpage", "bookinfo-ratings", "bookinfo-reviews"},
		},
	}
	for _, app := range apps {
		t.Run(app.dir, func(t *testing.T) {
			c := cluster.New(cluster.Default())
			var out bytes.Buffer
			sh := New(c, &out)
			c.SetOutput(&out)
			files, err := filepath.Glob(filepath.Join("testdata/apps", app.dir, "*.yaml"))
			if err != nil || len(files) == 0 {
				t.Fatalf("no manifests for %s: %v", app.dir, err)
			}
			sort.Strings(files)
			for _, f := range files {
				manifest, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				out.Reset()
				sh.Exec("kubectl apply -f - <<'EOF'") // quoted: the manifest as its file holds it
				for _, l := range strings.Split(strings.TrimRight(string(manifest), "\n"), "\n") {
					sh.Exec(l)
				}
				sh.Exec("EOF")
				for _, l := range strings.Split(out.String(), "\n") {
					if l != "" && !strings.HasPrefix(l, "> ") && !strings.HasPrefix(l, "$ ") && !strings.Contains(l, " created") {
						t.Errorf("kubectl apply -f %s: %s", filepath.Base(f), l)
					}
				}
			}
			out.Reset()
			sh.Exec("kubectl wait --for=condition=available deployment --all --timeout=300s")
			waited := out.String()

			out.Reset()
			sh.Exec("kubectl get deploy")
			deploys := out.String()
			ready := regexp.MustCompile(`(?m)^(\S+)\s+(\d+)/(\d+)\s`)
			seen := map[string]bool{}
			for _, m := range ready.FindAllStringSubmatch(deploys, -1) {
				seen[m[1]] = true
				if m[2] != m[3] || m[2] == "0" {
					t.Errorf("Deployment %s is READY %s/%s, want n/n as on kind", m[1], m[2], m[3])
				}
			}
			for _, d := range app.deployments {
				if !seen[d] {
					t.Errorf("no Deployment %s in `kubectl get deploy`", d)
				}
			}
			if len(seen) != len(app.deployments) {
				t.Errorf("`kubectl get deploy` lists %d Deployments, want %d", len(seen), len(app.deployments))
			}

			out.Reset()
			sh.Exec("kubectl get svc,sa")
			objs := out.String()
			for _, s := range app.services {
				if !regexp.MustCompile(`(?m)^service/` + regexp.QuoteMeta(s) + `\s`).MatchString(objs) {
					t.Errorf("no Service %s", s)
				}
			}
			for _, s := range app.accounts {
				if !regexp.MustCompile(`(?m)^serviceaccount/` + regexp.QuoteMeta(s) + `\s`).MatchString(objs) {
					t.Errorf("no ServiceAccount %s", s)
				}
			}
			if t.Failed() {
				out.Reset()
				sh.Exec("kubectl get pods -o wide")
				sh.Exec("kubectl get events --field-selector type=Warning")
				t.Logf("kubectl wait:\n%s\nkubectl get deploy:\n%s\nkubectl get svc,sa:\n%s\n%s", waited, deploys, objs, out.String())
			}
		})
	}
}
