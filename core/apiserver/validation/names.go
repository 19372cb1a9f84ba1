package validation

import (
	"fmt"
	"strings"

	"kubeplay/core/api/labels"
)

// The message texts below are apimachinery's pkg/util/validation and
// pkg/api/validate/content strings, verbatim (v0.35.0).

const (
	dns1123LabelFmt     = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
	dns1123LabelErrMsg  = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character"
	dns1123SubdomainFmt = dns1123LabelFmt + "(\\." + dns1123LabelFmt + ")*"
	dns1035LabelFmt     = "[a-z]([-a-z0-9]*[a-z0-9])?"
	dns1035LabelErrMsg  = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character"

	configMapKeyFmt    = `[-._a-zA-Z0-9]+`
	configMapKeyErrMsg = "a valid config key must consist of alphanumeric characters, '-', '_' or '.'"

	percentFmt    = "[0-9]+%"
	percentErrMsg = "a valid percent string must be a numeric string followed by an ending '%'"

	// DNS1123LabelMaxLength, DNS1123SubdomainMaxLength: name length limits.
	DNS1123LabelMaxLength     = 63
	DNS1123SubdomainMaxLength = 253

	// IsNegativeErrorMsg is apimachinery's "must be greater than or equal to 0".
	IsNegativeErrorMsg = "must be greater than or equal to 0"
	// FieldImmutableErrorMsg is apimachinery's "field is immutable".
	FieldImmutableErrorMsg = "field is immutable"
	isNotIntegerErrorMsg   = "must be an integer"
	isNotPositiveErrorMsg  = "must be greater than zero"
)

// RegexError is apimachinery's RegexError, including its double space
// before " or " when there are several examples (one copy, in labels).
func RegexError(msg, format string, examples ...string) string {
	return labels.RegexError(msg, format, examples...)
}

// MaxLenError is the name-length message ("characters").
func MaxLenError(n int) string { return labels.MaxLenError(n) }

// InclusiveRangeError is "must be between lo and hi, inclusive".
func InclusiveRangeError(lo, hi int) string {
	return fmt.Sprintf("must be between %d and %d, inclusive", lo, hi)
}

// IsDNS1123Label lists what is wrong with value as an RFC 1123 label.
func IsDNS1123Label(value string) []string {
	var errs []string
	if len(value) > DNS1123LabelMaxLength {
		errs = append(errs, MaxLenError(DNS1123LabelMaxLength))
	}
	if !labels.IsDNS1123LabelFormat(value) {
		if labels.IsDNS1123SubdomainFormat(value) {
			errs = append(errs, "must not contain dots")
		} else {
			errs = append(errs, RegexError(dns1123LabelErrMsg, dns1123LabelFmt, "my-name", "123-abc"))
		}
	}
	return errs
}

// IsDNS1123Subdomain lists what is wrong with value as an RFC 1123 subdomain.
func IsDNS1123Subdomain(value string) []string { return labels.IsDNS1123Subdomain(value) }

// IsDNS1035Label lists what is wrong with value as an RFC 1035 label.
func IsDNS1035Label(value string) []string {
	var errs []string
	if len(value) > DNS1123LabelMaxLength {
		errs = append(errs, MaxLenError(DNS1123LabelMaxLength))
	}
	if !labels.IsDNS1035LabelFormat(value) {
		errs = append(errs, RegexError(dns1035LabelErrMsg, dns1035LabelFmt, "my-name", "abc-123"))
	}
	return errs
}

// IsQualifiedName checks a label key / annotation key / finalizer name: the
// same rule selector parsing applies (labels.IsQualifiedName).
func IsQualifiedName(value string) []string { return labels.IsQualifiedName(value) }

// IsValidLabelValue checks a label value (labels.IsValidLabelValue).
func IsValidLabelValue(value string) []string { return labels.IsValidLabelValue(value) }

// IsConfigMapKey checks a ConfigMap or Secret data key.
func IsConfigMapKey(value string) []string {
	var errs []string
	if len(value) > DNS1123SubdomainMaxLength {
		errs = append(errs, MaxLenError(DNS1123SubdomainMaxLength))
	}
	if !labels.IsConfigMapKeyFormat(value) {
		errs = append(errs, RegexError(configMapKeyErrMsg, configMapKeyFmt, "key.name", "KEY_NAME", "key-name"))
	}
	switch {
	case value == ".":
		errs = append(errs, `must not be '.'`)
	case value == "..":
		errs = append(errs, `must not be '..'`)
	case strings.HasPrefix(value, ".."):
		errs = append(errs, `must not start with '..'`)
	}
	return errs
}

// IsValidPortNum checks 1..65535.
func IsValidPortNum(port int) []string {
	if 1 <= port && port <= 65535 {
		return nil
	}
	return []string{InclusiveRangeError(1, 65535)}
}

// IsValidPortName checks an IANA_SVC_NAME.
func IsValidPortName(port string) []string {
	var errs []string
	if len(port) > 15 {
		errs = append(errs, MaxLenError(15))
	}
	if port == "" || strings.Trim(port, "-abcdefghijklmnopqrstuvwxyz0123456789") != "" {
		errs = append(errs, "must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)")
	}
	if !strings.ContainsAny(port, "abcdefghijklmnopqrstuvwxyz") {
		errs = append(errs, "must contain at least one letter (a-z)")
	}
	if strings.Contains(port, "--") {
		errs = append(errs, "must not contain consecutive hyphens")
	}
	if len(port) > 0 && (port[0] == '-' || port[len(port)-1] == '-') {
		errs = append(errs, "must not begin or end with a hyphen")
	}
	return errs
}

// IsValidPercent checks "25%".
func IsValidPercent(s string) []string {
	if !labels.IsPercentFormat(s) {
		return []string{RegexError(percentErrMsg, percentFmt, "1%", "93%")}
	}
	return nil
}

// IsValidPathSegmentName is the RBAC name rule.
func IsValidPathSegmentName(name string) []string {
	for _, bad := range []string{".", ".."} {
		if name == bad {
			return []string{fmt.Sprintf("may not be '%s'", bad)}
		}
	}
	var errs []string
	for _, bad := range []string{"/", "%"} {
		if strings.Contains(name, bad) {
			errs = append(errs, fmt.Sprintf("may not contain '%s'", bad))
		}
	}
	return errs
}

// NameFunc validates a metadata.name (prefix: it is a generateName).
type NameFunc func(name string, prefix bool) []string

func maskTrailingDash(name string) string {
	if len(name) > 1 && strings.HasSuffix(name, "-") {
		return name[:len(name)-2] + "a"
	}
	return name
}

// NameIsDNSSubdomain is the name rule of most kinds.
func NameIsDNSSubdomain(name string, prefix bool) []string {
	if prefix {
		name = maskTrailingDash(name)
	}
	return IsDNS1123Subdomain(name)
}

// NameIsDNSLabel is the Namespace name rule.
func NameIsDNSLabel(name string, prefix bool) []string {
	if prefix {
		name = maskTrailingDash(name)
	}
	return IsDNS1123Label(name)
}

// NameIsDNS1035Label is the Service name rule.
func NameIsDNS1035Label(name string, prefix bool) []string {
	if prefix {
		name = maskTrailingDash(name)
	}
	return IsDNS1035Label(name)
}

// NameIsPathSegment is the RBAC name rule (Role, ClusterRole, bindings).
func NameIsPathSegment(name string, prefix bool) []string {
	if prefix {
		var errs []string
		for _, bad := range []string{"/", "%"} {
			if strings.Contains(name, bad) {
				errs = append(errs, fmt.Sprintf("may not contain '%s'", bad))
			}
		}
		return errs
	}
	return IsValidPathSegmentName(name)
}
