// Command devserver serves the built playground (dist/site) for `./build.sh serve` and the browser tests:
// precompressed brotli or gzip when the browser accepts it, the right Content-Type for every file, no-cache
// for index.html and long caching for content-hashed assets, and the same security headers as the worker.
package main

import (
	"flag"
	"log"
	"net/http"

	"kubeplay/site/devserver/serve"
)

func main() {
	dir := flag.String("dir", "dist/site", "directory to serve")
	addr := flag.String("addr", "127.0.0.1:8080", "listen address")
	flag.Parse()
	log.Printf("kubeplay: serving %s on http://%s/", *dir, *addr)
	log.Fatal(http.ListenAndServe(*addr, serve.Handler(*dir)))
}
