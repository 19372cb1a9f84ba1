package scenario

// Describe returns what the expectation checks, in the words the transcript
// uses after ✓ or "expected" (the browser player lists them before a step
// runs).
func (e *Expect) Describe() string {
	if e == nil {
		return ""
	}
	c := newChecker(e)
	if c == nil {
		return ""
	}
	return c.describe()
}
