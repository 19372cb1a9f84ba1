package cron

import (
	"testing"
	"time"
)

func TestNextActivations(t *testing.T) {
	base := time.Date(2026, 1, 5, 9, 0, 30, 0, time.UTC) // a Monday
	for _, tc := range []struct{ spec, want string }{
		{"* * * * *", "2026-01-05T09:01:00Z"},
		{"*/5 * * * *", "2026-01-05T09:05:00Z"},
		{"@hourly", "2026-01-05T10:00:00Z"},
		{"@daily", "2026-01-06T00:00:00Z"},
		{"@weekly", "2026-01-11T00:00:00Z"},
		{"@monthly", "2026-02-01T00:00:00Z"},
		{"@yearly", "2027-01-01T00:00:00Z"},
		{"30 8 * * 1-5", "2026-01-06T08:30:00Z"},
		{"0 0 13 * 5", "2026-01-09T00:00:00Z"},
		{"15 10 * jan,feb ?", "2026-01-05T10:15:00Z"},
	} {
		s, err := Parse(tc.spec)
		if err != nil {
			t.Fatalf("%s: %v", tc.spec, err)
		}
		if got := s.Next(base).Format(time.RFC3339); got != tc.want {
			t.Errorf("%s: next after %s = %s, want %s", tc.spec, base.Format(time.RFC3339), got, tc.want)
		}
	}
}

func TestParseErrorsUseRobfigWords(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"x", "expected exactly 5 fields, found 1: [x]"},
		{"@fortnightly", "unrecognized descriptor: @fortnightly"},
		{"70 * * * *", "end of range (70) above maximum (59): 70"},
		{"a * * * *", `failed to parse int from a: strconv.Atoi: parsing "a": invalid syntax`},
	} {
		if _, err := Parse(tc.spec); err == nil || err.Error() != tc.want {
			t.Errorf("Parse(%q) = %v, want %q", tc.spec, err, tc.want)
		}
	}
}
