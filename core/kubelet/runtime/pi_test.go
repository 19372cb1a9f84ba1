package runtime

import (
	"math/big"
	"testing"
)

// piString's limbs give the digits that Machin's formula on math/big
// integers gives (the same truncations), for every precision up to 300 and
// at the default and largest ones.
func TestPiStringMatchesBigIntegers(t *testing.T) {
	want := func(n int) string {
		unity := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n+10)), nil)
		arctan := func(x int64) *big.Int {
			sum, term := new(big.Int), new(big.Int).Div(unity, big.NewInt(x))
			for k := int64(0); term.Sign() != 0; k++ {
				t := new(big.Int).Div(term, big.NewInt(2*k+1))
				if k%2 == 0 {
					sum.Add(sum, t)
				} else {
					sum.Sub(sum, t)
				}
				term.Div(term, big.NewInt(x*x))
			}
			return sum
		}
		pi := new(big.Int).Mul(big.NewInt(16), arctan(5))
		pi.Sub(pi, new(big.Int).Mul(big.NewInt(4), arctan(239)))
		pi.Div(pi, big.NewInt(1e9))
		pi.Div(pi.Add(pi, big.NewInt(5)), big.NewInt(10))
		s := pi.String()
		return s[:1] + "." + s[1:]
	}
	ns := []int{2000, 20000}
	for n := 1; n <= 300; n++ {
		ns = append(ns, n)
	}
	for _, n := range ns {
		if got := piString(n); got != want(n) {
			t.Fatalf("piString(%d) = %s, want %s", n, got, want(n))
		}
	}
}
