//go:build lite

package kubectl

import (
	"io"

	"kubeplay/core/kubectl/gotemplate"
	"kubeplay/core/lite"
)

// The lite build leaves the go-template engine out (core/lite): the page
// runs the line again in the full build.

func parseGoTemplate(string) (*gotemplate.Template, error) {
	lite.Need("kubectl -o go-template")
	return nil, nil
}

func printGoTemplate(io.Writer, *gotemplate.Template, []byte) error {
	lite.Need("kubectl -o go-template")
	return nil
}
