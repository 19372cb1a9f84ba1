package api

import (
	"encoding/json"
	"testing"
)

// Expected values were checked against k8s.io/apimachinery v0.35.0 resource.Quantity.
func TestParseQuantityPrintsAndMeasuresLikeKubernetes(t *testing.T) {
	tests := []struct {
		name, in, str string
		milli, value  int64
		format        Format
	}{
		{"millicores stay as written", "100m", "100m", 100, 1, DecimalSI},
		{"a half core prints in millicores", "0.5", "500m", 500, 1, DecimalSI},
		{"one and a half cores print in millicores", "1.5", "1500m", 1500, 2, DecimalSI},
		{"binary gibibytes stay as written", "2Gi", "2Gi", 2147483648000, 2147483648, BinarySI},
		{"1024Mi is canonicalised to 1Gi", "1024Mi", "1Gi", 1073741824000, 1073741824, BinarySI},
		{"512Mi stays 512Mi", "512Mi", "512Mi", 536870912000, 536870912, BinarySI},
		{"fractional binary falls to the next unit", "1.5Gi", "1536Mi", 1610612736000, 1610612736, BinarySI},
		{"an exponent stays an exponent", "1e3", "1e3", 1000000, 1000, DecimalExponent},
		{"an uncanonical exponent is normalised", "10e2", "1e3", 1000000, 1000, DecimalExponent},
		{"a plain integer stays", "4", "4", 4000, 4, DecimalSI},
		{"a thousand prints as 1k", "1000", "1k", 1000000, 1000, DecimalSI},
		{"1500 stays 1500", "1500", "1500", 1500000, 1500, DecimalSI},
		{"values below a nano round up", "0.5n", "1n", 1, 1, DecimalSI},
		{"negative millis", "-100m", "-100m", -100, -1, DecimalSI},
		{"a tiny fraction rounds MilliValue up", "0.0001", "100u", 1, 1, DecimalSI},
		{"zero", "0", "0", 0, 0, DecimalSI},
		{"a binary value below 1Ki prints decimal", "0.5Ki", "512", 512000, 512, BinarySI},
		{"a leading plus is kept as written", "+5", "+5", 5000, 5, DecimalSI},
		{"a leading dot is accepted", ".5", "500m", 500, 1, DecimalSI},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := ParseQuantity(tt.in)
			if err != nil {
				t.Fatalf("ParseQuantity(%q): %v", tt.in, err)
			}
			if got := q.String(); got != tt.str {
				t.Errorf("String() = %q, want %q", got, tt.str)
			}
			if got := q.MilliValue(); got != tt.milli {
				t.Errorf("MilliValue() = %d, want %d", got, tt.milli)
			}
			if got := q.Value(); got != tt.value {
				t.Errorf("Value() = %d, want %d", got, tt.value)
			}
			if q.Format != tt.format {
				t.Errorf("Format = %s, want %s", q.Format, tt.format)
			}
		})
	}
}

func TestParseQuantityRejectsWhatKubernetesRejects(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"empty", "", ErrFormatWrong.Error()},
		{"letters", "x", ErrFormatWrong.Error()},
		{"unknown suffix", "1Z", ErrFormatWrong.Error()},
		{"two dots", "1.2.3", ErrFormatWrong.Error()},
		{"dangling exponent", "1e", ErrSuffix.Error()},
		{"trailing space", "1 ", ErrFormatWrong.Error()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseQuantity(tt.in)
			if err == nil || err.Error() != tt.want {
				t.Errorf("ParseQuantity(%q) error = %v, want %q", tt.in, err, tt.want)
			}
		})
	}
}

func TestQuantityArithmeticAndComparison(t *testing.T) {
	tests := []struct {
		name, a, b, sum, diff string
		cmp                   int
	}{
		{"millicores add up", "100m", "1", "1100m", "-900m", -1},
		{"binary values add in binary", "1Gi", "512Mi", "1536Mi", "512Mi", 1},
		{"mixed formats keep the left format", "1Gi", "100m", "1073741824100m", "1073741823900m", 1},
		{"equal values compare equal", "1", "1000m", "2", "0", 0},
		{"adding to zero takes the other format", "0", "1Gi", "1Gi", "-1Gi", -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := MustParse(tt.a), MustParse(tt.b)
			if got := a.Cmp(b); got != tt.cmp {
				t.Errorf("Cmp = %d, want %d", got, tt.cmp)
			}
			s := a
			s.Add(b)
			if s.String() != tt.sum {
				t.Errorf("Add = %s, want %s", s.String(), tt.sum)
			}
			d := a
			d.Sub(b)
			if d.String() != tt.diff {
				t.Errorf("Sub = %s, want %s", d.String(), tt.diff)
			}
		})
	}
}

func TestNewQuantityPrintsCanonically(t *testing.T) {
	tests := []struct {
		name string
		q    *Quantity
		want string
	}{
		{"1024 bytes are 1Ki", NewQuantity(1024, BinarySI), "1Ki"},
		{"small binary values print in decimal", NewQuantity(1000, BinarySI), "1k"},
		{"4Gi of memory", NewQuantity(4<<30, BinarySI), "4Gi"},
		{"500 millicores", NewMilliQuantity(500, DecimalSI), "500m"},
		{"2000 millicores are 2", NewMilliQuantity(2000, DecimalSI), "2"},
		{"110 pods", NewQuantity(110, DecimalSI), "110"},
		{"zero", NewQuantity(0, DecimalSI), "0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.q.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestQuantityJSONAcceptsStringsAndNumbers(t *testing.T) {
	var rl ResourceList
	if err := json.Unmarshal([]byte(`{"cpu":"250m","memory":"64Mi","pods":110,"x":1.5}`), &rl); err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(rl)
	if want := `{"cpu":"250m","memory":"64Mi","pods":"110","x":"1500m"}`; string(got) != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestIntOrStringScalesPercentagesLikeApimachinery(t *testing.T) {
	tests := []struct {
		name    string
		v       IntOrString
		total   int
		roundUp bool
		want    int
		err     string
	}{
		{"an int is returned as is", FromInt32(3), 10, true, 3, ""},
		{"25% of 10 rounds up to 3", FromString("25%"), 10, true, 3, ""},
		{"25% of 10 rounds down to 2", FromString("25%"), 10, false, 2, ""},
		{"a string without % is rejected", FromString("25"), 10, true, 0, "invalid value for IntOrString: invalid type: string is not a percentage"},
		{"a bad percentage is rejected", FromString("x%"), 10, true, 0, `invalid value for IntOrString: invalid value "x%": strconv.Atoi: parsing "x": invalid syntax`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := GetScaledValueFromIntOrPercent(&tt.v, tt.total, tt.roundUp)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("got %d, %v; want %d", got, err, tt.want)
			}
		})
	}
	var v struct{ A, B IntOrString }
	if err := json.Unmarshal([]byte(`{"A":1,"B":"25%"}`), &v); err != nil || v.A != FromInt32(1) || v.B != FromString("25%") {
		t.Errorf("unmarshal = %+v, %v", v, err)
	}
}

// Values beyond int64, far-apart scales and sub-nano fractions: exact
// arithmetic on decimals, no math/big. Expected values are what the
// math/big implementation printed (k8s.io/apimachinery keeps such values
// exact with inf.Dec; kubeplay clamps the unscaled part to ±MaxInt64).
func TestQuantityEdgesBeyondInt64(t *testing.T) {
	tests := []struct {
		in, str      string
		milli, value int64
		format       Format
	}{
		{"1E+18", "1E+18", 9223372036854775807, 1000000000000000000, DecimalExponent},
		{"12Ei", "9223372036854775807", 9223372036854775807, 9223372036854775807, BinarySI},
		{"8Ei", "9223372036854775807", 9223372036854775807, 9223372036854775807, BinarySI},
		{"7Ei", "7Ei", 9223372036854775807, 8070450532247928832, BinarySI},
		{"0.1m", "100u", 1, 1, DecimalSI},
		{"0.0001", "100u", 1, 1, DecimalSI},
		{"1.5Gi", "1536Mi", 1610612736000, 1610612736, BinarySI},
		{"100Mi", "100Mi", 104857600000, 104857600, BinarySI},
		{"1000Ki", "1000Ki", 1024000000, 1024000, BinarySI},
		{"0.0009765625Ki", "1", 1000, 1, BinarySI},
		{"-1", "-1", -1000, -1, DecimalSI},
		{"123456789012345678901234567890", "9223372036854775807", 9223372036854775807, 9223372036854775807, DecimalSI},
		{"-123456789012345678901234567890", "-9223372036854775807", -9223372036854775808, -9223372036854775807, DecimalSI},
		{"9223372036854775808", "9223372036854775807", 9223372036854775807, 9223372036854775807, DecimalSI},
		{"-0.5n", "-1n", -1, -1, DecimalSI},
		{"1e-100", "1e-9", 1, 1, DecimalExponent},
		{"1.0000000001", "1000000001n", 1001, 2, DecimalSI},
		{"1.5e-2", "1.5e-2", 15, 1, DecimalExponent},
	}
	for _, tt := range tests {
		q, err := ParseQuantity(tt.in)
		if err != nil {
			t.Fatalf("ParseQuantity(%q): %v", tt.in, err)
		}
		if q.String() != tt.str || q.MilliValue() != tt.milli || q.Value() != tt.value || q.Format != tt.format {
			t.Errorf("%q: String %q MilliValue %d Value %d Format %s; want %q %d %d %s",
				tt.in, q.String(), q.MilliValue(), q.Value(), q.Format, tt.str, tt.milli, tt.value, tt.format)
		}
	}
	sums := []struct {
		a, b, sum, diff string
		cmp             int
	}{
		{"1e30", "1", "9223372036854775807", "9223372036854775807", 1},
		{"1", "1e30", "9223372036854775807", "-9223372036854775807", -1},
		{"-1e30", "1", "-9223372036854775807", "-9223372036854775807", -1},
		{"1e20", "1e-9", "9223372036854775807", "9223372036854775807", 1},
		{"1000Ki", "9e18", "8789062500001000Ki", "-8789062499999000Ki", -1},
		{"9223372036854775807", "1", "9223372036854775807", "9223372036854775806", 1},
		{"-9223372036854775807", "-1m", "-9223372036854775807", "-9223372036854775807", -1},
		{"1Ei", "1Ei", "2Ei", "0", 0},
		{"1e18", "1e18", "2e18", "0", 0},
		{"123456789012345678901234567890", "123456789012345678901234567891", "9223372036854775807", "0", 0},
		{"1k", "-999", "1", "1999", 1},
		{"100Mi", "1.5Gi", "1636Mi", "-1436Mi", -1},
		{"0.1m", "1n", "100001n", "99999n", 1},
	}
	for _, tt := range sums {
		a, b := MustParse(tt.a), MustParse(tt.b)
		s, d := a, a
		s.Add(b)
		d.Sub(b)
		if s.String() != tt.sum || d.String() != tt.diff || a.Cmp(b) != tt.cmp {
			t.Errorf("%s, %s: sum %s diff %s cmp %d; want %s %s %d", tt.a, tt.b, s.String(), d.String(), a.Cmp(b), tt.sum, tt.diff, tt.cmp)
		}
	}
	// A binary value past MaxInt64 at a positive scale prints every digit.
	q := MustParse("1000Ki")
	q.Add(MustParse("9e18"))
	q.Add(MustParse("1000Ki"))
	if got := q.String(); got != "8789062500002000Ki" {
		t.Errorf("1000Ki + 9e18 + 1000Ki = %s, want 8789062500002000Ki", got)
	}
}
