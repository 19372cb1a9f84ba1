package api

import "strconv"

// decimal is an exact non-negative integer of any size, as its decimal digits:
// ASCII, most significant first, no leading zeros (the empty decimal is 0).
// Quantity's arithmetic beyond int64 (parsing long numbers and binary
// suffixes, adding values of different scales, printing binary suffixes)
// runs on it exactly, without math/big (200 KB of the wasm).
type decimal []byte

// decimalOf is the decimal of a string of digits (leading zeros allowed).
func decimalOf(digits string) decimal {
	for len(digits) > 0 && digits[0] == '0' {
		digits = digits[1:]
	}
	return decimal(digits)
}

// decimalOfInt is |v| (math.MinInt64 included).
func decimalOfInt(v int64) decimal {
	if v == 0 {
		return nil
	}
	u := uint64(v)
	if v < 0 {
		u = -u
	}
	return strconv.AppendUint(nil, u, 10)
}

func (d decimal) isZero() bool { return len(d) == 0 }

// String is d in base 10 ("0" for zero).
func (d decimal) String() string {
	if d.isZero() {
		return "0"
	}
	return string(d)
}

// cmp returns -1, 0 or 1 as d is less than, equal to or greater than e.
func (d decimal) cmp(e decimal) int {
	if len(d) != len(e) {
		return cmpInt(int64(len(d)), int64(len(e)))
	}
	for i := range d {
		if d[i] != e[i] {
			return cmpInt(int64(d[i]), int64(e[i]))
		}
	}
	return 0
}

// cmpScaled compares d×10^ds with e×10^es without writing out the zeros:
// scales may be far apart.
func cmpScaled(d decimal, ds int64, e decimal, es int64) int {
	switch {
	case d.isZero() || e.isZero():
		return cmpInt(int64(len(d)), int64(len(e)))
	case int64(len(d))+ds != int64(len(e))+es:
		return cmpInt(int64(len(d))+ds, int64(len(e))+es)
	}
	// Same number of digits: compare them, the shorter padded with zeros.
	for i := 0; i < max(len(d), len(e)); i++ {
		a, b := byte('0'), byte('0')
		if i < len(d) {
			a = d[i]
		}
		if i < len(e) {
			b = e[i]
		}
		if a != b {
			return cmpInt(int64(a), int64(b))
		}
	}
	return 0
}

// shift is d×10^n (n ≥ 0).
func (d decimal) shift(n int) decimal {
	if d.isZero() {
		return d
	}
	out := make(decimal, len(d)+n)
	copy(out, d)
	for i := len(d); i < len(out); i++ {
		out[i] = '0'
	}
	return out
}

// trimZeros divides d by 10 for as long as it divides, and says how often.
func (d decimal) trimZeros() (decimal, int) {
	n := len(d)
	for n > 0 && d[n-1] == '0' {
		n--
	}
	return d[:n], len(d) - n
}

// ceilShift is d / 10^n rounded up (n > 0).
func (d decimal) ceilShift(n int64) decimal {
	if d.isZero() {
		return d
	}
	if n >= int64(len(d)) {
		return decimal("1")
	}
	q, rest := d[:int64(len(d))-n], d[int64(len(d))-n:]
	if r, _ := rest.trimZeros(); len(r) > 0 {
		return q.add(decimal("1"))
	}
	return q
}

// mul is d×m.
func (d decimal) mul(m uint64) decimal {
	if d.isZero() || m == 0 {
		return nil
	}
	out := make(decimal, len(d))
	var carry uint64
	for i := len(d) - 1; i >= 0; i-- {
		v := uint64(d[i]-'0')*m + carry
		out[i] = byte('0' + v%10)
		carry = v / 10
	}
	if carry == 0 {
		return out
	}
	return append(strconv.AppendUint(nil, carry, 10), out...)
}

// divMod is d / m and d % m (m > 0).
func (d decimal) divMod(m uint64) (decimal, uint64) {
	out := make(decimal, 0, len(d))
	var r uint64
	for _, c := range d {
		r = r*10 + uint64(c-'0')
		if q := r / m; q != 0 || len(out) > 0 {
			out = append(out, byte('0'+q))
		}
		r %= m
	}
	return out, r
}

// add is d+e.
func (d decimal) add(e decimal) decimal {
	if len(d) < len(e) {
		d, e = e, d
	}
	out := make(decimal, len(d)+1)
	carry := byte(0)
	for i := 1; i <= len(d); i++ {
		v := d[len(d)-i] - '0' + carry
		if i <= len(e) {
			v += e[len(e)-i] - '0'
		}
		out[len(out)-i] = '0' + v%10
		carry = v / 10
	}
	if carry == 0 {
		return out[1:]
	}
	out[0] = '1'
	return out
}

// sub is d-e, for d ≥ e.
func (d decimal) sub(e decimal) decimal {
	out := make(decimal, len(d))
	borrow := byte(0)
	for i := 1; i <= len(d); i++ {
		v := d[len(d)-i] - '0' + 10 - borrow
		if i <= len(e) {
			v -= e[len(e)-i] - '0'
		}
		out[len(out)-i] = '0' + v%10
		borrow = 1 - v/10
	}
	for len(out) > 0 && out[0] == '0' {
		out = out[1:]
	}
	return out
}

// int64 is d as an int64, if it fits.
func (d decimal) int64() (int64, bool) {
	if len(d) > 19 {
		return 0, false
	}
	v, err := strconv.ParseInt(d.String(), 10, 64)
	return v, err == nil
}
