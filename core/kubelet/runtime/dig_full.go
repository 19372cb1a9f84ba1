//go:build !lite

package runtime

import (
	"fmt"
	"strings"
)

// dig is BIND's: +short prints the addresses alone; otherwise the answer
// section as dig prints it. dig does not use the resolver's search list
// (+nosearch is its default): a short name is asked as it is.
func (t *tools) dig(args []string) int32 {
	var name string
	short := false
	for _, a := range args {
		switch {
		case a == "+short":
			short = true
		case strings.HasPrefix(a, "+") || strings.HasPrefix(a, "@") || strings.HasPrefix(a, "-"):
		case name == "" && a != "A" && a != "a" && a != "IN":
			name = a
		}
	}
	if name == "" {
		name = "."
	}
	fqdn := strings.TrimSuffix(name, ".") + "."
	var recs []Record
	ok := false
	if t.ctx.Net != nil && fqdn != "." {
		_, recs, ok = records(t.ctx.Net, fqdn)
	}
	if short {
		for _, r := range recs {
			t.print(r.IP)
		}
		return 0
	}
	server := "10.96.0.10"
	if t.ctx.Net != nil {
		server = t.ctx.Net.Nameserver()
	}
	status := "NOERROR"
	if !ok {
		status = "NXDOMAIN"
	}
	id := 0
	for _, c := range fqdn {
		id = (id*31 + int(c)) % 65536
	}
	t.print("")
	t.print("; <<>> DiG 9.18.33-1~deb12u2-Debian <<>> " + name)
	t.print(";; global options: +cmd")
	t.print(";; Got answer:")
	t.print(fmt.Sprintf(";; ->>HEADER<<- opcode: QUERY, status: %s, id: %d", status, id))
	authority := 0
	if !ok {
		authority = 1
	}
	t.print(fmt.Sprintf(";; flags: qr aa rd; QUERY: 1, ANSWER: %d, AUTHORITY: %d, ADDITIONAL: 1", len(recs), authority))
	t.print(";; WARNING: recursion requested but not available")
	t.print("")
	t.print(";; OPT PSEUDOSECTION:")
	t.print("; EDNS: version: 0, flags:; udp: 1232")
	t.print(";; QUESTION SECTION:")
	t.print(";" + fqdn + "\t\tIN\tA")
	t.print("")
	if ok {
		t.print(";; ANSWER SECTION:")
		for _, r := range recs {
			t.print(fmt.Sprintf("%s\t30\tIN\tA\t%s", fqdn, r.IP))
		}
	} else {
		t.print(";; AUTHORITY SECTION:")
		if strings.HasSuffix(fqdn, ".cluster.local.") {
			t.print("cluster.local.\t\t30\tIN\tSOA\tns.dns.cluster.local. hostmaster.cluster.local. 1764960000 7200 1800 86400 30")
		} else {
			// CoreDNS forwards a name outside the cluster's zone; the root answers.
			t.print(".\t\t\t30\tIN\tSOA\ta.root-servers.net. nstld.verisign-grs.com. 2025120500 1800 900 604800 86400")
		}
	}
	t.print("")
	t.print(";; Query time: 0 msec")
	t.print(fmt.Sprintf(";; SERVER: %s#53(%s) (UDP)", server, server))
	t.print(";; WHEN: " + t.ctx.Now.UTC().Format("Mon Jan 02 15:04:05 UTC 2006"))
	t.print("")
	return 0
}
