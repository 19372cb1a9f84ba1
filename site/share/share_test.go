package share

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestAStateSurvivesARoundTrip(t *testing.T) {
	st := &State{
		Files:    []File{{Name: "deploy.yaml", Content: "apiVersion: apps/v1\nkind: Deployment\n# 日本語のコメント\n"}},
		Scenario: "rolling-update",
		Seed:     42,
		Step:     3,
	}
	p, err := Encode(st)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(p, "v1:") || strings.ContainsAny(p, "+/=") {
		t.Fatalf("payload %q is not v1: + base64url without padding", p)
	}
	got, err := Decode(p)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, st) {
		t.Fatalf("got %+v, want %+v", got, st)
	}
}

func bomb(t *testing.T, n int) string {
	t.Helper()
	var buf bytes.Buffer
	fw, _ := flate.NewWriter(&buf, flate.BestCompression)
	fw.Write([]byte(`{"files":[{"name":"a","content":"`))
	chunk := bytes.Repeat([]byte("A"), 1<<16)
	for written := 0; written < n; written += len(chunk) {
		fw.Write(chunk)
	}
	fw.Write([]byte(`"}]}`))
	fw.Close()
	return Prefix + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

func mustJSON(t *testing.T, js string) string {
	t.Helper()
	p, err := EncodeJSON([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestDecodeRefusesWhatIsNotAState(t *testing.T) {
	valid := mustJSON(t, `{"files":[],"scenario":"","seed":1,"step":0}`)
	cases := []struct {
		name    string
		payload string
		want    error
	}{
		{"a payload without the v1 prefix", strings.TrimPrefix(valid, "v1:"), ErrPrefix},
		{"a later format's prefix", "v2:" + strings.TrimPrefix(valid, "v1:"), ErrPrefix},
		{"standard base64 with padding", "v1:" + base64.StdEncoding.EncodeToString([]byte{0xfb, 0xff}), ErrBase64},
		{"characters outside base64url", "v1:<script>alert(1)</script>", ErrBase64},
		{"base64 that is not DEFLATE", "v1:" + base64.RawURLEncoding.EncodeToString([]byte("hello, world")), ErrDeflate},
		{"a truncated DEFLATE stream", valid[:len(valid)-4], ErrDeflate},
		{"a deflate bomb of 64 MiB", bomb(t, 64<<20), ErrTooLarge},
		{"a payload just over 1 MiB", bomb(t, MaxDecoded), ErrTooLarge},
		{"JSON that is an array", mustJSON(t, `[1,2,3]`), ErrShape},
		{"JSON null", mustJSON(t, `null`), ErrShape},
		{"files that are not a list", mustJSON(t, `{"files":"deploy.yaml"}`), ErrShape},
		{"a seed that is a string", mustJSON(t, `{"files":[],"seed":"1"}`), ErrShape},
		{"a file without a name", mustJSON(t, `{"files":[{"content":"x"}]}`), ErrShape},
		{"a negative step", mustJSON(t, `{"files":[],"step":-1}`), ErrShape},
		{"two JSON objects", mustJSON(t, `{"files":[]}{"files":[]}`), ErrShape},
		{"empty JSON", mustJSON(t, ``), ErrShape},
		{"invalid UTF-8", mustJSON(t, "{\"files\":[{\"name\":\"\xff\"}]}"), ErrNotUTF8},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, err := Decode(c.payload)
			if !errors.Is(err, c.want) {
				t.Fatalf("Decode = %+v, %v; want error %v", st, err, c.want)
			}
		})
	}
}

func TestDecodeIgnoresUnknownKeys(t *testing.T) {
	st, err := Decode(mustJSON(t, `{"files":[{"name":"a.yaml","content":"x","mode":"rw"}],"theme":"dark","seed":7,"step":1,"scenario":"taints"}`))
	if err != nil {
		t.Fatal(err)
	}
	want := &State{Files: []File{{Name: "a.yaml", Content: "x"}}, Scenario: "taints", Seed: 7, Step: 1}
	if !reflect.DeepEqual(st, want) {
		t.Fatalf("got %+v, want %+v", st, want)
	}
}

func TestADeflateBombIsRefusedInMilliseconds(t *testing.T) {
	p := bomb(t, 256<<20)
	start := time.Now()
	_, err := Decode(p)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Fatalf("refusing a 256 MiB bomb took %v", d)
	}
}

func BenchmarkDecodeATypicalPayload(b *testing.B) {
	content := strings.Repeat("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx\n", 40)
	p, _ := Encode(&State{Files: []File{{Name: "deploy.yaml", Content: content}}, Seed: 1})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Decode(p); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(p)), "payload-bytes")
}

// issue 12: the lesson, journal and view keys read the same in Go and in share.js (site/test/share.test.mjs
// decodes lessonFromGo, which this test pins; lessonFromJS was written by share.js's encoder).
const (
	lessonFromGo = "v1:TJG9TsMwFIVfJTqsVptQsdyZN0BiIR2c5lK5da4t200UVXkOFsTGgniuisdATsPP4sHyOf6-e894NpYj6OkM0R2DMHCzGnVnobBzklgSCEcjLRX37K0bO5ZUC6atQtyx6GAcCFCIzC1ooxATe1ClYDlGJyBobx45ROOEiuOpYW_1uGq5X_dVLdfyh6WrlgxCRWeEa7kpLi_vl9fPr4-3WqBwcKcg2oLO6K-F80eNjpzvFoRJgSUFs5hlnggqFdJ8Oj8jeTtCQYd9fvXnvZ3Ub6S6nTPVXfkTCyf5F8ouu2SLPafCuzZim8cibgBtyrIsJ4Xe8JDRrJY9CAedJ-VnzlyuGxASh85kLZX3kTiA4F27HrjBNH0HAAD__w"
	lessonFromJS = "v1:TZE9bsMwDIWvYryuQmI36MK5NyjQpc4gx6yhRKYESbFhBD5Hl6Jbl6LnCnqMQk76s3Ag-B6_R57wbCxH0NMJonsGYeRmNeneQmHnJLEkEA5GWiru2Vs39SypFsxbhbhj0cE4EKAQmVvQRiEm9qBKwXKMTkDQ3jxyiMYJFYdjw97qadXysB6qWi7mD1evWjIIFb0RruWmOL-8n18_vz7eaoHC3h2DaAs6YbgYLosaHTn3rgizAksK5pos80RQqZCW6vyC5O0EBR26PPWXezurX0l1u2iqu_JHFo7yT5Sz7JItOk6Fd23ENp9F3AjalGVZzgqD4TGjWS0dCHudL-UXzmyuGxASh97kWCr_I3EAwbt2PXKDef4G"
)

func TestTheLessonVectorsReadTheSameInGoAndJS(t *testing.T) {
	want := &State{
		Files: []File{{Name: "web.yaml", Content: "kind: Deployment\n"}}, Seed: 3, Step: 1,
		Lesson:  "apiVersion: kubeplay.dev/v1\nkind: Scenario\nname: mine\n# 日本語\n",
		Journal: []byte(`{"version":1,"base":{"seed":3},"entries":[{"steps":0,"t":0,"op":"apply","args":["web.yaml"]},{"steps":12,"t":1500,"op":"run","args":["kubectl get pods"]}],"now":30000}`),
		View:    &View{Lang: "ja", Speed: 2, Tab: "terminal", Filter: "pod/web"},
	}
	p, err := Encode(want)
	if err != nil || p != lessonFromGo {
		t.Fatalf("Encode = %q, %v; want the pinned vector %q", p, err, lessonFromGo)
	}
	for _, v := range []string{lessonFromGo, lessonFromJS} {
		got, err := Decode(v)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Decode = %+v\n journal %s, want %+v", got, got.Journal, want)
		}
	}
	old, err := Decode(mustJSON(t, `{"files":[],"seed":1}`))
	if err != nil || old.Lesson != "" || old.Journal != nil || old.View != nil {
		t.Fatalf("a payload without the new keys = %+v, %v", old, err)
	}
	for _, bad := range []string{`{"lesson":5}`, `{"journal":[1]}`, `{"journal":"x"}`, `{"view":"ja"}`, `{"view":{"lang":1}}`, `{"view":{"speed":"2"}}`} {
		if _, err := Decode(mustJSON(t, bad)); !errors.Is(err, ErrShape) {
			t.Errorf("Decode(%s) = %v, want ErrShape", bad, err)
		}
	}
}
