package labels

// Matchers for the formats validation names (each is the regexp "^" + fmt + "$"
// of apimachinery, written out: they run for every name, label and key the
// apiserver checks, and a regexp costs a compile when the program starts and
// far more per match; charset_test.go holds them equal to the regexps).

func lowerAlnum(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' }

func alnum(c byte) bool { return lowerAlnum(c) || 'A' <= c && c <= 'Z' }

// all reports whether every byte of s is ok.
func all(s string, ok func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if !ok(s[i]) {
			return false
		}
	}
	return true
}

// IsDNS1123LabelFormat matches [a-z0-9]([-a-z0-9]*[a-z0-9])?
func IsDNS1123LabelFormat(s string) bool {
	return s != "" && lowerAlnum(s[0]) && lowerAlnum(s[len(s)-1]) &&
		all(s, func(c byte) bool { return lowerAlnum(c) || c == '-' })
}

// IsDNS1123SubdomainFormat matches labels of IsDNS1123LabelFormat joined by dots.
func IsDNS1123SubdomainFormat(s string) bool {
	for {
		i := 0
		for i < len(s) && s[i] != '.' {
			i++
		}
		if !IsDNS1123LabelFormat(s[:i]) {
			return false
		}
		if i == len(s) {
			return true
		}
		s = s[i+1:]
	}
}

// IsDNS1035LabelFormat matches [a-z]([-a-z0-9]*[a-z0-9])?
func IsDNS1035LabelFormat(s string) bool {
	return s != "" && 'a' <= s[0] && s[0] <= 'z' && IsDNS1123LabelFormat(s)
}

// isNameFormat matches ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9], a label key's
// name part and a non-empty label value.
func isNameFormat(s string) bool {
	return s != "" && alnum(s[0]) && alnum(s[len(s)-1]) &&
		all(s, func(c byte) bool { return alnum(c) || c == '-' || c == '_' || c == '.' })
}

// IsConfigMapKeyFormat matches [-._a-zA-Z0-9]+
func IsConfigMapKeyFormat(s string) bool {
	return s != "" && all(s, func(c byte) bool { return alnum(c) || c == '-' || c == '_' || c == '.' })
}

// IsPercentFormat matches [0-9]+%
func IsPercentFormat(s string) bool {
	return len(s) > 1 && s[len(s)-1] == '%' && all(s[:len(s)-1], func(c byte) bool { return '0' <= c && c <= '9' })
}
