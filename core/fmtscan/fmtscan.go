// Package fmtscan reads one number at the start of a string exactly as
// fmt.Sscan and fmt.Sscanf read it, without fmt's scanner in the wasm (its
// code and what it pulls in weigh 90 KB). Like fmt, it skips white space
// first, stops at the first character that cannot continue the number and
// ignores the rest of the string.
package fmtscan

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// Int is fmt.Sscanf(s, "%d", &n) for base 10 or fmt.Sscanf(s, "%x", &n) for
// base 16, with n an int64: the number, and false where fmt returns an error.
func Int(s string, base int) (int64, bool) {
	digits := "0123456789"
	if base == 16 {
		digits = "0123456789aAbBcCdDeEfF"
	}
	sc := scanner{s: s}
	if !sc.skipSpace(false) {
		return 0, false
	}
	sc.accept("+-")
	if !sc.accept(digits) {
		return 0, false // "expected integer"
	}
	for sc.accept(digits) {
	}
	n, err := strconv.ParseInt(sc.token(), base, 64)
	return n, err == nil
}

// Float is fmt.Sscan(s, &f) (newlineIsSpace) or fmt.Sscanf(s, "%g", &f) (a
// newline before the number is an error), with f a float64: the number, and
// false where fmt returns an error.
func Float(s string, newlineIsSpace bool) (float64, bool) {
	sc := scanner{s: s}
	if !sc.skipSpace(newlineIsSpace) {
		return 0, false
	}
	return parseFloatToken(sc.floatToken())
}

// scanner is the input and the token read so far: s[start:pos].
type scanner struct {
	s          string
	start, pos int
}

// skipSpace skips white space as fmt does (a "\r\n" counts as a newline),
// then says whether anything is left: false at the end of s, or at a newline
// that is not space.
func (sc *scanner) skipSpace(newlineIsSpace bool) bool {
	for sc.pos < len(sc.s) {
		r, size := utf8.DecodeRuneInString(sc.s[sc.pos:])
		if r == '\r' && sc.pos+1 < len(sc.s) && sc.s[sc.pos+1] == '\n' {
			sc.pos++
			continue
		}
		if r == '\n' && !newlineIsSpace {
			return false // "unexpected newline"
		}
		if r != '\n' && !isSpace(r) {
			break
		}
		sc.pos += size
	}
	sc.start = sc.pos
	return sc.pos < len(sc.s)
}

// isSpace is fmt's white space: unicode.White_Space.
func isSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0x85, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000:
		return true
	}
	return 0x2000 <= r && r <= 0x200a
}

// accept takes the next byte into the token if it is one of set (all ASCII).
func (sc *scanner) accept(set string) bool {
	if sc.pos < len(sc.s) {
		for i := 0; i < len(set); i++ {
			if sc.s[sc.pos] == set[i] {
				sc.pos++
				return true
			}
		}
	}
	return false
}

func (sc *scanner) token() string { return sc.s[sc.start:sc.pos] }

// floatToken is the token fmt reads for a float: NaN, a signed Inf, or
// signed digits (hexadecimal after 0x) with underscores, a fraction and an
// exponent. A partial match stays in the token, as in fmt.
func (sc *scanner) floatToken() string {
	if sc.accept("nN") && sc.accept("aA") && sc.accept("nN") {
		return sc.token()
	}
	sc.accept("+-")
	if sc.accept("iI") && sc.accept("nN") && sc.accept("fF") {
		return sc.token()
	}
	digits, exp := "0123456789_", "eEpP"
	if sc.accept("0") && sc.accept("xX") {
		digits, exp = "0123456789aAbBcCdDeEfF_", "pP"
	}
	for sc.accept(digits) {
	}
	if sc.accept(".") {
		for sc.accept(digits) {
		}
	}
	if sc.accept(exp) {
		sc.accept("+-")
		for sc.accept("0123456789_") {
		}
	}
	return sc.token()
}

// parseFloatToken converts a float token as fmt does: strconv.ParseFloat,
// except that a decimal mantissa may take a binary exponent (1.5p3 is 12).
func parseFloatToken(tok string) (float64, bool) {
	hasX := false
	p := -1
	for i := 0; i < len(tok); i++ {
		switch tok[i] {
		case 'x', 'X':
			hasX = true
		case 'p':
			if p < 0 {
				p = i
			}
		}
	}
	if p >= 0 && !hasX {
		f, err := strconv.ParseFloat(tok[:p], 64)
		if err != nil {
			return 0, false
		}
		m, err := strconv.Atoi(tok[p+1:])
		if err != nil {
			return 0, false
		}
		return math.Ldexp(f, m), true
	}
	f, err := strconv.ParseFloat(tok, 64)
	return f, err == nil
}
