package validation_test

import "testing"

func TestEndpointsValidationSpeaksTheApiserversWords(t *testing.T) {
	for _, c := range []struct{ name, subsets, want string }{
		{"valid, protocol defaulted", `
- addresses: [{ip: 10.244.1.5, nodeName: demo-worker, hostname: web-0}]
  notReadyAddresses: [{ip: "2001:db8::5"}]
  ports: [{port: 80}]`, ""},
		{"no addresses", `
- ports: [{port: 80}]`, "The Endpoints \"e\" is invalid: subsets[0]: Required value: must specify `addresses` or `notReadyAddresses`"},
		{"special IPs", `
- addresses: [{ip: 0.0.0.0}, {ip: 169.254.1.1}, {ip: "::1"}, {ip: 224.0.0.5}, {ip: "fe80::1"}]`,
			"The Endpoints \"e\" is invalid: \n" +
				"* subsets[0].addresses[0].ip: Invalid value: \"0.0.0.0\": may not be unspecified (0.0.0.0)\n" +
				"* subsets[0].addresses[1].ip: Invalid value: \"169.254.1.1\": may not be in the link-local range (169.254.0.0/16, fe80::/10)\n" +
				"* subsets[0].addresses[2].ip: Invalid value: \"::1\": may not be in the loopback range (127.0.0.0/8, ::1/128)\n" +
				"* subsets[0].addresses[3].ip: Invalid value: \"224.0.0.5\": may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)\n" +
				"* subsets[0].addresses[4].ip: Invalid value: \"fe80::1\": may not be in the link-local range (169.254.0.0/16, fe80::/10)"},
		{"malformed IPs", `
- addresses: [{ip: 10.0.0.300}, {ip: 010.1.2.3}, {ip: "::ffff:10.1.2.3"}]`,
			"The Endpoints \"e\" is invalid: \n" +
				"* subsets[0].addresses[0].ip: Invalid value: \"10.0.0.300\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)\n" +
				"* subsets[0].addresses[1].ip: Invalid value: \"010.1.2.3\": must not have leading 0s\n" +
				"* subsets[0].addresses[2].ip: Invalid value: \"::ffff:10.1.2.3\": must not be an IPv4-mapped IPv6 address"},
		{"hostname and node", `
- addresses: [{ip: 10.0.0.1, hostname: Web_0, nodeName: "Node!"}]`,
			"The Endpoints \"e\" is invalid: \n" +
				"* subsets[0].addresses[0].hostname: Invalid value: \"Web_0\": " + labelMsg + "\n" +
				"* subsets[0].addresses[0].nodeName: Invalid value: \"Node!\": " + subdomainMsg},
		{"ports", `
- addresses: [{ip: 10.0.0.1}]
  ports: [{port: 70000, protocol: HTTP}, {name: b, port: 81}]`,
			"The Endpoints \"e\" is invalid: \n" +
				"* subsets[0].ports[0].name: Required value\n" +
				"* subsets[0].ports[0].port: Invalid value: 70000: must be between 1 and 65535, inclusive\n" +
				"* subsets[0].ports[0].protocol: Unsupported value: \"HTTP\": supported values: \"SCTP\", \"TCP\", \"UDP\""},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := apply(t, "apiVersion: v1\nkind: Endpoints\nmetadata:\n  name: e\nsubsets:"+c.subsets+"\n")
			if got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}
