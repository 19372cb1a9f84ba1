package seam

import (
	"strconv"
	"time"
	"unicode/utf8"

	"kubeplay/core/trace"
)

// appendTrace encodes records as a JSON array of traceRecord, by hand: the
// trace is the seam's largest stream (thousands of records a frame while a
// Deployment scales), and reflection-based encoding/json is several times
// slower in WebAssembly. The output equals json.Marshal's (a test checks it).
func appendTrace(b []byte, recs []trace.Record) []byte {
	b = append(b, '[')
	for i := range recs {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendRecord(b, &recs[i])
	}
	return append(b, ']')
}

func appendRecord(b []byte, r *trace.Record) []byte {
	b = append(b, `{"seq":`...)
	b = strconv.AppendInt(b, int64(r.Seq), 10)
	b = append(b, `,"time":"`...)
	b = r.Time.AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","kind":`...)
	b = appendString(b, string(r.Kind))
	b = append(b, `,"component":`...)
	b = appendString(b, r.Component)
	b = appendOpt(b, `,"from":`, r.From)
	b = appendOpt(b, `,"to":`, r.To)
	b = appendOpt(b, `,"stage":`, r.Stage)
	b = appendOpt(b, `,"verb":`, r.Verb)
	b = appendOpt(b, `,"resource":`, r.Resource)
	b = appendOpt(b, `,"namespace":`, r.Namespace)
	b = appendOpt(b, `,"name":`, r.Name)
	if r.Revision != 0 {
		b = append(b, `,"revision":`...)
		b = strconv.AppendInt(b, r.Revision, 10)
	}
	if r.Code != 0 {
		b = append(b, `,"code":`...)
		b = strconv.AppendInt(b, int64(r.Code), 10)
	}
	b = append(b, `,"message":`...)
	b = appendString(b, r.Message)
	b = append(b, `,"t":`...)
	b = strconv.AppendFloat(b, ms(r.Time), 'f', -1, 64)
	return append(b, '}')
}

func appendOpt(b []byte, key, v string) []byte {
	if v == "" {
		return b
	}
	return appendString(append(b, key...), v)
}

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string with encoding/json's escaping
// (HTML-safe <, >, &, U+2028, U+2029; invalid UTF-8 as U+FFFD).
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
