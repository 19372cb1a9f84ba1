package api

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Format is resource.Format: how a Quantity prints its suffix.
type Format string

// The three formats of resource.Quantity.
const (
	DecimalExponent Format = "DecimalExponent" // 1e3
	BinarySI        Format = "BinarySI"        // 1Ki, 2Gi
	DecimalSI       Format = "DecimalSI"       // 100m, 1k, 5G
)

// The parse errors of resource.ParseQuantity, verbatim. (Its third,
// "unable to parse numeric part of quantity", cannot happen here: the
// numeric part is digits only by the time it is read.)
var (
	ErrFormatWrong = errors.New("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")
	ErrSuffix      = errors.New("unable to parse quantity's suffix")
)

// nanoScale is the finest scale a Quantity keeps: values are rounded up (away from zero) to 1n.
const nanoScale = -9

// Quantity is resource.Quantity: a fixed-point number with a suffix format.
//
// The value is unscaled × 10^scale with scale ≥ -9, stored in an int64 (values beyond ±2^63-1 of the unscaled
// part are clamped, which only affects absurd manifests). The zero Quantity is 0. A Quantity parsed from a
// string already in canonical form prints that string again, exactly as Kubernetes does.
type Quantity struct {
	unscaled int64
	scale    int32
	s        string // the canonical input string, when it was canonical
	Format   Format
}

// ParseQuantity parses "100m", "1.5", "2Gi", "200Mi", "1e3", "4" the way resource.ParseQuantity does.
func ParseQuantity(str string) (Quantity, error) {
	if len(str) == 0 {
		return Quantity{}, ErrFormatWrong
	}
	if str == "0" {
		return Quantity{Format: DecimalSI, s: str}, nil
	}
	positive, num, denom, suf, err := splitQuantity(str)
	if err != nil {
		return Quantity{}, err
	}
	base, exponent, format, ok := interpretSuffix(suf)
	if !ok {
		return Quantity{}, ErrSuffix
	}
	mant := decimalOf(num + denom)
	scale := -int32(len(denom))
	if base == 10 {
		scale += exponent
	} else {
		mant = mant.mul(1 << exponent)
	}
	// Round up (away from zero) to nano precision.
	if scale < nanoScale && !mant.isZero() {
		mant, scale = mant.ceilShift(int64(nanoScale)-int64(scale)), nanoScale
	}
	// A binary quantity strictly between 0 and 1 (in magnitude) is DecimalSI.
	if format == BinarySI && scale < 0 && !mant.isZero() && int64(len(mant)) <= -int64(scale) {
		format = DecimalSI
	}
	q := Quantity{Format: format}
	q.setDecimal(mant, scale, positive)
	if format == BinarySI && q.cmpInt64(math.MaxInt64) > 0 {
		q.unscaled, q.scale = math.MaxInt64, 0
	}
	if isCanonicalInput(format, num, denom, exponent, suf) {
		q.s = str
	}
	return q, nil
}

// isCanonicalInput mirrors resource.ParseQuantity's rule for reusing the input string.
func isCanonicalInput(format Format, num, denom string, exponent int32, suf string) bool {
	if format == BinarySI {
		if len(denom) != 0 || exponent%10 != 0 {
			return false
		}
		v, err := strconv.ParseInt(num, 10, 64)
		return err == nil && v&0x07 != 0 && len(num)+int(exponent)*3/10 < 15
	}
	shifted := num + denom
	scale := exponent - int32(len(denom))
	if len(shifted) > 18 || scale < nanoScale {
		return false
	}
	return scale%3 == 0 && !strings.HasSuffix(shifted, "000") && shifted[0] != '0'
}

// setDecimal stores ±mant×10^scale, moving trailing zeros into the scale and
// clamping to ±MaxInt64 (at scale 0).
func (q *Quantity) setDecimal(mant decimal, scale int32, positive bool) {
	mant, zeros := mant.trimZeros()
	if mant.isZero() {
		q.unscaled, q.scale = 0, 0
		return
	}
	if v, ok := mant.int64(); ok {
		q.unscaled, q.scale = v, scale+int32(zeros)
	} else {
		q.unscaled, q.scale = math.MaxInt64, 0
	}
	if !positive {
		q.unscaled = -q.unscaled
	}
}

// splitQuantity follows resource.parseQuantityString: sign, numerator, denominator, suffix.
func splitQuantity(str string) (positive bool, num, denom, suffix string, err error) {
	positive = true
	pos, end := 0, len(str)
	switch str[0] {
	case '-':
		positive = false
		pos++
	case '+':
		pos++
	}
	for pos < end && str[pos] == '0' {
		pos++
	}
	if pos >= end {
		return positive, "0", "", "", nil
	}
	start := pos
	for pos < end && isDigit(str[pos]) {
		pos++
	}
	num = str[start:pos]
	if num == "" {
		num = "0"
	}
	if pos < end && str[pos] == '.' {
		pos++
		start = pos
		for pos < end && isDigit(str[pos]) {
			pos++
		}
		denom = str[start:pos]
	}
	suffixStart := pos
	for pos < end && strings.IndexByte("eEinumkKMGTP", str[pos]) >= 0 {
		pos++
	}
	if pos < end && (str[pos] == '-' || str[pos] == '+') {
		pos++
	}
	for pos < end && isDigit(str[pos]) {
		pos++
	}
	if pos < end {
		return false, "", "", "", ErrFormatWrong
	}
	return positive, num, denom, str[suffixStart:], nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

var decimalSuffixes = map[string]int32{"n": -9, "u": -6, "m": -3, "": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}
var binarySuffixes = map[string]int32{"Ki": 10, "Mi": 20, "Gi": 30, "Ti": 40, "Pi": 50, "Ei": 60}

func interpretSuffix(s string) (base int, exponent int32, format Format, ok bool) {
	if e, ok := decimalSuffixes[s]; ok {
		return 10, e, DecimalSI, true
	}
	if e, ok := binarySuffixes[s]; ok {
		return 2, e, BinarySI, true
	}
	if len(s) > 1 && (s[0] == 'e' || s[0] == 'E') {
		e, err := strconv.ParseInt(s[1:], 10, 32)
		if err != nil {
			return 0, 0, "", false
		}
		return 10, int32(e), DecimalExponent, true
	}
	return 0, 0, "", false
}

// MustParse parses s or panics; for tests and literals.
func MustParse(s string) Quantity {
	q, err := ParseQuantity(s)
	if err != nil {
		panic(fmt.Errorf("cannot parse '%v': %v", s, err))
	}
	return q
}

// NewQuantity returns value in the given format ("1Ki" for 1024 BinarySI).
func NewQuantity(value int64, format Format) *Quantity {
	q := &Quantity{Format: format}
	q.setInt(value, 0)
	return q
}

// NewMilliQuantity returns value/1000 in the given format (NewMilliQuantity(500, DecimalSI) is "500m").
func NewMilliQuantity(value int64, format Format) *Quantity {
	q := &Quantity{Format: format}
	q.setInt(value, -3)
	return q
}

func (q *Quantity) setInt(v int64, scale int32) {
	q.s = ""
	if v == 0 {
		q.unscaled, q.scale = 0, 0
		return
	}
	for v%10 == 0 {
		v /= 10
		scale++
	}
	q.unscaled, q.scale = v, scale
}

// Set sets q to value (scale 0), keeping the format.
func (q *Quantity) Set(value int64) { q.setInt(value, 0) }

// SetMilli sets q to value/1000, keeping the format.
func (q *Quantity) SetMilli(value int64) { q.setInt(value, -3) }

// IsZero reports whether q is 0.
func (q *Quantity) IsZero() bool { return q.unscaled == 0 }

// Sign returns -1, 0 or 1.
func (q *Quantity) Sign() int {
	switch {
	case q.unscaled < 0:
		return -1
	case q.unscaled > 0:
		return 1
	}
	return 0
}

// ScaledValue returns ceil(q / 10^scale) rounded away from zero, saturating at ±MaxInt64.
func (q *Quantity) ScaledValue(scale int32) int64 {
	if q.unscaled == 0 {
		return 0
	}
	shift := q.scale - scale
	if shift >= 0 {
		v := q.unscaled
		for i := int32(0); i < shift; i++ {
			if v > math.MaxInt64/10 || v < math.MinInt64/10 {
				if q.unscaled > 0 {
					return math.MaxInt64
				}
				return math.MinInt64
			}
			v *= 10
		}
		return v
	}
	if -shift > 18 {
		if q.unscaled > 0 {
			return 1
		}
		return -1
	}
	div := int64(1)
	for i := int32(0); i < -shift; i++ {
		div *= 10
	}
	v, rem := q.unscaled/div, q.unscaled%div
	if rem > 0 {
		v++
	} else if rem < 0 {
		v--
	}
	return v
}

// Value returns the value rounded up (away from zero) to an integer.
func (q *Quantity) Value() int64 { return q.ScaledValue(0) }

// MilliValue returns the value × 1000 rounded up (away from zero).
func (q *Quantity) MilliValue() int64 { return q.ScaledValue(-3) }

// AsApproximateFloat64 returns the value as a float64.
func (q *Quantity) AsApproximateFloat64() float64 {
	return float64(q.unscaled) * math.Pow10(int(q.scale))
}

func (q *Quantity) cmpInt64(v int64) int {
	o := Quantity{}
	o.setInt(v, 0)
	return q.Cmp(o)
}

// Cmp returns -1, 0 or 1 as q is less than, equal to or greater than y.
func (q *Quantity) Cmp(y Quantity) int {
	if q.scale == y.scale {
		return cmpInt(q.unscaled, y.unscaled)
	}
	qs, ys := q.Sign(), y.Sign()
	if qs != ys || qs == 0 {
		return cmpInt(int64(qs), int64(ys))
	}
	return qs * cmpScaled(decimalOfInt(q.unscaled), int64(q.scale), decimalOfInt(y.unscaled), int64(y.scale))
}

// CmpInt64 compares q with an integer.
func (q *Quantity) CmpInt64(y int64) int { return q.cmpInt64(y) }

// Equal reports whether q and y hold the same value.
func (q Quantity) Equal(y Quantity) bool { return q.Cmp(y) == 0 }

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Add adds y to q. A zero q takes y's format.
func (q *Quantity) Add(y Quantity) { q.addSign(y, 1) }

// Sub subtracts y from q. A zero q takes y's format.
func (q *Quantity) Sub(y Quantity) { q.addSign(y, -1) }

func (q *Quantity) addSign(y Quantity, sign int64) {
	q.s = ""
	if q.unscaled == 0 {
		if q.Format == "" || y.unscaled != 0 {
			q.Format = y.Format
		}
	}
	if y.unscaled == 0 {
		return
	}
	if q.scale == y.scale {
		a, b := q.unscaled, sign*y.unscaled
		if s := a + b; (b > 0 && s > a) || (b < 0 && s < a) {
			q.setInt(s, q.scale)
			return
		}
	}
	q.addExact(y.unscaled < 0 != (sign < 0), decimalOfInt(y.unscaled), y.scale)
}

// addExact adds ±b×10^bs to q exactly, then stores the sum as setDecimal does
// (its trailing zeros in the scale, clamped to ±MaxInt64).
func (q *Quantity) addExact(bneg bool, b decimal, bs int32) {
	aneg, a, as := q.unscaled < 0, decimalOfInt(q.unscaled), q.scale
	if a.isZero() {
		q.setDecimal(b, bs, !bneg)
		return
	}
	// With both ends free of trailing zeros, scales 20 or more apart leave a
	// sum whose mantissa is the larger term's digits, then at least 20 more
	// ending in the smaller's last (non-zero) digit: too large for an int64.
	a, za := a.trimZeros()
	b, zb := b.trimZeros()
	ae, be := int64(as)+int64(za), int64(bs)+int64(zb)
	if ae-be >= 20 || be-ae >= 20 {
		q.unscaled, q.scale = math.MaxInt64, 0
		if ae < be && bneg || ae > be && aneg {
			q.unscaled = -math.MaxInt64
		}
		return
	}
	e := min(ae, be)
	a, b = a.shift(int(ae-e)), b.shift(int(be-e))
	scale := int32(e) // wraps as the scale of the sum always has
	switch {
	case aneg == bneg:
		q.setDecimal(a.add(b), scale, !aneg)
	case a.cmp(b) >= 0:
		q.setDecimal(a.sub(b), scale, !aneg)
	default:
		q.setDecimal(b.sub(a), scale, !bneg)
	}
}

// Neg negates q.
func (q *Quantity) Neg() {
	q.s = ""
	q.unscaled = -q.unscaled
}

// DeepCopy returns a copy of q (a Quantity holds no pointers).
func (q Quantity) DeepCopy() Quantity { return q }

// String returns the canonical form Kubernetes prints: "500m", "1Gi", "1536Mi", "2k", "1e3".
func (q *Quantity) String() string {
	if q == nil {
		return "<nil>"
	}
	if q.s != "" {
		return q.s
	}
	if q.unscaled == 0 {
		return "0"
	}
	format := q.Format
	switch format {
	case DecimalExponent, DecimalSI:
	case BinarySI:
		if q.cmpInt64(-1024) > 0 && q.cmpInt64(1024) < 0 || q.scale < 0 {
			format = DecimalSI
		}
	default:
		format = DecimalExponent
	}
	if format == BinarySI {
		// scale ≥ 0 here: a fraction prints in DecimalSI.
		v := decimalOfInt(q.unscaled).shift(int(q.scale))
		exp := 0
		for exp < 6 {
			d, r := v.divMod(1024)
			if r != 0 {
				break
			}
			v = d
			exp++
		}
		sign := ""
		if q.unscaled < 0 {
			sign = "-"
		}
		return sign + v.String() + []string{"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"}[exp]
	}
	// Decimal: make the exponent a multiple of 3.
	mant := q.unscaled
	exp := q.scale
	var digits string
	switch ((exp % 3) + 3) % 3 {
	case 0:
		digits = strconv.FormatInt(mant, 10)
	case 1:
		digits = strconv.FormatInt(mant, 10) + "0"
		exp--
	case 2:
		digits = strconv.FormatInt(mant, 10) + "00"
		exp -= 2
	}
	if format == DecimalExponent {
		if exp == 0 {
			return digits
		}
		return digits + "e" + strconv.Itoa(int(exp))
	}
	for suf, e := range decimalSuffixes {
		if e == exp {
			return digits + suf
		}
	}
	return digits + "e" + strconv.Itoa(int(exp))
}

// MarshalJSON writes the canonical string.
func (q Quantity) MarshalJSON() ([]byte, error) { return q.AppendJSON(make([]byte, 0, 16)), nil }

// AppendJSON appends q's JSON to b (see Time.AppendJSON).
func (q Quantity) AppendJSON(b []byte) []byte {
	b = append(b, '"')
	b = append(b, q.String()...)
	return append(b, '"')
}

// UnmarshalJSON accepts a JSON string ("100m") or number (4), as Kubernetes does.
func (q *Quantity) UnmarshalJSON(value []byte) error {
	s := string(value)
	if s == "null" {
		*q = Quantity{}
		return nil
	}
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		u, err := strconv.Unquote(s)
		if err != nil {
			return err
		}
		s = u
	}
	parsed, err := ParseQuantity(strings.TrimSpace(s))
	if err != nil {
		return err
	}
	*q = parsed
	return nil
}
