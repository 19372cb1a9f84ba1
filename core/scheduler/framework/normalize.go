package framework

// DefaultNormalizeScore rescales scores so the highest becomes maxPriority
// (plugins/helper/normalize_score.go). With reverse, the result is
// maxPriority minus that. If every score is 0, reverse turns them all into
// maxPriority and otherwise leaves them unchanged.
func DefaultNormalizeScore(maxPriority int64, reverse bool, scores []int64) {
	var maxCount int64
	for _, s := range scores {
		if s > maxCount {
			maxCount = s
		}
	}
	if maxCount == 0 {
		if reverse {
			for i := range scores {
				scores[i] = maxPriority
			}
		}
		return
	}
	for i, s := range scores {
		s = maxPriority * s / maxCount
		if reverse {
			s = maxPriority - s
		}
		scores[i] = s
	}
}
