package runtime

import (
	"strconv"
	"strings"
)

// piString returns pi to n decimal places (perl -Mbignum=bpi -wle 'print bpi(n)'),
// by Machin's formula, pi = 16·arctan(1/5) − 4·arctan(1/239), on integers
// scaled by 10^(n+10) (each division truncating), then rounded to n places.
func piString(n int) string {
	const guard = 10
	size := (n+guard)/9 + 2 // limbs: room for 16·10^(n+guard)
	unity := make(limbs, size)
	unity[size-1-(n+guard)/9] = 1
	for range (n + guard) % 9 {
		unity[size-1-(n+guard)/9] *= 10
	}
	pi := unity.arctan(5)
	pi.mul(16)
	b := unity.arctan(239)
	b.mul(4)
	pi.sub(b, 0)
	pi = pi[:size-1] // ÷10^(guard-1): drop one limb
	pi.addSmall(5)   // then round the last digit away
	pi.div(10, 0)
	s := pi.String()
	return s[:1] + "." + s[1:]
}

// limbs is a non-negative integer in base 10^9, most significant limb first,
// of a fixed length: piString's arithmetic.
type limbs []uint32

const limbBase = 1_000_000_000

// arctan is u·arctan(1/x), the series summed with every term truncated:
// u/x − u/(3x³) + u/(5x⁵) − …
func (u limbs) arctan(x uint64) limbs {
	sum := make(limbs, len(u))
	term := append(limbs(nil), u...)
	term.div(x, 0)
	t := make(limbs, len(u))
	for k, from := uint64(0), 0; ; k++ {
		for from < len(term) && term[from] == 0 {
			from++
		}
		if from == len(term) {
			return sum
		}
		copy(t, term)
		t.div(2*k+1, from)
		if k%2 == 0 {
			sum.add(t, from)
		} else {
			sum.sub(t, from)
		}
		term.div(x*x, from)
	}
}

// div sets x to x/d rounded down; x's limbs before from are zero.
func (x limbs) div(d uint64, from int) {
	var r uint64
	for i := from; i < len(x); i++ {
		cur := r*limbBase + uint64(x[i])
		x[i], r = uint32(cur/d), cur%d
	}
}

// add adds y to x; y's limbs before from are zero.
func (x limbs) add(y limbs, from int) {
	var carry uint32
	for i := len(x) - 1; i >= 0 && (i >= from || carry != 0); i-- {
		v := x[i] + y[i] + carry
		x[i], carry = v%limbBase, v/limbBase
	}
}

// sub subtracts y ≤ x from x; y's limbs before from are zero.
func (x limbs) sub(y limbs, from int) {
	var borrow uint32
	for i := len(x) - 1; i >= 0 && (i >= from || borrow != 0); i-- {
		if sub := y[i] + borrow; x[i] >= sub {
			x[i], borrow = x[i]-sub, 0
		} else {
			x[i], borrow = x[i]+limbBase-sub, 1
		}
	}
}

// mul multiplies x by a small m.
func (x limbs) mul(m uint64) {
	var carry uint64
	for i := len(x) - 1; i >= 0; i-- {
		v := uint64(x[i])*m + carry
		x[i], carry = uint32(v%limbBase), v/limbBase
	}
}

// addSmall adds a small v to x.
func (x limbs) addSmall(v uint32) {
	for i := len(x) - 1; i >= 0 && v != 0; i-- {
		s := x[i] + v
		x[i], v = s%limbBase, s/limbBase
	}
}

// String is x in base 10, without leading zeros.
func (x limbs) String() string {
	var b strings.Builder
	for _, l := range x {
		if b.Len() == 0 {
			if l != 0 {
				b.WriteString(strconv.FormatUint(uint64(l), 10))
			}
			continue
		}
		d := strconv.FormatUint(uint64(l), 10)
		b.WriteString(strings.Repeat("0", 9-len(d)))
		b.WriteString(d)
	}
	return b.String()
}
