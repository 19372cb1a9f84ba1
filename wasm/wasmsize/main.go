// Command wasmsize prints what a Go wasm binary holds, by package: the bytes
// of function code each package's functions take (from the binary's name
// section; build without -s -w so that it is there), and the data segments'
// total. ./build.sh sizes builds the playground's wasm with names and runs it.
//
//	go run ./wasm/wasmsize kubeplay.wasm [-n 40]
package main

import (
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
)

func main() {
	n := flag.Int("n", 40, "packages to list")
	funcs := flag.Int("f", 0, "also list the largest functions")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: wasmsize [-n 40] [-f 0] file.wasm")
		os.Exit(2)
	}
	b, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	m, err := parse(b)
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
	byPkg := map[string]int{}
	total := 0
	for i, size := range m.bodies {
		name := m.names[m.imports+i]
		byPkg[pkgOf(name)] += size
		total += size
	}
	type row struct {
		pkg  string
		size int
	}
	var rows []row
	for p, s := range byPkg {
		rows = append(rows, row{p, s})
	}
	sort.Slice(rows, func(i, j int) bool {
		return rows[i].size > rows[j].size || rows[i].size == rows[j].size && rows[i].pkg < rows[j].pkg
	})
	fmt.Printf("%-48s %10s %6s\n", "package (function code)", "bytes", "share")
	for i, r := range rows {
		if i == *n {
			break
		}
		fmt.Printf("%-48s %10d %5.1f%%\n", r.pkg, r.size, 100*float64(r.size)/float64(total))
	}
	if *funcs > 0 {
		idx := make([]int, len(m.bodies))
		for i := range idx {
			idx[i] = i
		}
		sort.Slice(idx, func(a, b int) bool { return m.bodies[idx[a]] > m.bodies[idx[b]] })
		fmt.Printf("\n%-72s %10s\n", "function", "bytes")
		for _, i := range idx[:min(*funcs, len(idx))] {
			fmt.Printf("%-72s %10d\n", m.names[m.imports+i], m.bodies[i])
		}
		fmt.Println()
	}
	fmt.Printf("%-48s %10d\n", "all function code", total)
	fmt.Printf("%-48s %10d\n", "data segments", m.data)
	fmt.Printf("%-48s %10d\n", "file", len(b))
}

// pkgOf is the package path of a Go symbol name (runtime.mallocgc → runtime,
// kubeplay/core/api.(*Pod).DeepCopy → kubeplay/core/api).
func pkgOf(sym string) string {
	if sym == "" {
		return "(unnamed)"
	}
	if rest, ok := strings.CutPrefix(sym, "gopkg.in"); ok { // gopkg.in/yaml%2ev3.x: the host's dot is not the package's end
		return "gopkg.in" + pkgOf(rest)
	}
	slash := strings.LastIndex(sym, "/")
	dot := strings.Index(sym[slash+1:], ".")
	if dot < 0 {
		return sym
	}
	return sym[:slash+1+dot]
}

type module struct {
	imports int
	bodies  []int
	names   map[int]string
	data    int
}

func parse(b []byte) (*module, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, errors.New("not a wasm binary")
	}
	m := &module{names: map[int]string{}}
	r := &reader{b: b, p: 8}
	for r.p < len(b) {
		id := r.byte()
		size := int(r.uleb())
		end := r.p + size
		sec := &reader{b: b[:end], p: r.p}
		switch id {
		case 2: // imports: count the functions
			for k := sec.uleb(); k > 0; k-- {
				sec.name()
				sec.name()
				switch sec.byte() {
				case 0:
					sec.uleb()
					m.imports++
				case 1:
					sec.byte()
					sec.limits()
				case 2:
					sec.limits()
				case 3:
					sec.byte()
					sec.byte()
				}
			}
		case 10: // code
			for k := sec.uleb(); k > 0; k-- {
				s := int(sec.uleb())
				m.bodies = append(m.bodies, s)
				sec.p += s
			}
		case 11:
			m.data = size
		case 0:
			if sec.name() == "name" {
				for sec.p < end {
					sub := sec.byte()
					ss := int(sec.uleb())
					if sub != 1 {
						sec.p += ss
						continue
					}
					for k := sec.uleb(); k > 0; k-- {
						idx := int(sec.uleb())
						m.names[idx] = sec.name()
					}
				}
			}
		}
		r.p = end
	}
	if len(m.names) == 0 {
		return nil, errors.New("the binary has no function names: build it without -ldflags='-s -w'")
	}
	return m, nil
}

type reader struct {
	b []byte
	p int
}

func (r *reader) byte() byte { c := r.b[r.p]; r.p++; return c }

func (r *reader) uleb() uint64 {
	v, n := binary.Uvarint(r.b[r.p:])
	r.p += n
	return v
}

func (r *reader) name() string {
	n := int(r.uleb())
	s := string(r.b[r.p : r.p+n])
	r.p += n
	return s
}

func (r *reader) limits() {
	if r.byte()&1 == 1 {
		r.uleb()
	}
	r.uleb()
}
