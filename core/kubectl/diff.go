package kubectl

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

var diffFlags = []flagDef{
	{name: "filename", short: "f"},
	{name: "recursive", short: "R", isBool: true},
	{name: "server-side", isBool: true},
	{name: "force-conflicts", isBool: true},
	{name: "field-manager"},
	{name: "show-managed-fields", isBool: true},
	{name: "concurrency"},
	{name: "selector", short: "l"},
	{name: "prune", isBool: true},
}

// runDiff is kubectl diff -f: for each object, the live object and the
// object apply would make (a server dry run) are compared as YAML with
// `diff -u -N` over two temporary directories, and the diff printed.
// Exit code 1 when something differs, as diff's.
func runDiff(inv *invocation) error {
	if !inv.f.changed("filename") {
		return fmt.Errorf("must specify one of -f and -k")
	}
	docs, err := inv.readManifests(inv.f.all("filename"))
	if err != nil {
		return err
	}
	now := inv.sim().Now()
	live, merged := tmpDir("LIVE", now.UnixNano()), tmpDir("MERGED", now.UnixNano()+1)
	stamp := now.UTC().Format("2006-01-02 15:04:05.000000000 -0700")
	differ := false
	var errs []error
	for _, d := range docs {
		if d.err != nil {
			errs = append(errs, d.err)
			continue
		}
		ns := d.namespace(inv)
		cur, err := inv.get(d.info, ns, d.name())
		if err != nil && !api.IsNotFound(err) {
			errs = append(errs, err)
			continue
		}
		after, err := inv.dryRunApply(d, ns, cur)
		if err != nil {
			errs = append(errs, withSource("calculating diff for", d.source, err))
			continue
		}
		var a, b string
		if cur != nil {
			a = string(api.EncodeYAML(cur))
		}
		if after != nil {
			b = string(api.EncodeYAML(after))
		}
		if a == b {
			continue
		}
		differ = true
		group := d.info.Group
		if group != "" {
			group += "."
		}
		file := fmt.Sprintf("%s%s.%s.%s.%s", group, d.info.Version, d.info.Kind, ns, d.name())
		if ns == "" {
			file = fmt.Sprintf("%s%s.%s.%s", group, d.info.Version, d.info.Kind, d.name())
		}
		fmt.Fprintf(inv.out, "diff -u -N %s/%s %s/%s\n", live, file, merged, file)
		fmt.Fprintf(inv.out, "--- %s/%s\t%s\n", live, file, stamp)
		fmt.Fprintf(inv.out, "+++ %s/%s\t%s\n", merged, file, stamp)
		fmt.Fprint(inv.out, unifiedHunks(splitLines(a), splitLines(b), 3))
	}
	if len(errs) > 0 {
		return aggregate(errs)
	}
	if differ {
		return &exitError{code: 1}
	}
	return nil
}

// tmpDir is a directory name as os.MkdirTemp makes them, derived from the
// virtual time (deterministic).
func tmpDir(prefix string, seed int64) string {
	h := fnv.New32a()
	fmt.Fprintf(h, "%s%d", prefix, seed)
	return fmt.Sprintf("/tmp/%s-%d", prefix, h.Sum32())
}

// dryRunApply is what apply would make of d: a server dry run of the
// create or of the three-way patch.
func (inv *invocation) dryRunApply(d *doc, ns string, cur api.Object) (api.Object, error) {
	_, modified, err := modifiedConfiguration(d.raw, d.info, ns)
	if err != nil {
		return nil, err
	}
	if cur == nil {
		obj, err := decodeTyped(d.info, modified)
		if err != nil {
			return nil, err
		}
		return inv.do(&request.Request{Verb: "create", Group: d.info.Group, Resource: d.info.Resource, Namespace: ns, Body: obj, DryRun: true})
	}
	last := cur.GetObjectMeta().Annotations[LastAppliedAnnotation]
	modJSON, _ := json.Marshal(modified)
	patch, patchType, err := threeWayPatch(d.info, []byte(last), modJSON, api.EncodeJSON(cur))
	if err != nil {
		return nil, err
	}
	if string(patch) == "{}" {
		return cur, nil
	}
	return inv.do(&request.Request{Verb: "patch", Group: d.info.Group, Resource: d.info.Resource, Namespace: ns, Name: d.name(), Patch: patch, PatchType: patchType, DryRun: true})
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// unifiedHunks is diff -u's body: hunks of changes with ctx lines of
// context, from a longest common subsequence of the lines.
func unifiedHunks(a, b []string, ctx int) string {
	n, m := len(a), len(b)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type op struct {
		kind byte // ' ', '-', '+'
		text string
		ai   int // line index in a (for ' ' and '-'), in b for '+'
		bi   int
	}
	var ops []op
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			ops = append(ops, op{' ', a[i], i, j})
			i++
			j++
		case j < m && (i == n || lcs[i][j+1] > lcs[i+1][j]):
			ops = append(ops, op{'+', b[j], i, j})
			j++
		default:
			ops = append(ops, op{'-', a[i], i, j})
			i++
		}
	}
	var out strings.Builder
	for k := 0; k < len(ops); {
		if ops[k].kind == ' ' {
			k++
			continue
		}
		start := max(k-ctx, 0)
		end := k
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*ctx {
				end = min(end+ctx, len(ops))
				break
			}
			end = run
		}
		aStart, bStart := ops[start].ai, ops[start].bi
		aLen, bLen := 0, 0
		for _, o := range ops[start:end] {
			if o.kind != '+' {
				aLen++
			}
			if o.kind != '-' {
				bLen++
			}
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(aStart, aLen), hunkRange(bStart, bLen))
		for _, o := range ops[start:end] {
			out.WriteByte(o.kind)
			out.WriteString(o.text + "\n")
		}
		k = end
	}
	return out.String()
}

// hunkRange is diff's "start,len" (1-based; "start" alone for one line,
// start-1 for none).
func hunkRange(start, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", start)
	case 1:
		return fmt.Sprint(start + 1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}
