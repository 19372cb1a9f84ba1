package strategicpatch

import (
	"encoding/json"
	"testing"

	"kubeplay/core/api"
)

// kind is a stand-in api.Object naming a kind through TypeMeta.
type kind struct {
	api.TypeMeta
	api.ObjectMeta
}

func kindOf(k string) api.Object { return &kind{TypeMeta: api.TypeMeta{Kind: k}} }

// canon re-encodes JSON so comparisons ignore key order and spacing.
func canon(t *testing.T, s string) string {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("bad JSON %s: %v", s, err)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func TestStrategicMergePatch(t *testing.T) {
	tests := []struct {
		name, kind, original, patch, want string
	}{
		{
			name:     "a scalar is replaced and null deletes a field",
			kind:     "Deployment",
			original: `{"spec":{"replicas":1,"paused":true}}`,
			patch:    `{"spec":{"replicas":3,"paused":null}}`,
			want:     `{"spec":{"replicas":3}}`,
		},
		{
			name:     "containers merge by name, keeping fields the patch does not mention",
			kind:     "Deployment",
			original: `{"spec":{"template":{"spec":{"containers":[{"name":"a","image":"nginx","imagePullPolicy":"Always"},{"name":"b","image":"busybox"}]}}}}`,
			patch:    `{"spec":{"template":{"spec":{"containers":[{"name":"a","image":"nginx:1.27"}]}}}}`,
			want:     `{"spec":{"template":{"spec":{"containers":[{"name":"a","image":"nginx:1.27","imagePullPolicy":"Always"},{"name":"b","image":"busybox"}]}}}}`,
		},
		{
			name:     "a new container is appended and a deleted one is removed",
			kind:     "Pod",
			original: `{"spec":{"containers":[{"name":"a"},{"name":"b"}]}}`,
			patch:    `{"spec":{"containers":[{"name":"b","$patch":"delete"},{"name":"c","image":"x"}]}}`,
			want:     `{"spec":{"containers":[{"name":"a"},{"name":"c","image":"x"}]}}`,
		},
		{
			name:     "env merges by name and ports by containerPort",
			kind:     "Pod",
			original: `{"spec":{"containers":[{"name":"a","env":[{"name":"X","value":"1"}],"ports":[{"containerPort":80,"protocol":"TCP"}]}]}}`,
			patch:    `{"spec":{"containers":[{"name":"a","env":[{"name":"Y","value":"2"}],"ports":[{"containerPort":80,"name":"http"}]}]}}`,
			want:     `{"spec":{"containers":[{"name":"a","env":[{"name":"X","value":"1"},{"name":"Y","value":"2"}],"ports":[{"containerPort":80,"protocol":"TCP","name":"http"}]}]}}`,
		},
		{
			name:     "tolerations are atomic and replaced whole",
			kind:     "Pod",
			original: `{"spec":{"tolerations":[{"key":"a","operator":"Exists"}]}}`,
			patch:    `{"spec":{"tolerations":[{"key":"b","operator":"Exists"}]}}`,
			want:     `{"spec":{"tolerations":[{"key":"b","operator":"Exists"}]}}`,
		},
		{
			name:     "labels are a map: keys merge and null removes one",
			kind:     "Pod",
			original: `{"metadata":{"labels":{"app":"web","tier":"fe"}}}`,
			patch:    `{"metadata":{"labels":{"tier":null,"env":"prod"}}}`,
			want:     `{"metadata":{"labels":{"app":"web","env":"prod"}}}`,
		},
		{
			name:     "finalizers merge as a set and $deleteFromPrimitiveList removes values",
			kind:     "Pod",
			original: `{"metadata":{"finalizers":["a","b"]}}`,
			patch:    `{"metadata":{"finalizers":["c"],"$deleteFromPrimitiveList/finalizers":["a"]}}`,
			want:     `{"metadata":{"finalizers":["b","c"]}}`,
		},
		{
			name:     "$patch replace on a list element replaces the whole list",
			kind:     "Pod",
			original: `{"spec":{"containers":[{"name":"a"},{"name":"b"}]}}`,
			patch:    `{"spec":{"containers":[{"$patch":"replace"},{"name":"z"}]}}`,
			want:     `{"spec":{"containers":[{"name":"z"}]}}`,
		},
		{
			name:     "$setElementOrder orders the merged list",
			kind:     "Pod",
			original: `{"spec":{"containers":[{"name":"a"},{"name":"b"}]}}`,
			patch:    `{"spec":{"$setElementOrder/containers":[{"name":"b"},{"name":"a"}]}}`,
			want:     `{"spec":{"containers":[{"name":"b"},{"name":"a"}]}}`,
		},
		{
			name:     "Service ports merge by port",
			kind:     "Service",
			original: `{"spec":{"ports":[{"port":80,"targetPort":8080},{"port":443}]}}`,
			patch:    `{"spec":{"ports":[{"port":80,"targetPort":9090}]}}`,
			want:     `{"spec":{"ports":[{"port":80,"targetPort":9090},{"port":443}]}}`,
		},
		{
			name:     "status conditions merge by type",
			kind:     "Node",
			original: `{"status":{"conditions":[{"type":"Ready","status":"True"},{"type":"MemoryPressure","status":"False"}]}}`,
			patch:    `{"status":{"conditions":[{"type":"Ready","status":"Unknown"}]}}`,
			want:     `{"status":{"conditions":[{"type":"Ready","status":"Unknown"},{"type":"MemoryPressure","status":"False"}]}}`,
		},
		{
			name:     "a map added by the patch has its nulls dropped",
			kind:     "Pod",
			original: `{}`,
			patch:    `{"metadata":{"annotations":{"a":"1","b":null}}}`,
			want:     `{"metadata":{"annotations":{"a":"1"}}}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := StrategicMergePatch([]byte(tt.original), []byte(tt.patch), kindOf(tt.kind))
			if err != nil {
				t.Fatal(err)
			}
			if canon(t, string(got)) != canon(t, tt.want) {
				t.Errorf("got  %s\nwant %s", got, canon(t, tt.want))
			}
		})
	}
}

func TestStrategicMergePatchRejectsAnElementWithoutItsMergeKey(t *testing.T) {
	_, err := StrategicMergePatch([]byte(`{"spec":{"containers":[{"name":"a"}]}}`), []byte(`{"spec":{"containers":[{"image":"x"}]}}`), kindOf("Pod"))
	if err == nil || err.Error() != `map: {"image":"x"} does not contain declared merge key: name` {
		t.Fatalf("err = %v", err)
	}
}

func TestCreateThreeWayMergePatch(t *testing.T) {
	dep := func(spec string) string {
		return `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"nginx"},"spec":` + spec + `}`
	}
	tests := []struct {
		name                        string
		original, modified, current string
		want                        string
		wantApplied                 string // current after applying the patch (optional)
	}{
		{
			name:     "an unchanged file gives an empty patch",
			original: dep(`{"replicas":2}`),
			modified: dep(`{"replicas":2}`),
			current:  dep(`{"replicas":2,"revisionHistoryLimit":10}`),
			want:     `{}`,
		},
		{
			name:        "a field dropped from the file is removed",
			original:    dep(`{"replicas":2,"paused":true}`),
			modified:    dep(`{"replicas":2}`),
			current:     dep(`{"replicas":2,"paused":true,"revisionHistoryLimit":10}`),
			want:        `{"spec":{"paused":null}}`,
			wantApplied: dep(`{"replicas":2,"revisionHistoryLimit":10}`),
		},
		{
			name:     "replicas scaled by someone else are kept when the file never set them",
			original: dep(`{"template":{}}`),
			modified: dep(`{"template":{}}`),
			current:  dep(`{"replicas":5,"template":{}}`),
			want:     `{}`,
		},
		{
			name:        "replicas scaled by someone else are overwritten when the file sets them",
			original:    dep(`{"replicas":2}`),
			modified:    dep(`{"replicas":2}`),
			current:     dep(`{"replicas":5}`),
			want:        `{"spec":{"replicas":2}}`,
			wantApplied: dep(`{"replicas":2}`),
		},
		{
			name:        "containers merge by name: a changed image is patched, defaults stay",
			original:    dep(`{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.26"}]}}}`),
			modified:    dep(`{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.27"}]}}}`),
			current:     dep(`{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.26","imagePullPolicy":"IfNotPresent"}]}}}`),
			want:        `{"spec":{"template":{"spec":{"containers":[{"image":"nginx:1.27","name":"nginx"}]}}}}`,
			wantApplied: dep(`{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.27","imagePullPolicy":"IfNotPresent"}]}}}`),
		},
		{
			name:        "a container removed from the file is deleted, one added is appended",
			original:    dep(`{"template":{"spec":{"containers":[{"name":"a","image":"x"},{"name":"b","image":"y"}]}}}`),
			modified:    dep(`{"template":{"spec":{"containers":[{"name":"a","image":"x"},{"name":"c","image":"z"}]}}}`),
			current:     dep(`{"template":{"spec":{"containers":[{"name":"a","image":"x"},{"name":"b","image":"y"}]}}}`),
			want:        `{"spec":{"template":{"spec":{"containers":[{"$patch":"delete","name":"b"},{"image":"z","name":"c"}]}}}}`,
			wantApplied: dep(`{"template":{"spec":{"containers":[{"name":"a","image":"x"},{"name":"c","image":"z"}]}}}`),
		},
		{
			name:        "env merges by name: a removed variable goes, one set by someone else stays",
			original:    dep(`{"template":{"spec":{"containers":[{"name":"a","env":[{"name":"A","value":"1"},{"name":"B","value":"2"}]}]}}}`),
			modified:    dep(`{"template":{"spec":{"containers":[{"name":"a","env":[{"name":"A","value":"1"}]}]}}}`),
			current:     dep(`{"template":{"spec":{"containers":[{"name":"a","env":[{"name":"A","value":"1"},{"name":"B","value":"2"},{"name":"C","value":"3"}]}]}}}`),
			want:        `{"spec":{"template":{"spec":{"containers":[{"env":[{"$patch":"delete","name":"B"}],"name":"a"}]}}}}`,
			wantApplied: dep(`{"template":{"spec":{"containers":[{"name":"a","env":[{"name":"A","value":"1"},{"name":"C","value":"3"}]}]}}}`),
		},
		{
			name:        "ports merge by containerPort",
			original:    dep(`{"template":{"spec":{"containers":[{"name":"a","ports":[{"containerPort":80}]}]}}}`),
			modified:    dep(`{"template":{"spec":{"containers":[{"name":"a","ports":[{"containerPort":8080}]}]}}}`),
			current:     dep(`{"template":{"spec":{"containers":[{"name":"a","ports":[{"containerPort":80,"protocol":"TCP"}]}]}}}`),
			want:        `{"spec":{"template":{"spec":{"containers":[{"name":"a","ports":[{"$patch":"delete","containerPort":80},{"containerPort":8080}]}]}}}}`,
			wantApplied: dep(`{"template":{"spec":{"containers":[{"name":"a","ports":[{"containerPort":8080}]}]}}}`),
		},
		{
			name:        "a label removed from the file is removed, one added by kubectl label stays",
			original:    `{"metadata":{"labels":{"app":"web","tier":"fe"}}}`,
			modified:    `{"metadata":{"labels":{"app":"web"}}}`,
			current:     `{"metadata":{"labels":{"app":"web","tier":"fe","team":"x"}}}`,
			want:        `{"metadata":{"labels":{"tier":null}}}`,
			wantApplied: `{"metadata":{"labels":{"app":"web","team":"x"}}}`,
		},
		{
			name:     "a first apply over an object created without kubectl apply only adds",
			original: ``,
			modified: dep(`{"replicas":3}`),
			current:  dep(`{"replicas":1,"paused":false}`),
			want:     `{"spec":{"replicas":3}}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := CreateThreeWayMergePatch([]byte(tt.original), []byte(tt.modified), []byte(tt.current), kindOf("Deployment"))
			if err != nil {
				t.Fatal(err)
			}
			if canon(t, string(got)) != canon(t, tt.want) {
				t.Errorf("patch\n got  %s\n want %s", got, canon(t, tt.want))
			}
			if tt.wantApplied == "" {
				return
			}
			applied, err := StrategicMergePatch([]byte(tt.current), got, kindOf("Deployment"))
			if err != nil {
				t.Fatal(err)
			}
			if canon(t, string(applied)) != canon(t, tt.wantApplied) {
				t.Errorf("applied\n got  %s\n want %s", applied, canon(t, tt.wantApplied))
			}
		})
	}
}

func TestCreateTwoWayMergePatch(t *testing.T) {
	got, err := CreateTwoWayMergePatch([]byte(`{"metadata":{"labels":{"a":"1","b":"2"}}}`), []byte(`{"metadata":{"labels":{"a":"1","c":"3"}}}`), kindOf("Pod"))
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"metadata":{"labels":{"b":null,"c":"3"}}}`; string(got) != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestCreateThreeWayJSONMergePatchReplacesListsWhole(t *testing.T) {
	ct := func(spec string) []byte {
		return []byte(`{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"name":"x","finalizers":["a"]},"spec":` + spec + `}`)
	}
	got, err := CreateThreeWayJSONMergePatch(ct(`{"image":"a","containers":[{"name":"c","image":"a"}]}`),
		ct(`{"containers":[{"name":"c","image":"b"}]}`),
		ct(`{"image":"a","replicas":2,"containers":[{"name":"c","image":"a"},{"name":"d"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"spec":{"containers":[{"image":"b","name":"c"}],"image":null}}`; string(got) != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestCreateTwoWayJSONMergePatch(t *testing.T) {
	got, err := CreateTwoWayJSONMergePatch([]byte(`{"spec":{"a":1,"l":[{"name":"x","v":1}]}}`), []byte(`{"spec":{"l":[{"name":"x","v":2}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"spec":{"a":null,"l":[{"name":"x","v":2}]}}`; string(got) != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
