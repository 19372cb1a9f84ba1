package runtime

import (
	_ "embed"
	"encoding/json"
	"io/fs"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The images' root file systems (rootfs.yaml, embedded as rootfs.json):
// a container's tree starts as a copy of its image's.

//go:embed rootfs.json
var rootfsJSON []byte

// RootFS is rootfs.yaml: the root file systems by image repository.
type RootFS struct {
	Images map[string]*ImageFS `yaml:"images" json:"images"`
}

// ImageFS is one image's root file system.
type ImageFS struct {
	Base    string     `yaml:"base" json:"base,omitempty"`
	Workdir string     `yaml:"workdir" json:"workdir,omitempty"`
	Built   string     `yaml:"built" json:"built,omitempty"`
	Files   []FileSpec `yaml:"files" json:"files"`
}

// FileSpec is one file, directory or symlink of an image.
type FileSpec struct {
	Path    string `yaml:"path" json:"path"`
	Content string `yaml:"content" json:"content,omitempty"`
	// Append adds to what the base has (a user in /etc/passwd).
	Append string `yaml:"append" json:"append,omitempty"`
	Link   string `yaml:"link" json:"link,omitempty"`
	Dir    bool   `yaml:"dir" json:"dir,omitempty"`
	Mode   int    `yaml:"mode" json:"mode,omitempty"` // octal digits as written: 644
	UID    int64  `yaml:"uid" json:"uid,omitempty"`
	GID    int64  `yaml:"gid" json:"gid,omitempty"`
}

var rootfs = sync.OnceValue(func() *RootFS {
	var r RootFS
	if err := json.Unmarshal(rootfsJSON, &r); err != nil {
		panic("runtime: bad embedded rootfs.json: " + err.Error())
	}
	return &r
})

// imageFS names the entry of a repository: its own, or its shell
// flavour's base.
func imageFS(repo, flavour string) (*ImageFS, string) {
	if e, ok := rootfs().Images[repo]; ok {
		return e, repo
	}
	switch flavour {
	case "busybox":
		return rootfs().Images["busybox"], "busybox"
	case "", "none":
		return rootfs().Images["distroless"], "distroless"
	}
	return rootfs().Images["debian"], "debian"
}

// octal reads a mode written as octal digits (644, 1777).
func octal(m int, def fs.FileMode) fs.FileMode {
	if m == 0 {
		return def
	}
	v, err := strconv.ParseUint(strconv.Itoa(m), 8, 32)
	if err != nil {
		return def
	}
	mode := fs.FileMode(v).Perm()
	if v&0o1000 != 0 {
		mode |= fs.ModeSticky
	}
	if v&0o2000 != 0 {
		mode |= fs.ModeSetgid
	}
	return mode
}

// imageRoots holds each image's root file system, built once.
var imageRoots struct {
	sync.Mutex
	m map[string]*imageRoot
}

type imageRoot struct {
	root    *Inode
	workdir string
}

// buildRoot is the image's root file system, shared: a tree over it
// copies what it writes.
func buildRoot(repo, flavour string) (*Inode, string) {
	_, key := imageFS(repo, flavour)
	imageRoots.Lock()
	defer imageRoots.Unlock()
	im := imageRoots.m[key]
	if im == nil {
		root, workdir := makeRoot(repo, flavour)
		root.share()
		im = &imageRoot{root, workdir}
		if imageRoots.m == nil {
			imageRoots.m = map[string]*imageRoot{}
		}
		imageRoots.m[key] = im
	}
	return im.root, im.workdir
}

// makeRoot builds the image's root file system from rootfs.yaml.
func makeRoot(repo, flavour string) (*Inode, string) {
	e, _ := imageFS(repo, flavour)
	var chain []*ImageFS
	for i := 0; e != nil && i < 4; i++ {
		chain = append([]*ImageFS{e}, chain...)
		e = rootfs().Images[e.Base]
	}
	root := NewDir(0o755, 0, 0, time.Time{})
	workdir := "/"
	for _, e := range chain {
		at, _ := time.Parse(time.RFC3339, e.Built)
		if root.MTime.IsZero() || at.After(root.MTime) {
			root.MTime = at
		}
		if e.Workdir != "" {
			workdir = e.Workdir
		}
		for _, f := range e.Files {
			switch {
			case f.Dir:
				d := root.MkdirAll(f.Path, octal(f.Mode, 0o755), 0, 0, at)
				d.Mode, d.UID, d.GID, d.MTime = fs.ModeDir|octal(f.Mode, 0o755), f.UID, f.GID, at
			case f.Append != "":
				old := lookup(root, f.Path)
				if old == nil {
					root.Put(f.Path, []byte(f.Append), "", octal(f.Mode, 0o644), f.UID, f.GID, at)
				} else {
					old.Data = append(append([]byte(nil), old.Data...), f.Append...)
				}
			default:
				root.Put(f.Path, []byte(f.Content), f.Link, octal(f.Mode, 0o644), f.UID, f.GID, at)
			}
		}
	}
	return root, workdir
}

// lookup finds rel under n without following symlinks or mounts.
func lookup(n *Inode, rel string) *Inode {
	for _, c := range strings.Split(strings.Trim(rel, "/"), "/") {
		if n == nil || n.Kids == nil {
			return nil
		}
		n = n.Kids[c]
	}
	return n
}
