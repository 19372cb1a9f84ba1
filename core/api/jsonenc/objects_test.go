package jsonenc_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/api/jsonenc"
	"kubeplay/core/api/request"
	"kubeplay/core/apiserver"
	"kubeplay/core/scenario"
)

// The encoder is held to encoding/json on real objects as well: the
// manifests of the repository's test data and scenarios, decoded, and every
// object of every built-in scenario's cluster, served after each step and
// decoded from etcd's history.

func TestManifestsEncodeAsEncodingJSONDoes(t *testing.T) {
	n := 0
	check := func(name string, data []byte) {
		ms, _ := api.ParseManifests(name, data)
		for _, m := range ms {
			if m.Object != nil {
				n++
				jsonenc.Same(t, name, m.Object)
			}
		}
	}
	for _, dir := range []string{"../../../core", "../../../scenarios"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			switch filepath.Ext(path) {
			case ".yaml", ".yml", ".json":
			default:
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			check(path, data)
			if sc, err := scenario.Load(path); err == nil && strings.HasPrefix(path, "../../../scenarios") {
				jsonenc.Same(t, path+" (the scenario)", sc)
				for _, f := range sc.Files {
					check(path+": "+f.Name, []byte(f.Content))
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d objects", n)
	if n < 300 {
		t.Errorf("only %d objects decoded from the test data", n)
	}
}

func TestScenarioObjectsEncodeAsEncodingJSONDoes(t *testing.T) {
	lib, err := scenario.Library()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, sc := range lib {
		p := scenario.NewPlayer(sc, scenario.Options{})
		c := p.Cluster()
		for {
			for _, r := range api.Resources() {
				l, err := c.Server.Do(&request.Request{User: apiserver.Admin(), Component: "test", Verb: "list", Group: r.Group, Resource: r.Resource})
				if err != nil {
					continue
				}
				jsonenc.Same(t, sc.Name+" "+r.Resource, l)
				for _, o := range l.(*api.List).Items {
					n++
					jsonenc.Same(t, sc.Name+" "+r.Resource, o)
				}
			}
			if p.Done() {
				break
			}
			p.Step()
		}
		for _, ev := range c.Store.Log(0) {
			if obj, _ := api.Decode(ev.KV.Value()); obj != nil {
				n++
				jsonenc.Same(t, sc.Name+" "+ev.KV.Key, obj)
			}
		}
		p.Close()
	}
	t.Logf("%d objects", n)
	if n < 10000 {
		t.Errorf("only %d objects checked", n)
	}
}
