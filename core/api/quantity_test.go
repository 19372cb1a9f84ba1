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
