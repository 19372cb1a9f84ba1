package share

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Prefix starts every version-1 payload.
const Prefix = "v1:"

// MaxDecoded is the largest decompressed JSON a payload may hold: 1 MiB.
const MaxDecoded = 1 << 20

// Errors returned by Decode. They are wrapped with detail; test them with errors.Is.
var (
	ErrPrefix    = errors.New("not a kubeplay share payload (it must start with \"v1:\")")
	ErrBase64    = errors.New("the payload is not base64url without padding")
	ErrDeflate   = errors.New("the payload is not raw DEFLATE data")
	ErrTooLarge  = fmt.Errorf("the decompressed payload is larger than %d bytes (1 MiB)", MaxDecoded)
	ErrShape     = errors.New("the payload is not a kubeplay state")
	ErrNotUTF8   = errors.New("the payload is not UTF-8 text")
	errTrailingJ = errors.New("trailing data after the JSON object")
)

// File is one editor tab.
type File struct {
	Name    string `json:"name"`
	Content string `json:"content"`
}

// State is what a share link restores.
type State struct {
	Files    []File `json:"files"`
	Scenario string `json:"scenario"`
	Seed     int64  `json:"seed"`
	Step     int    `json:"step"`
	// Lesson is a scenario's YAML (issue 12): a lesson anyone wrote, checked by the page with the loader
	// kubeplay check uses. It wins over Scenario.
	Lesson string `json:"lesson,omitempty"`
	// Journal is the learner's inputs in order (the core's journal(): {version, base, entries, now}); a
	// free-play link replays it to the same virtual time. Kept as JSON: the core reads it.
	Journal json.RawMessage `json:"journal,omitempty"`
	// View is how the page looked: language, speed, open tab, events filter.
	View *View `json:"view,omitempty"`
}

// View is the page's presentation, which a link carries too.
type View struct {
	Lang   string  `json:"lang,omitempty"`
	Speed  float64 `json:"speed,omitempty"`
	Tab    string  `json:"tab,omitempty"`
	Filter string  `json:"filter,omitempty"`
}

// Decode parses a v1 payload (without the leading '#'). It refuses, with an error wrapping one of the Err
// values: a missing prefix, bad base64url, bad DEFLATE, more than MaxDecoded bytes after decompression
// (reading stops at MaxDecoded+1, so a bomb is cheap), invalid UTF-8, and JSON that is not an object of
// the documented shape. Unknown keys are ignored.
func Decode(payload string) (*State, error) {
	raw, err := Inflate(payload)
	if err != nil {
		return nil, err
	}
	if !utf8.Valid(raw) {
		return nil, ErrNotUTF8
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	var st State
	if err := dec.Decode(&st); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrShape, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%w: %v", ErrShape, errTrailingJ)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%w: %v", ErrShape, errTrailingJ)
	}
	if bytes.TrimSpace(raw)[0] != '{' {
		return nil, fmt.Errorf("%w: the JSON is not an object", ErrShape)
	}
	for i, f := range st.Files {
		if f.Name == "" {
			return nil, fmt.Errorf("%w: files[%d].name is empty", ErrShape, i)
		}
	}
	if st.Step < 0 {
		return nil, fmt.Errorf("%w: step is negative", ErrShape)
	}
	if j := bytes.TrimSpace(st.Journal); len(j) > 0 {
		if string(j) == "null" {
			st.Journal = nil
		} else if j[0] != '{' {
			return nil, fmt.Errorf("%w: journal is not an object", ErrShape)
		}
	}
	return &st, nil
}

// Inflate checks the prefix and the base64url text and returns the decompressed JSON bytes, at most
// MaxDecoded of them.
func Inflate(payload string) ([]byte, error) {
	rest, ok := strings.CutPrefix(payload, Prefix)
	if !ok {
		return nil, ErrPrefix
	}
	// A payload that inflates to at most 1 MiB cannot reasonably be longer than that in base64 either.
	if len(rest) > MaxDecoded*4/3+4 {
		return nil, ErrTooLarge
	}
	compressed, err := base64.RawURLEncoding.Strict().DecodeString(rest)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBase64, err)
	}
	fr := flate.NewReader(bytes.NewReader(compressed))
	defer fr.Close()
	raw, err := io.ReadAll(io.LimitReader(fr, MaxDecoded+1))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDeflate, err)
	}
	if len(raw) > MaxDecoded {
		return nil, ErrTooLarge
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, fmt.Errorf("%w: empty JSON", ErrShape)
	}
	return raw, nil
}

// Encode returns the v1 payload for st (keys in the documented order, best compression).
func Encode(st *State) (string, error) {
	if st.Files == nil {
		c := *st
		c.Files = []File{}
		st = &c
	}
	js, err := json.Marshal(st)
	if err != nil {
		return "", err
	}
	return EncodeJSON(js)
}

// EncodeJSON compresses already-serialized JSON into a v1 payload, unchecked. Tests use it to build hostile
// payloads.
func EncodeJSON(js []byte) (string, error) {
	var buf bytes.Buffer
	fw, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil {
		return "", err
	}
	if _, err := fw.Write(js); err != nil {
		return "", err
	}
	if err := fw.Close(); err != nil {
		return "", err
	}
	return Prefix + base64.RawURLEncoding.EncodeToString(buf.Bytes()), nil
}
