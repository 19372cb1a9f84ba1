package quota

import "kubeplay/core/api"

// AddInto adds every quantity of src to dst (quota.Add, in place).
func AddInto(dst, src api.ResourceList) {
	for k, v := range src {
		cur, ok := dst[k]
		if !ok {
			dst[k] = v
			continue
		}
		cur.Add(v)
		dst[k] = cur
	}
}

// MaxInto raises every quantity of dst to src's when src's is larger
// (quota.Max, in place).
func MaxInto(dst, src api.ResourceList) {
	for k, v := range src {
		if cur, ok := dst[k]; !ok || cur.Cmp(v) < 0 {
			dst[k] = v
		}
	}
}

// Equals compares resource lists by value (quota.Equals).
func Equals(a, b api.ResourceList) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		w, ok := b[k]
		if !ok || v.Cmp(w) != 0 {
			return false
		}
	}
	return true
}
