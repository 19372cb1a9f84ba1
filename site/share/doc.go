// Package share decodes and encodes kubeplay's share payload, the state behind a share link: the page's
// files, scenario, seed and step. The format is a promise (a link once shared keeps opening): `v1:` + base64url without padding of
// raw DEFLATE (RFC 1951) of UTF-8 JSON shaped like
//
//	{"files":[{"name":"deploy.yaml","content":"..."}],"scenario":"","seed":1,"step":0}
//
// Unknown keys are ignored, so later writers may add fields; a later, incompatible format gets a new prefix
// and v1 payloads keep decoding forever. Everything in a payload is untrusted: Decode bounds the decompressed
// size (MaxDecoded) so that a deflate bomb costs milliseconds, and it never panics on hostile input.
//
// The short-link worker (site/worker) validates POST bodies with Decode; the browser's share.js mirrors it.
package share
