// Package cron parses CronJob schedules as the CronJob controller does
// (robfig/cron's standard parser: five fields, names, ranges, steps, `?`,
// and the @yearly/@monthly/@weekly/@daily/@midnight/@hourly descriptors) and
// finds their activation times, in UTC.
package cron

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Schedule is a parsed schedule: one bit per allowed value of each field.
type Schedule struct {
	minute, hour, dom, month, dow uint64
	// every is set by "@every <duration>".
	every time.Duration
}

const starBit = 1 << 63

type bounds struct {
	min, max uint
	names    map[string]uint
}

var (
	minutes = bounds{0, 59, nil}
	hours   = bounds{0, 23, nil}
	doms    = bounds{1, 31, nil}
	months  = bounds{1, 12, map[string]uint{"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
		"jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12}}
	dows = bounds{0, 6, map[string]uint{"sun": 0, "mon": 1, "tue": 2, "wed": 3, "thu": 4, "fri": 5, "sat": 6}}
)

// Parse parses a standard schedule; its errors are robfig/cron's words.
func Parse(spec string) (*Schedule, error) {
	if spec == "" {
		return nil, fmt.Errorf("empty spec string")
	}
	if strings.HasPrefix(spec, "@") {
		return descriptor(spec)
	}
	fields := strings.Fields(spec)
	if len(fields) != 5 {
		return nil, fmt.Errorf("expected exactly 5 fields, found %d: %s", len(fields), fields)
	}
	s := &Schedule{}
	var err error
	for i, b := range []struct {
		dst *uint64
		b   bounds
	}{{&s.minute, minutes}, {&s.hour, hours}, {&s.dom, doms}, {&s.month, months}, {&s.dow, dows}} {
		if *b.dst, err = getField(fields[i], b.b); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func all(b bounds) uint64 { return bitRange(b.min, b.max, 1) | starBit }

func descriptor(d string) (*Schedule, error) {
	one := func(v uint) uint64 { return 1 << v }
	switch d {
	case "@yearly", "@annually":
		return &Schedule{minute: one(0), hour: one(0), dom: one(1), month: one(1), dow: all(dows)}, nil
	case "@monthly":
		return &Schedule{minute: one(0), hour: one(0), dom: one(1), month: all(months), dow: all(dows)}, nil
	case "@weekly":
		return &Schedule{minute: one(0), hour: one(0), dom: all(doms), month: all(months), dow: one(0)}, nil
	case "@daily", "@midnight":
		return &Schedule{minute: one(0), hour: one(0), dom: all(doms), month: all(months), dow: all(dows)}, nil
	case "@hourly":
		return &Schedule{minute: one(0), hour: all(hours), dom: all(doms), month: all(months), dow: all(dows)}, nil
	}
	if rest, ok := strings.CutPrefix(d, "@every "); ok {
		dur, err := time.ParseDuration(rest)
		if err != nil {
			return nil, fmt.Errorf("failed to parse duration %s: %s", d, err)
		}
		if dur < time.Second {
			dur = time.Second
		}
		return &Schedule{every: dur - time.Duration(dur.Nanoseconds())%time.Second}, nil
	}
	return nil, fmt.Errorf("unrecognized descriptor: %s", d)
}

func getField(field string, b bounds) (uint64, error) {
	var bits uint64
	for _, expr := range strings.Split(field, ",") {
		bit, err := getRange(expr, b)
		if err != nil {
			return bits, err
		}
		bits |= bit
	}
	return bits, nil
}

func getRange(expr string, b bounds) (uint64, error) {
	var start, end, step uint
	rangeAndStep := strings.Split(expr, "/")
	lowAndHigh := strings.Split(rangeAndStep[0], "-")
	singleDigit := len(lowAndHigh) == 1
	var err error
	var extra uint64
	if lowAndHigh[0] == "*" || lowAndHigh[0] == "?" {
		start, end, extra = b.min, b.max, starBit
	} else {
		if start, err = parseIntOrName(lowAndHigh[0], b.names); err != nil {
			return 0, err
		}
		switch len(lowAndHigh) {
		case 1:
			end = start
		case 2:
			if end, err = parseIntOrName(lowAndHigh[1], b.names); err != nil {
				return 0, err
			}
		default:
			return 0, fmt.Errorf("too many hyphens: %s", expr)
		}
	}
	switch len(rangeAndStep) {
	case 1:
		step = 1
	case 2:
		if step, err = mustParseInt(rangeAndStep[1]); err != nil {
			return 0, err
		}
		if singleDigit {
			end = b.max
		}
		if step > 1 {
			extra = 0
		}
	default:
		return 0, fmt.Errorf("too many slashes: %s", expr)
	}
	if start < b.min {
		return 0, fmt.Errorf("beginning of range (%d) below minimum (%d): %s", start, b.min, expr)
	}
	if end > b.max {
		return 0, fmt.Errorf("end of range (%d) above maximum (%d): %s", end, b.max, expr)
	}
	if start > end {
		return 0, fmt.Errorf("beginning of range (%d) beyond end of range (%d): %s", start, end, expr)
	}
	if step == 0 {
		return 0, fmt.Errorf("step of range should be a positive number: %s", expr)
	}
	return bitRange(start, end, step) | extra, nil
}

func parseIntOrName(expr string, names map[string]uint) (uint, error) {
	if names != nil {
		if v, ok := names[strings.ToLower(expr)]; ok {
			return v, nil
		}
	}
	return mustParseInt(expr)
}

func mustParseInt(expr string) (uint, error) {
	num, err := strconv.Atoi(expr)
	if err != nil {
		return 0, fmt.Errorf("failed to parse int from %s: %s", expr, err)
	}
	if num < 0 {
		return 0, fmt.Errorf("negative number (%d) not allowed: %s", num, expr)
	}
	return uint(num), nil
}

func bitRange(min, max, step uint) uint64 {
	var bits uint64
	if step == 1 {
		return ^(^uint64(0) << (max + 1)) & (^uint64(0) << min)
	}
	for i := min; i <= max; i += step {
		bits |= 1 << i
	}
	return bits
}

// Next returns the first activation strictly after t (zero if none within
// five years), in UTC.
func (s *Schedule) Next(t time.Time) time.Time {
	if s.every > 0 {
		return t.Add(s.every - time.Duration(t.Nanosecond())*time.Nanosecond)
	}
	t = t.UTC().Add(time.Minute - time.Duration(t.Second())*time.Second - time.Duration(t.Nanosecond()))
	yearLimit := t.Year() + 5
	added := false
wrap:
	if t.Year() > yearLimit {
		return time.Time{}
	}
	for 1<<uint(t.Month())&s.month == 0 {
		if !added {
			added = true
			t = time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
		}
		t = t.AddDate(0, 1, 0)
		if t.Month() == time.January {
			goto wrap
		}
	}
	for !s.dayMatches(t) {
		if !added {
			added = true
			t = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
		}
		t = t.AddDate(0, 0, 1)
		if t.Day() == 1 {
			goto wrap
		}
	}
	for 1<<uint(t.Hour())&s.hour == 0 {
		if !added {
			added = true
			t = t.Truncate(time.Hour)
		}
		t = t.Add(time.Hour)
		if t.Hour() == 0 {
			goto wrap
		}
	}
	for 1<<uint(t.Minute())&s.minute == 0 {
		if !added {
			added = true
			t = t.Truncate(time.Minute)
		}
		t = t.Add(time.Minute)
		if t.Minute() == 0 {
			goto wrap
		}
	}
	return t
}

func (s *Schedule) dayMatches(t time.Time) bool {
	domMatch := 1<<uint(t.Day())&s.dom > 0
	dowMatch := 1<<uint(t.Weekday())&s.dow > 0
	if s.dom&starBit > 0 || s.dow&starBit > 0 {
		return domMatch && dowMatch
	}
	return domMatch || dowMatch
}
