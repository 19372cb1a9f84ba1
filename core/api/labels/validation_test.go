package labels

import (
	"strings"
	"testing"
)

func TestLabelKeysAndValuesAreCheckedWithContentTexts(t *testing.T) {
	long := strings.Repeat("a", 64)
	tests := []struct {
		name  string
		check func(string) []string
		value string
		want  string
	}{
		{"a prefixed key is valid", IsQualifiedName, "example.com/MyName", ""},
		{"a key name over 63 bytes is too long", IsQualifiedName, long, "name part must be no more than 63 bytes"},
		{"an empty prefix is reported", IsQualifiedName, "/x", "prefix part must be non-empty"},
		{"an empty name is reported with the regex", IsQualifiedName, "x/",
			"name part must be non-empty; name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"},
		{"an uppercase prefix is not a DNS subdomain", IsQualifiedName, "Example.com/x",
			"prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"},
		{"an empty value is valid", IsValidLabelValue, "", ""},
		{"a value over 63 bytes is too long", IsValidLabelValue, long, "must be no more than 63 bytes"},
		{"a subdomain over 253 characters is too long", IsDNS1123Subdomain, strings.Repeat("a", 254), "must be no more than 253 characters"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := strings.Join(tc.check(tc.value), "; "); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
