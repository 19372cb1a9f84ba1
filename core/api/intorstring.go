package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// IntOrStringType says which half of an IntOrString is set (intstr.Type).
type IntOrStringType int64

// The two kinds of IntOrString.
const (
	Int    IntOrStringType = iota // IntVal is set
	String                        // StrVal is set
)

// IntOrString is intstr.IntOrString: a JSON number or string ("25%", "http").
type IntOrString struct {
	Type   IntOrStringType
	IntVal int32
	StrVal string
}

// FromInt32 returns an IntOrString holding an int.
func FromInt32(v int32) IntOrString { return IntOrString{Type: Int, IntVal: v} }

// FromString returns an IntOrString holding a string.
func FromString(v string) IntOrString { return IntOrString{Type: String, StrVal: v} }

// String returns the string form.
func (is *IntOrString) String() string {
	if is == nil {
		return "<nil>"
	}
	if is.Type == String {
		return is.StrVal
	}
	return strconv.Itoa(int(is.IntVal))
}

// IntValue returns the int, or the string parsed as an int (0 if it does not parse).
func (is *IntOrString) IntValue() int {
	if is.Type == String {
		i, _ := strconv.Atoi(is.StrVal)
		return i
	}
	return int(is.IntVal)
}

// MarshalJSON writes a number or a string.
func (is IntOrString) MarshalJSON() ([]byte, error) {
	if is.Type == String {
		return json.Marshal(is.StrVal)
	}
	return json.Marshal(is.IntVal)
}

// UnmarshalJSON reads a number or a string.
func (is *IntOrString) UnmarshalJSON(value []byte) error {
	if len(value) > 0 && value[0] == '"' {
		is.Type = String
		is.IntVal = 0
		return json.Unmarshal(value, &is.StrVal)
	}
	is.Type = Int
	is.StrVal = ""
	return json.Unmarshal(value, &is.IntVal)
}

// GetScaledValueFromIntOrPercent returns an int as is, or a percentage ("25%") of total, rounded up or down
// (intstr.GetScaledValueFromIntOrPercent, with its error texts).
func GetScaledValueFromIntOrPercent(intOrPercent *IntOrString, total int, roundUp bool) (int, error) {
	if intOrPercent == nil {
		return 0, errors.New("nil value for IntOrString")
	}
	value, isPercent, err := intOrPercentValue(intOrPercent)
	if err != nil {
		return 0, fmt.Errorf("invalid value for IntOrString: %v", err)
	}
	if isPercent {
		p := int64(value) * int64(total)
		v := p / 100
		if roundUp && p%100 > 0 {
			v++
		} else if !roundUp && p%100 < 0 {
			v--
		}
		value = int(v)
	}
	return value, nil
}

func intOrPercentValue(is *IntOrString) (int, bool, error) {
	switch is.Type {
	case Int:
		return is.IntValue(), false, nil
	case String:
		s, ok := strings.CutSuffix(is.StrVal, "%")
		if !ok {
			return 0, false, fmt.Errorf("invalid type: string is not a percentage")
		}
		v, err := strconv.Atoi(s)
		if err != nil {
			return 0, false, fmt.Errorf("invalid value %q: %v", is.StrVal, err)
		}
		return v, true, nil
	}
	return 0, false, fmt.Errorf("invalid type: neither int nor percentage")
}
