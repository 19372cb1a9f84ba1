package kubectl

import (
	"fmt"
	"strconv"
	"strings"

	"kubeplay/core/api"
)

var autoscaleFlags = []flagDef{
	{name: "min", def: "-1"},
	{name: "max", def: "-1"},
	{name: "cpu-percent", def: "-1"},
	{name: "cpu"},
	{name: "memory"},
	{name: "name"},
	{name: "filename", short: "f"},
	{name: "recursive", short: "R", isBool: true},
	dryRunFlag,
	{name: "output", short: "o"},
	{name: "field-manager"},
	{name: "save-config", isBool: true},
	{name: "record", isBool: true},
}

// runAutoscale is kubectl autoscale (TYPE NAME | TYPE/NAME | -f FILE)
// --max=N [--min=N] [--cpu=70%|500m] [--memory=60%|200Mi]: an
// autoscaling/v2 HorizontalPodAutoscaler for a workload with a scale
// subresource, printed as "horizontalpodautoscaler.autoscaling/NAME
// autoscaled". --cpu-percent still works, with cobra's deprecation notice.
func runAutoscale(inv *invocation) error {
	f := inv.f
	if !f.changed("max") {
		return fmt.Errorf("required flag(s) \"max\" not set")
	}
	if f.changed("cpu-percent") {
		fmt.Fprintln(inv.errOut, "Flag --cpu-percent has been deprecated, Use --cpu with percentage or resource quantity format (e.g., '70%' for utilization or '500m' for milliCPU).")
	}
	lo, err1 := f.integer("min")
	hi, err2 := f.integer("max")
	pct, err3 := f.integer("cpu-percent")
	for _, err := range []error{err1, err2, err3} {
		if err != nil {
			return err
		}
	}
	if hi < 1 {
		return fmt.Errorf("--max=MAXPODS is required and must be at least 1, max: %d", hi)
	}
	if hi < lo {
		return fmt.Errorf("--max=MAXPODS must be larger or equal to --min=MINPODS, max: %d, min: %d", hi, lo)
	}
	if pct > 0 && f.str("cpu") != "" {
		return fmt.Errorf("--cpu-percent and --cpu are mutually exclusive")
	}
	var metrics []api.MetricSpec
	if pct > 0 {
		p := int32(pct)
		metrics = append(metrics, resourceMetric("cpu", api.MetricTarget{Type: "Utilization", AverageUtilization: &p}))
	}
	for _, res := range []string{"cpu", "memory"} {
		if v := f.str(res); v != "" {
			target, err := autoscaleTarget(v, res)
			if err != nil {
				return err
			}
			metrics = append(metrics, resourceMetric(res, target))
		}
	}
	targets, errs, err := inv.objects(f.args, builderOpts{fetch: true})
	if err != nil {
		return err
	}
	info, _ := api.ResourceFor("horizontalpodautoscalers")
	count := 0
	for _, r := range targets {
		switch r.info.Resource {
		case "deployments", "replicasets", "statefulsets", "replicationcontrollers":
		default:
			gv := r.info.Group + "/" + r.info.Version
			return fmt.Errorf("cannot autoscale a %s: could not find scale subresource for %s, Resource=%s in discovery information", r.info.Kind, gv, r.info.Resource)
		}
		name := f.str("name")
		if name == "" {
			name = r.name
		}
		hpa := &api.HorizontalPodAutoscaler{
			ObjectMeta: api.ObjectMeta{Name: name, Namespace: inv.ns},
			Spec: api.HorizontalPodAutoscalerSpec{
				ScaleTargetRef: api.CrossVersionObjectReference{APIVersion: r.info.APIVersion(), Kind: r.info.Kind, Name: r.name},
				MaxReplicas:    int32(hi),
				Metrics:        metrics,
			},
		}
		if lo > 0 {
			m := int32(lo)
			hpa.Spec.MinReplicas = &m
		}
		hpa.TypeMeta = *info.New().GetTypeMeta()
		count++
		if inv.dry == "client" {
			// kubectl autoscale's client dry run says "created".
			if err := inv.printResult(info, hpa, "created"); err != nil {
				return err
			}
			continue
		}
		created, err := inv.create(info, inv.ns, hpa)
		if err != nil {
			return err
		}
		if err := inv.printResult(info, created, "autoscaled"); err != nil {
			return err
		}
	}
	if count == 0 && len(errs) == 0 {
		return fmt.Errorf("no objects passed to autoscale")
	}
	return aggregate(errs)
}

func resourceMetric(name string, t api.MetricTarget) api.MetricSpec {
	return api.MetricSpec{Type: "Resource", Resource: &api.ResourceMetricSource{Name: api.ResourceName(name), Target: t}}
}

// autoscaleTarget reads --cpu or --memory: "70%" is a utilization; a
// quantity ("500m", "200Mi") or a bare number (millicores, mebibytes) an
// average value.
func autoscaleTarget(v, res string) (api.MetricTarget, error) {
	v = strings.TrimSpace(v)
	if p, ok := strings.CutSuffix(v, "%"); ok {
		n, err := strconv.ParseInt(p, 10, 32)
		if err != nil || n < 0 {
			return api.MetricTarget{}, fmt.Errorf("invalid percentage value: %s", p)
		}
		u := int32(n)
		return api.MetricTarget{Type: "Utilization", AverageUtilization: &u}, nil
	}
	if n, err := strconv.ParseFloat(v, 64); err == nil {
		unit := "m"
		if res == "memory" {
			unit = "Mi"
		}
		v = strconv.FormatFloat(n, 'g', -1, 64) + unit
	}
	q, err := api.ParseQuantity(v)
	if err != nil {
		return api.MetricTarget{}, fmt.Errorf("invalid resource %s value: %s", res, v)
	}
	return api.MetricTarget{Type: "AverageValue", AverageValue: &q}, nil
}
