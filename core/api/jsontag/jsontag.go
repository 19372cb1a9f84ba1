// Package jsontag holds encoding/json's rules for struct tags and the
// members they give a struct, which core/api's copy and merge plans and
// core/api/jsonenc's encoder plans all follow.
package jsontag

import (
	"reflect"
	"strings"
	"unicode"
)

// Valid reports whether name is a tag name encoding/json uses: not empty,
// letters, digits and the punctuation it allows (anything else, and
// encoding/json falls back to the Go field name).
func Valid(name string) bool {
	if name == "" {
		return false
	}
	for _, c := range name {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}

// Of reads sf's json tag as encoding/json does: the member's name (empty when
// the tag names none, or one encoding/json rejects, so that the Go field name
// or embedding applies), the options after it, and whether the tag is "-"
// (the field is never a member).
func Of(sf reflect.StructField) (name, opts string, omitted bool) {
	tag := sf.Tag.Get("json")
	if tag == "-" {
		return "", "", true
	}
	name, opts, _ = strings.Cut(tag, ",")
	if !Valid(name) {
		name = ""
	}
	return name, opts, false
}

// Distinct reports whether t's JSON members (promoted ones included) have
// distinct names and none is promoted through an embedded pointer: the
// structs a plan can lay out field by field, without encoding/json's
// dominance rules (which pick one of two equal names, or drop both).
func Distinct(t reflect.Type) bool {
	return collectNames(t, map[string]bool{})
}

func collectNames(t reflect.Type, names map[string]bool) bool {
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		name, _, omitted := Of(sf)
		if omitted {
			continue
		}
		if sf.Anonymous {
			ft := sf.Type
			if ft.Kind() == reflect.Pointer {
				return false
			}
			if !sf.IsExported() && ft.Kind() != reflect.Struct {
				continue
			}
			if name == "" && ft.Kind() == reflect.Struct {
				if !collectNames(ft, names) {
					return false
				}
				continue
			}
		} else if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		if names[name] {
			return false
		}
		names[name] = true
	}
	return true
}
