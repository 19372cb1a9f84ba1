package fmtscan

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// checkAsFmt compares Int and Float on s with what fmt's scanner reads.
func checkAsFmt(t *testing.T, s string) {
	t.Helper()
	for _, c := range []struct {
		format string
		base   int
	}{{"%d", 10}, {"%x", 16}} {
		var want int64
		_, err := fmt.Sscanf(s, c.format, &want)
		got, ok := Int(s, c.base)
		if ok != (err == nil) || ok && got != want {
			t.Fatalf("Int(%q, %d) = %d, %v; fmt.Sscanf %s: %d, %v", s, c.base, got, ok, c.format, want, err)
		}
	}
	var f, g float64
	_, errf := fmt.Sscan(s, &f)
	_, errg := fmt.Sscanf(s, "%g", &g)
	for _, c := range []struct {
		nl   bool
		want float64
		err  error
		name string
	}{{true, f, errf, "fmt.Sscan"}, {false, g, errg, `fmt.Sscanf "%g"`}} {
		got, ok := Float(s, c.nl)
		same := got == c.want || math.IsNaN(got) && math.IsNaN(c.want)
		if ok != (c.err == nil) || ok && (!same || math.Signbit(got) != math.Signbit(c.want)) {
			t.Fatalf("Float(%q, %v) = %v, %v; %s: %v, %v", s, c.nl, got, ok, c.name, c.want, c.err)
		}
	}
}

func TestReadsAsFmt(t *testing.T) {
	for _, s := range []string{
		"", " ", "\n", "\r\n5", "\r5", "\n5", " \t5", "\u00a05", "\u20285", "\u200b5", "\xff5",
		"0", "5", "-5", "+5", "-", "+", "--5", "5 6", "5x", "1_000", "0x1f", "1f", "ff", "-1f", "9223372036854775807",
		"9223372036854775808", "-9223372036854775808", "7fffffffffffffff", "8000000000000000", "-8000000000000000",
		"1.5", ".5", "5.", ".", "1e3", "1E-3", "1e", "1e+", "1.5p3", "1p-2", "1P3", "0x1p4", "0x1.8p1", "0x10", "0x", "0X1P-2",
		"nan", "NaN", "nAn", "na", "inf", "-Inf", "+INF", "infinity", "info", "in", "i5", "n5", "1e400", "-1e400", "1e-400",
		"0x_1p0", "1__0", "_1", "1.5e3s", "90", "2m", "1.5h", "1e2\n", "٣", "5\u00a0",
	} {
		checkAsFmt(t, s)
	}
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{" ", "\t", "\n", "\r", "\v", "+", "-", ".", "_", "0", "1", "5", "9", "a", "f", "F", "e", "E",
		"p", "P", "x", "X", "n", "N", "i", "I", "\u00a0", "\u2028", "é", "\xff"}
	for range 200000 {
		s := ""
		for range r.IntN(10) {
			s += alphabet[r.IntN(len(alphabet))]
		}
		checkAsFmt(t, s)
	}
}

func FuzzReadsAsFmt(f *testing.F) {
	for _, s := range []string{"5", " -0x1.8p1", "1.5p3", "nan", "\r\n5", "1e400", "ff"} {
		f.Add(s)
	}
	f.Fuzz(checkAsFmt)
}
