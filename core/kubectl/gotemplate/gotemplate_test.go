package gotemplate

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"strings"
	"testing"
	"text/template"
)

func decode(t *testing.T, s string) any {
	v, err := DecodeJSON([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

const podJSON = `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-1","namespace":"default","labels":{"app":"web","tier":"front"},"creationTimestamp":null,"annotations":{}},
"spec":{"containers":[{"name":"nginx","image":"nginx:1.28","ports":[{"containerPort":80}]},{"name":"side","image":"busybox"}],"replicas":3,"ratio":0.5},
"status":{"phase":"Running","podIP":"10.244.1.5","conditions":[{"type":"Ready","status":"True"}]},
"data":{"password":"czNjcjN0","bad":"!!"}}`

const listJSON = `{"apiVersion":"v1","items":[{"metadata":{"name":"a","labels":{"app":"x"}},"spec":{"replicas":1}},{"metadata":{"name":"b"},"spec":{"replicas":0}}],"kind":"List","metadata":{"resourceVersion":""}}`

// kubectlTemplate is text/template as kubectl sets it up.
func kubectlTemplate(text string, missingKeyError bool) (*template.Template, error) {
	t, err := template.New("output").Funcs(template.FuncMap{
		"exists": func(any, ...any) bool { return false },
		"base64decode": func(v string) (string, error) {
			data, err := base64.StdEncoding.DecodeString(v)
			if err != nil {
				return "", fmt.Errorf("base64 decode failed: %v", err)
			}
			return string(data), nil
		},
	}).Parse(text)
	if err != nil {
		return nil, err
	}
	if missingKeyError {
		t.Option("missingkey=error")
	} else {
		t.Option("missingkey=default")
	}
	return t, nil
}

func run(text string, data any, missingKeyError bool) (string, string) {
	var out bytes.Buffer
	t, err := Parse(text)
	if err != nil {
		return "", err.Error()
	}
	t.MissingKeyError = missingKeyError
	if err := t.Execute(&out, data); err != nil {
		return out.String(), err.Error()
	}
	return out.String(), ""
}

func runGo(text string, data any, missingKeyError bool) (string, string) {
	var out bytes.Buffer
	t, err := kubectlTemplate(text, missingKeyError)
	if err != nil {
		return "", err.Error()
	}
	if err := t.Execute(&out, data); err != nil {
		return out.String(), err.Error()
	}
	return out.String(), ""
}

// Every template answers as text/template answers, output and error.
func TestTemplatesAnswerAsTextTemplate(t *testing.T) {
	pod, list := decode(t, podJSON), decode(t, listJSON)
	templates := []string{
		`{{.metadata.name}}`,
		`{{.metadata.name}}{{"\n"}}`,
		`{{ .metadata.name }} {{.status.phase}}`,
		`{{.spec.replicas}} {{.spec.ratio}} {{.metadata.labels}} {{.spec.containers}}`,
		`{{.metadata.missing}}|{{.metadata.missing.deeper}}|{{.nothing.at.all}}`,
		`{{.metadata.creationTimestamp}}`,
		`{{.metadata.creationTimestamp.time}}`,
		`{{.metadata.name.first}}`,
		`{{range .spec.containers}}{{.name}}={{.image}}{{"\n"}}{{end}}`,
		`{{range $i, $c := .spec.containers}}{{$i}}:{{$c.name}} {{end}}`,
		`{{range $c := .spec.containers}}{{$c.name}},{{end}}`,
		`{{range .items}}{{.metadata.name}}{{"\t"}}{{.spec.replicas}}{{"\n"}}{{end}}`,
		`{{range .items}}{{if .metadata.labels}}{{.metadata.labels.app}}{{else}}none{{end}} {{end}}`,
		`{{range .nothing}}x{{else}}empty{{end}}`,
		`{{range $k, $v := .metadata.labels}}{{$k}}={{$v}};{{end}}`,
		`{{range .metadata.name}}{{end}}`,
		`{{range 3}}{{.}}{{end}}`,
		`{{if eq .status.phase "Running"}}up{{else if eq .status.phase "Pending"}}wait{{else}}down{{end}}`,
		`{{if ne .spec.replicas 3}}no{{else}}yes{{end}} {{if gt .spec.replicas 2}}big{{end}} {{if lt .spec.ratio 1.0}}small{{end}}`,
		`{{if and .metadata.labels (eq .metadata.labels.app "web")}}web{{end}}|{{or .metadata.missing "dflt"}}|{{not .metadata.missing}}`,
		`{{eq .spec.replicas 1 2 3}} {{eq .metadata.missing "x"}} {{eq "a" "a"}} {{le 2 2}} {{ge "b" "a"}}`,
		`{{eq .spec.replicas "3"}}`,
		`{{lt .spec.containers 3}}`,
		`{{with .status}}{{.phase}}/{{.podIP}}{{end}}{{with .nothing}}x{{else}}none{{end}}`,
		`{{index .metadata.labels "app"}} {{index .metadata.labels "nope"}} {{index .spec.containers 1 "name"}}`,
		`{{index .spec.containers 5}}`,
		`{{index .spec.containers "x"}}`,
		`{{index .metadata.labels 1}}`,
		`{{index .nothing "x"}}`,
		`{{len .spec.containers}} {{len .metadata.labels}} {{len .metadata.name}}`,
		`{{len .spec.replicas}}`,
		`{{len .nothing}}`,
		`{{printf "%s has %d replicas (%.1f) %v %q" .metadata.name .spec.replicas .spec.ratio .metadata.labels .status.phase}}`,
		`{{printf "%-10s|" .metadata.name}}{{printf "%v" .nothing}}`,
		`{{printf .spec.replicas}}`,
		`{{print .metadata.name 1 2 "x" "y"}}|{{println .metadata.name}}|`,
		`{{.metadata.name | printf "%s!"}} {{.data.password | base64decode}}`,
		`{{base64decode .data.password}} {{base64decode .data.bad}}`,
		`{{$n := .metadata.name}}{{$n}} {{$n = "other"}}{{$n}}`,
		`{{$c := index .spec.containers 0}}{{$c.name}} {{$c.ports}}`,
		`{{- .metadata.name -}}   {{- " x " -}}
   {{.status.phase}}  {{- /* a comment */ -}}  !`,
		"a {{/* note */}} b",
		`{{(index .spec.containers 0).image}} {{(.status).phase}}`,
		`{{.}}`,
		`{{$}}`,
		`{{range .spec.containers}}{{$.metadata.name}}/{{.name}} {{end}}`,
		`{{true}} {{false}} {{1}} {{1.5}} {{"s"}} {{'a'}} {{0x10}}`,
		`{{if .spec.containers}}{{range .spec.containers}}{{if .ports}}{{range .ports}}{{.containerPort}}{{end}}{{end}}{{end}}{{end}}`,
		`{{with .spec}}{{.replicas}}{{else with .status}}{{.phase}}{{end}}|{{with .nope}}a{{else with .status}}{{.phase}}{{else}}c{{end}}`,
		`{{if .nope}}a{{else if .nope2}}b{{else if .status}}c{{end}}`,
		"{{range .spec.containers -}}\n  {{.name}}\n{{- end}}\n",
		`{{range $i, $c := .spec.containers}}{{range $j, $p := $c.ports}}{{$i}}.{{$j}}={{$p.containerPort}} {{end}}{{end}}`,
		`{{$x := 1}}{{if .status}}{{$x = 2}}{{$y := 3}}{{$y}}{{end}}{{$x}}`,
		`{{if (eq (len .spec.containers) 2)}}two{{end}} {{(len .metadata.labels)}}`,
		`{{.spec.containers | len}} {{"abc" | printf "%s-%s" "x"}}`,
		`{{range .items}}{{.metadata.name}}:{{range $k, $v := .metadata.labels}}{{$k}}={{$v}}{{end}};{{end}}`,
		`{{index . "metadata" "name"}} {{index .spec.containers 0 "ports" 0 "containerPort"}}`,
		`{{printf "%d" (len .items)}} {{printf "%T %T %T" .spec.replicas .spec.ratio .metadata.labels}}`,
		`{{range .status.conditions}}{{if eq .type "Ready"}}{{.status}}{{end}}{{end}}`,
		`{{not 0}} {{not ""}} {{and 1 0}} {{or 0 ""}} {{and}}`,
		`{{len}}`,
		`{{index}}`,
		`{{eq .spec.replicas}}`,
		`{{ .status.phase | eq "Running" }}`,
		`{{$}} {{$.kind}}`,
		`{{ $x := }}`,
		`{{ $x }}`,
		`{{ "a" "b" }}`,
		`{{ .metadata.labels.app.x }}`,
		`{{range $i, $e := 5}}{{end}}`,
		`{{ 1 | 2 }}`,
		"{{if .x}}\n{{end}\n",
		// parse errors
		`{{.metadata.name}`,
		`{{.metadata.name`,
		`{{if .x}}a`,
		`{{end}}`,
		`{{else}}`,
		`{{foo .x}}`,
		`{{$x}}`,
		`{{if}}{{end}}`,
		`{{range .items}}{{else}}{{else}}{{end}}`,
		`{{"unterminated}}`,
		`{{.x | }}`,
		`{{ ( .x }}`,
		`{{ .x ) }}`,
		`{{ 1x }}`,
		`{{/* no end }}`,
		"a\nb\n{{.x}\n",
		`{{ # }}`,
		`{{.x.}}`,
		`{{ nil }}`,
		`{{ .metadata.name 1 }}`,
	}
	for _, tmpl := range templates {
		for _, data := range []any{pod, list} {
			for _, strict := range []bool{false, true} {
				got, gotErr := run(tmpl, data, strict)
				want, wantErr := runGo(tmpl, data, strict)
				if got != want || gotErr != wantErr {
					t.Errorf("%s (strict %v)\n got %q, error %q\nwant %q, error %q", tmpl, strict, got, gotErr, want, wantErr)
				}
			}
		}
	}
}

func TestNamedTemplatesAndLoopControlAreRefused(t *testing.T) {
	for _, tmpl := range []string{`{{define "x"}}a{{end}}`, `{{template "x"}}`, `{{block "x" .}}{{end}}`, `{{range .items}}{{break}}{{end}}`} {
		if _, err := Parse(tmpl); err == nil || !strings.Contains(err.Error(), "is not supported by kubeplay's go-template") {
			t.Errorf("%s: %v", tmpl, err)
		}
	}
}

func TestExistsIsKubectls(t *testing.T) {
	pod := decode(t, podJSON)
	for tmpl, want := range map[string]string{
		`{{exists . "metadata" "labels" "app"}}`:      "true",
		`{{exists . "metadata" "labels" "nope"}}`:     "false",
		`{{exists . "metadata" "creationTimestamp"}}`: "false",
		`{{exists . "spec" "containers" 1 "name"}}`:   "true",
		`{{exists . "spec" "containers" 2}}`:          "false",
		`{{exists .metadata.name 0}}`:                 "false",
	} {
		if got, err := run(tmpl, pod, false); got != want || err != "" {
			t.Errorf("%s = %q (%s), want %s", tmpl, got, err, want)
		}
	}
}
