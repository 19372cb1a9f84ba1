//go:build !lite

package runtime

import (
	"fmt"
	"strings"
)

// apt-get (and apt) in the Debian-based images that carry it (the
// catalog's tools): the docs pages install curl or procps in a running
// nginx (`apt-get update && apt-get install -y curl`), after which the
// container has the program. A fresh image has no package lists: install
// before update cannot locate the package, as on a real container. The
// mirror's sizes and versions are Debian 12 (bookworm)'s; what apt prints is
// its non-interactive output, shortened to the lines a learner reads.

// debPackage is a package the pages install: its version, the archive's
// size, and the commands it brings.
type debPackage struct {
	version, size string
	commands      []string
}

var debPackages = map[string]debPackage{
	"curl":           {"7.88.1-10+deb12u12", "315 kB", []string{"curl"}},
	"procps":         {"2:4.0.2-3", "709 kB", []string{"ps", "top", "free", "pgrep", "pkill"}},
	"wget":           {"1.21.3-1+b2", "984 kB", []string{"wget"}},
	"dnsutils":       {"1:9.18.33-1~deb12u2", "8812 B", []string{"nslookup", "dig"}},
	"iputils-ping":   {"3:20221126-1+deb12u1", "47.1 kB", []string{"ping"}},
	"net-tools":      {"2.10-0.1", "243 kB", []string{"netstat", "ifconfig"}},
	"vim":            {"2:9.0.1378-2+deb12u2", "1567 kB", []string{"vim"}},
	"netcat-openbsd": {"1.219-1", "41.3 kB", []string{"nc"}},
}

// apt runs apt-get or apt with args.
func (t *tools) apt(name string, args []string) int32 {
	p := t.p
	if name == "apt" {
		t.sh.eprint("")
		t.sh.eprint("WARNING: apt does not have a stable CLI interface. Use with caution in scripts.")
		t.sh.eprint("")
	}
	var verb string
	var pkgs []string
	for _, a := range args {
		switch {
		case strings.HasPrefix(a, "-"):
		case verb == "":
			verb = a
		default:
			pkgs = append(pkgs, a)
		}
	}
	switch verb {
	case "update":
		t.print("Get:1 http://deb.debian.org/debian bookworm InRelease [151 kB]")
		t.print("Get:2 http://deb.debian.org/debian bookworm-updates InRelease [55.4 kB]")
		t.print("Get:3 http://deb.debian.org/debian-security bookworm-security InRelease [48.0 kB]")
		t.print("Get:4 http://deb.debian.org/debian bookworm/main amd64 Packages [8792 kB]")
		t.print("Get:5 http://deb.debian.org/debian bookworm-updates/main amd64 Packages [6924 B]")
		t.print("Get:6 http://deb.debian.org/debian-security bookworm-security/main amd64 Packages [269 kB]")
		t.print("Fetched 9323 kB in 1s (7164 kB/s)")
		t.print("Reading package lists...")
		p.aptUpdated = true
		return 0
	case "install":
		t.print("Reading package lists...")
		t.print("Building dependency tree...")
		t.print("Reading state information...")
		var fresh []string
		for _, pkg := range pkgs {
			d, known := debPackages[pkg]
			if !p.aptUpdated || !known {
				t.sh.eprint("E: Unable to locate package " + pkg)
				return 100
			}
			if p.hasAll(d.commands) {
				t.print(fmt.Sprintf("%s is already the newest version (%s).", pkg, d.version))
				continue
			}
			fresh = append(fresh, pkg)
		}
		if len(fresh) > 0 {
			t.print("The following NEW packages will be installed:")
			t.print("  " + strings.Join(fresh, " "))
		}
		t.print(fmt.Sprintf("0 upgraded, %d newly installed, 0 to remove and 0 not upgraded.", len(fresh)))
		for i, pkg := range fresh {
			d := debPackages[pkg]
			t.print(fmt.Sprintf("Get:%d http://deb.debian.org/debian bookworm/main amd64 %s amd64 %s [%s]", i+1, pkg, d.version, d.size))
		}
		for _, pkg := range fresh {
			d := debPackages[pkg]
			t.print(fmt.Sprintf("Setting up %s (%s) ...", pkg, d.version))
			if p.installed == nil {
				p.installed = map[string]bool{}
			}
			for _, c := range d.commands {
				p.installed[c] = true
			}
		}
		return 0
	case "":
		t.print("apt 2.6.1 (amd64)")
		return 1
	}
	t.sh.eprint("E: Invalid operation " + verb)
	return 100
}

// hasAll reports whether the container has every one of the commands.
func (p *Process) hasAll(commands []string) bool {
	for _, c := range commands {
		if !p.hasTool(c) {
			return false
		}
	}
	return true
}
