package seam

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"kubeplay/core/shell"
)

// The terminal's files are the editor's tabs: the page sends them with a
// line that names a file (`kubectl apply -f deploy.yaml`), and what
// `kubectl get ... -o yaml > web.yaml` writes comes back in the answer for
// the page to open as a tab. The files ride in the run entry's arguments, so
// a replayed journal reads the same ones.

// maxFiles and maxFileBytes bound what the page may send and a line may write.
const (
	maxFiles     = 50
	maxFileBytes = 1 << 20
)

// newShell returns the page's shell on the current cluster: its -f reads
// and its redirections write the page's files.
func (k *Core) newShell() *shell.Shell {
	k.c.SetFiles(k.readFile, k.readDir)
	sh := shell.New(k.c, &k.out)
	sh.WriteFile = k.writeFile
	return sh
}

// setFiles takes the editor's files ({name: content}) a run call carries.
func (k *Core) setFiles(s string) error {
	if s == "" {
		return nil
	}
	var files map[string]string
	if err := json.Unmarshal([]byte(s), &files); err != nil {
		return fmt.Errorf("run: files: %v", err)
	}
	if len(files) > maxFiles {
		return fmt.Errorf("run: %d files, at most %d", len(files), maxFiles)
	}
	k.files = files
	return nil
}

// fileName is a path as the editor names its tabs: without "./".
func fileName(p string) string {
	return strings.TrimPrefix(path.Clean(p), "./")
}

func (k *Core) readFile(p string) ([]byte, error) {
	if c, ok := k.files[fileName(p)]; ok {
		return []byte(c), nil
	}
	return nil, fs.ErrNotExist
}

// readDir lists the files under a directory ("." is the editor's top level).
func (k *Core) readDir(p string) ([]string, error) {
	dir := fileName(p)
	seen := map[string]bool{}
	var out []string
	for name := range k.files {
		rest := name
		if dir != "." {
			var ok bool
			if rest, ok = strings.CutPrefix(name, dir+"/"); !ok {
				continue
			}
		}
		first, _, _ := strings.Cut(rest, "/")
		if !seen[first] {
			seen[first] = true
			out = append(out, first)
		}
	}
	if len(out) == 0 {
		return nil, fs.ErrNotExist
	}
	sort.Strings(out)
	return out, nil
}

func (k *Core) writeFile(p string, data []byte, appendTo bool) error {
	name := fileName(p)
	if name == "." || name == "" || strings.HasSuffix(p, "/") {
		return errors.New("Is a directory")
	}
	if k.files == nil {
		k.files = map[string]string{}
	}
	_, exists := k.files[name]
	if !exists && len(k.files) >= maxFiles {
		return errors.New("No space left on device")
	}
	content := string(data)
	if appendTo {
		content = k.files[name] + content
	}
	if len(content) > maxFileBytes {
		return errors.New("File too large")
	}
	k.files[name] = content
	if k.written == nil {
		k.written = map[string]string{}
	}
	k.written[name] = content
	return nil
}
