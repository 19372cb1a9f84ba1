//go:build !js

package examples

import (
	"embed"
	"io/fs"
)

//go:embed files
var embedded embed.FS

// source reads the compiled-in files.
func source() (map[string]string, error) {
	m := map[string]string{}
	err := fs.WalkDir(embedded, "files", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := embedded.ReadFile(p)
		m[p[len("files/"):]] = string(b)
		return err
	})
	return m, err
}

// Provide is a no-op natively: the files are compiled in.
func Provide([]byte) {}
