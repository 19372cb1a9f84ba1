package apiserver

// warn adds warnings to the response (warning.AddWarning): each text once.
// It is not inlined: the apiserver is built with inlining, and this is far
// from the hot path.
//
//go:noinline
func (ctx *reqCtx) warn(texts []string) {
	for _, t := range texts {
		dup := false
		for _, w := range ctx.req.Warnings {
			dup = dup || w == t
		}
		if !dup {
			ctx.req.Warnings = append(ctx.req.Warnings, t)
		}
	}
}
