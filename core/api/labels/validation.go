package labels

import (
	"fmt"
	"strings"
)

const (
	labelKeyFmt      = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]"
	labelKeyErrMsg   = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
	labelValueFmt    = "(" + labelKeyFmt + ")?"
	labelValueErrMsg = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
	dns1123LabelFmt  = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
	dns1123SubFmt    = dns1123LabelFmt + "(\\." + dns1123LabelFmt + ")*"
	dns1123SubErrMsg = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"
)

// RegexError renders apimachinery's "<msg> (e.g. 'a' or 'b', regex used for validation is '<re>')".
func RegexError(msg, re string, examples ...string) string {
	if len(examples) == 0 {
		return msg + " (regex used for validation is '" + re + "')"
	}
	msg += " (e.g. "
	for i, e := range examples {
		if i > 0 {
			msg += " or "
		}
		msg += "'" + e + "', "
	}
	return msg + "regex used for validation is '" + re + "')"
}

// MaxLenError is "must be no more than N characters" (pkg/util/validation:
// names, DNS subdomains).
func MaxLenError(n int) string { return fmt.Sprintf("must be no more than %d characters", n) }

// maxLenBytesError is the label key/value length message (pkg/api/validate/content).
func maxLenBytesError(n int) string { return fmt.Sprintf("must be no more than %d bytes", n) }

// labelMaxLength bounds a label value and a label key's name part.
const labelMaxLength = 63

// IsDNS1123Subdomain returns the problems of a DNS subdomain (object names, label key prefixes).
func IsDNS1123Subdomain(v string) []string {
	var errs []string
	if len(v) > 253 {
		errs = append(errs, MaxLenError(253))
	}
	if !IsDNS1123SubdomainFormat(v) {
		errs = append(errs, RegexError(dns1123SubErrMsg, dns1123SubFmt, "example.com"))
	}
	return errs
}

// IsQualifiedName returns the problems of a label key, annotation key or
// finalizer name ("example.com/MyName"): content.IsLabelKey, used by both
// selector parsing and API validation.
func IsQualifiedName(v string) []string {
	var errs []string
	parts := strings.Split(v, "/")
	var name string
	switch len(parts) {
	case 1:
		name = parts[0]
	case 2:
		prefix := parts[0]
		name = parts[1]
		if prefix == "" {
			errs = append(errs, "prefix part must be non-empty")
		} else if msgs := IsDNS1123Subdomain(prefix); len(msgs) != 0 {
			for _, m := range msgs {
				errs = append(errs, "prefix part "+m)
			}
		}
	default:
		return append(errs, "a valid label key "+RegexError(labelKeyErrMsg, labelKeyFmt, "MyName", "my.name", "123-abc")+
			" with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')")
	}
	if name == "" {
		errs = append(errs, "name part must be non-empty")
	} else if len(name) > labelMaxLength {
		errs = append(errs, "name part "+maxLenBytesError(labelMaxLength))
	}
	if !isNameFormat(name) {
		errs = append(errs, "name part "+RegexError(labelKeyErrMsg, labelKeyFmt, "MyName", "my.name", "123-abc"))
	}
	return errs
}

// IsValidLabelValue returns the problems of a label value (content.IsLabelValue).
func IsValidLabelValue(v string) []string {
	var errs []string
	if len(v) > labelMaxLength {
		errs = append(errs, maxLenBytesError(labelMaxLength))
	}
	if !(v == "" || isNameFormat(v)) {
		errs = append(errs, RegexError(labelValueErrMsg, labelValueFmt, "MyValue", "my_value", "12345"))
	}
	return errs
}
