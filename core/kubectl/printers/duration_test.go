package printers

import (
	"testing"
	"time"
)

func TestHumanDurationFollowsApimachineryRules(t *testing.T) {
	const day, year = 24 * time.Hour, 365 * 24 * time.Hour
	tests := []struct {
		name string
		d    time.Duration
		want string
	}{
		{"more than a second in the future is invalid", -2 * time.Second, "<invalid>"},
		{"a clock skew under two seconds reads as now", -1500 * time.Millisecond, "0s"},
		{"zero is 0s", 0, "0s"},
		{"seconds are shown up to two minutes", 119 * time.Second, "119s"},
		{"two minutes exactly drops the seconds", 2 * time.Minute, "2m"},
		{"under ten minutes keeps seconds", 9*time.Minute + 59*time.Second, "9m59s"},
		{"ten minutes shows minutes only", 10*time.Minute + 30*time.Second, "10m"},
		{"under three hours stays in minutes", 179 * time.Minute, "179m"},
		{"three hours exactly is hours", 3 * time.Hour, "3h"},
		{"under eight hours keeps minutes", 7*time.Hour + 59*time.Minute, "7h59m"},
		{"eight hours drops minutes", 8*time.Hour + 30*time.Minute, "8h"},
		{"under two days stays in hours", 47 * time.Hour, "47h"},
		{"two days exactly drops hours", 2 * day, "2d"},
		{"under eight days keeps hours", 7*day + 23*time.Hour, "7d23h"},
		{"eight days shows days only", 8*day + 5*time.Hour, "8d"},
		{"under two years stays in days", 2*year - day, "729d"},
		{"two years exactly drops days", 2 * year, "2y"},
		{"under eight years keeps days", 3*year + 10*day, "3y10d"},
		{"eight years and more are whole years", 9*year + 100*day, "9y"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := HumanDuration(tt.d); got != tt.want {
				t.Errorf("HumanDuration(%v) = %q, want %q", tt.d, got, tt.want)
			}
		})
	}
}

func TestSinceOfAZeroTimeIsUnknown(t *testing.T) {
	if got := Since(time.Time{}, time.Now()); got != "<unknown>" {
		t.Errorf("Since(zero) = %q, want <unknown>", got)
	}
}
