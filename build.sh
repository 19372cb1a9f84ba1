#!/usr/bin/env bash
# kubeplay's one build entry point.
#   ./build.sh          build everything (native CLI, wasm, site bundle) into dist/
#   ./build.sh serve    build, then serve the playground on http://127.0.0.1:${PORT:-8080} (and open it with xdg-open if there is a display)
#   ./build.sh test     install what tests need if missing, then run every test
#                       (the relay's property tests play KUBEPLAY_SEEDS seeds of KUBEPLAY_OPS
#                       operations, KUBEPLAY_ROLLOUT_SEEDS/_OPS for the rollout one: see
#                       core/cluster/property_test.go; with any of them set there is no test timeout)
#   ./build.sh worker   build, then run the Cloudflare Worker locally (wrangler dev --local) on :8787
#   ./build.sh bench    run the benchmarks and print their figures
#   ./build.sh sizes    print what the page downloads (brotli) and what the wasm holds, by package
#   ./build.sh budgets  measure every budgeted figure in the browser beside the native one, as one table
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(pwd)
DIST="$ROOT/dist"
export CGO_ENABLED=0

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

need_node_modules() {
	# $1: directory with package.json + package-lock.json
	local d=$1
	[ -f "$d/package-lock.json" ] || return 0
	if [ ! -d "$d/node_modules" ] || [ "$d/package-lock.json" -nt "$d/node_modules/.package-lock.json" ]; then
		log "npm ci in ${d#$ROOT/}"
		(cd "$d" && npm ci --no-audit --no-fund --loglevel=error)
	fi
}

build_native() {
	log "go build kubeplay (native CLI)"
	mkdir -p "$DIST"
	go build -trimpath -o "$DIST/kubeplay" ./core/cmd/kubeplay
}

# The wasm inlines only where the relay's hot path runs (the runtime and the lowest standard packages,
# reflect, strconv and strings, the store, the apiserver and its JSON encoder core/api/jsonenc, the clients,
# the scheduler, the clock and the trace): inlining everywhere else (kubectl, validation, controllers, the
# kubelet, core/api, yaml, the page's seam) cost 260 KB of brotli for no speed a learner sees. Measured under
# wasm (Node): turning inlining off everywhere cost 40% of SchedulingBasic's pods/s; off in reflect as well,
# 17%. Off in encoding/json: no change in SchedulingBasic (1,801–1,840 against 1,749–1,857 pods/s), 8 KB less
# brotli, and V8 spends less time optimizing its decoder while the first cluster starts (TurboFan: 415 →
# 246 ms of CPU in a cold reset).
WASM_GCFLAGS=(-gcflags=all=-l)
for p in 'runtime/...' 'internal/runtime/...' internal/bytealg internal/abi internal/stringslite internal/sync internal/strconv \
	sync sync/atomic reflect strconv strings \
	'kubeplay/core/scheduler/...' kubeplay/core/store kubeplay/core/apiserver kubeplay/core/api/jsonenc kubeplay/core/client kubeplay/core/sim kubeplay/core/trace; do
	WASM_GCFLAGS+=("-gcflags=$p=")
done

build_wasm() {
	[ -d wasm ] || return 0
	mkdir -p "$DIST/site"
	# Two builds of one program (core/lite): kubeplay.wasm, the page's first download, made with the lite tag,
	# leaves out what a learner rarely reaches in a first session; kubeplay-full.wasm has everything, and the
	# core's worker loads it when a call reaches something the lite build left out.
	log "go build wasm (GOOS=js GOARCH=wasm): kubeplay.wasm (-tags lite), kubeplay-full.wasm"
	GOOS=js GOARCH=wasm go build -trimpath "${WASM_GCFLAGS[@]}" -tags lite -ldflags='-s -w' -o "$DIST/site/kubeplay.wasm" ./wasm
	GOOS=js GOARCH=wasm go build -trimpath "${WASM_GCFLAGS[@]}" -ldflags='-s -w' -o "$DIST/site/kubeplay-full.wasm" ./wasm
	for w in kubeplay kubeplay-full; do
		# One data segment where the linker writes 100,000, the same memory but for the runtime's tables only
		# tracebacks read, zeroed (wasm/wasmpack): 126 + 289 KB less brotli.
		go run ./wasm/wasmpack "$DIST/site/$w.wasm"
		# Compressed now, so that build.mjs can give the page what the download weighs (the loader counts it).
		compress "$DIST/site/$w.wasm"
	done
	cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" "$DIST/site/wasm_exec.js"
	# kubectl explain's OpenAPI document: the wasm leaves it out, the worker fetches it when first needed.
	cp core/kubectl/explaindoc/openapi.json "$DIST/site/explain-openapi.json"
	# The documentation's examples (kubectl -f https://k8s.io/examples/...): the same, fetched when a call first
	# names one; build.mjs renames the bundle by its hash (kubectl-examples-<hash>.json).
	go run ./core/kubectl/examples/gen -bundle "$DIST/site/kubectl-examples.json"
}

build_site() {
	[ -f site/package.json ] || return 0
	need_node_modules site
	log "bundle site (esbuild)"
	(cd site && node build.mjs "$DIST/site")
}

# compress writes f.gz and, with brotli at hand, f.br.
compress() {
	gzip -9 -k -f -n "$1"
	if command -v brotli >/dev/null 2>&1; then brotli -f -q 11 -o "$1.br" "$1"; fi
}

compress_site() {
	[ -d "$DIST/site" ] || return 0
	log "precompress (brotli, gzip)"
	# kubeplay.wasm is not among them: build_wasm compressed it, before build.mjs read what it weighs.
	find "$DIST/site" -type f \( -name '*.js' -o -name '*.css' -o -name '*.html' -o -name '*.svg' -o -name '*.json' \) | while read -r f; do
		compress "$f"
	done
}

build_all() {
	build_native
	build_wasm
	build_site
	compress_site
}

ensure_test_deps() {
	if ! command -v chromium >/dev/null 2>&1 || ! command -v brotli >/dev/null 2>&1 || [ ! -d /usr/share/fonts/opentype/noto ]; then
		log "installing chromium, brotli and CJK fonts (Debian packages)"
		if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
		$SUDO apt-get update -qq
		DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium brotli fonts-noto-cjk >/dev/null
	fi
}

cmd=${1:-build}
case "$cmd" in
build)
	build_all
	;;
serve)
	build_all
	port=${PORT:-8080}
	log "serving http://127.0.0.1:$port/"
	if command -v xdg-open >/dev/null 2>&1 && [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
		# open a browser once the server answers
		( for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.2; done
		  xdg-open "http://127.0.0.1:$port/" >/dev/null 2>&1 ) &
	fi
	exec go run ./site/devserver -dir "$DIST/site" -addr "127.0.0.1:${PORT:-8080}"
	;;
test)
	ensure_test_deps
	build_all
	need_node_modules site/worker
	log "go mod tidy -diff (go.mod and go.sum say exactly what the code imports)"
	go mod tidy -diff
	# Our packages: ./... without npm's node_modules (an npm package may ship Go files: flatted does).
	mapfile -t pkgs < <(go list ./... | grep -v /node_modules/)
	log "deadcode -test (no unreachable functions; golang.org/x/tools, pinned)"
	dead=$(go run golang.org/x/tools/cmd/deadcode@v0.52.0 -test "${pkgs[@]}")
	if [ -n "$dead" ]; then
		printf '%s\n' "$dead" >&2
		exit 1
	fi
	log "go vet"
	go vet ./core/... ./site/devserver/... ./site/share/... ./site/worker/... ./wasm/wasmsize/ ./wasm/wasmpack/
	GOOS=js GOARCH=wasm go vet ./site/worker/
	GOOS=js GOARCH=wasm go vet -tags lite ./wasm/...
	log "go test (core, wasm glue natively where possible, browser tests)"
	timeout=40m
	if [ -n "${KUBEPLAY_SEEDS:-}${KUBEPLAY_OPS:-}${KUBEPLAY_ROLLOUT_SEEDS:-}${KUBEPLAY_ROLLOUT_OPS:-}" ]; then
		timeout=0 # thousands of seeds take as long as they take
		log "property tests at scale: KUBEPLAY_SEEDS=${KUBEPLAY_SEEDS:-} KUBEPLAY_OPS=${KUBEPLAY_OPS:-} KUBEPLAY_ROLLOUT_SEEDS=${KUBEPLAY_ROLLOUT_SEEDS:-} KUBEPLAY_ROLLOUT_OPS=${KUBEPLAY_ROLLOUT_OPS:-}"
	fi
	rm -f "$DIST/e2e-count.txt"
	KUBEPLAY_REQUIRE_BROWSER=1 KUBEPLAY_E2E_COUNT="$DIST/e2e-count.txt" KUBEPLAY_DIST="$DIST" go test -count=1 -timeout "$timeout" "${pkgs[@]}"
	ran=$(cat "$DIST/e2e-count.txt" 2>/dev/null || echo 0)
	log "browser tests that ran in chromium: $ran"
	if [ "$ran" -lt 1 ]; then
		echo "no browser test ran" >&2
		exit 1
	fi
	log "go test -tags lite (the page's first download: core/lite)"
	go test -count=1 -tags lite -run 'TestTheLiteBuild|Lite' ./core/shell/ ./wasm/seam/
	if [ -d site/test ]; then
		log "node --test site/test (the page's pure JS modules)"
		node --test site/test/
	fi
	log "eslint site (src, test, build.mjs; no warnings allowed: site/eslint.config.js)"
	(cd site && npm run --silent lint)
	log "tsc --checkJs --noEmit (site/tsconfig.json: the page's JavaScript, strict less the three options it names)"
	(cd site && npm run --silent typecheck)
	if [ -d scenarios ] && ls scenarios/*.yaml >/dev/null 2>&1; then
		log "kubeplay check scenarios/"
		"$DIST/kubeplay" check scenarios/
	fi
	log "all tests passed"
	;;
bench)
	go test -run '^$' -bench . -benchmem ./core/...
	;;
budgets)
	# Every budgeted figure (payload, cold load, SchedulingBasic pods/s and heap per pod) in one run, in the
	# browser beside the same run's native figure (site/e2e BenchmarkBudgets).
	ensure_test_deps
	build_all
	KUBEPLAY_DIST="$DIST" go test ./site/e2e -run '^$' -bench '^BenchmarkBudgets$' -benchtime 1x -timeout 30m -v | grep -v '^=== '
	;;
sizes)
	build_all
	log "what the page downloads, brotli (precompressed files in dist/site)"
	(cd "$DIST/site" && raw=0 br=0 && for f in index.html app-*.js coreworker-*.js boot-*.js style-*.css wasm_exec.js kubeplay.wasm; do
		printf '%-36s %10s bytes raw %10s bytes brotli\n' "$f" "$(stat -c %s "$f")" "$(stat -c %s "$f.br" 2>/dev/null || echo -)"
		raw=$((raw + $(stat -c %s "$f"))) br=$((br + $(stat -c %s "$f.br" 2>/dev/null || echo 0)))
	done && printf '%-36s %10s bytes raw %10s bytes brotli (budget 2000000)\n' "the page's payload" "$raw" "$br" &&
		printf '%-36s %10s bytes raw %10s bytes brotli (when a call first needs it)\n' kubeplay-full.wasm "$(stat -c %s kubeplay-full.wasm)" "$(stat -c %s kubeplay-full.wasm.br)")
	log "what the wasm holds, by package (builds with their function names): the lite build, then the full one"
	GOOS=js GOARCH=wasm go build -trimpath "${WASM_GCFLAGS[@]}" -tags lite -o "$DIST/kubeplay-names.wasm" ./wasm
	go run ./wasm/wasmsize -n "${N:-40}" "$DIST/kubeplay-names.wasm"
	GOOS=js GOARCH=wasm go build -trimpath "${WASM_GCFLAGS[@]}" -o "$DIST/kubeplay-full-names.wasm" ./wasm
	go run ./wasm/wasmsize -n "${N:-40}" "$DIST/kubeplay-full-names.wasm"
	;;
worker)
	build_all
	[ -d site/worker ] || { echo "site/worker is not built yet" >&2; exit 1; }
	need_node_modules site/worker
	log "wrangler dev --local on http://127.0.0.1:8787 (builds the Go worker: site/worker/build)"
	cd site/worker
	export KUBEPLAY_SITE="$DIST/site"
	export WRANGLER_SEND_METRICS=false CLOUDFLARE_CF_FETCH_ENABLED=false CI=true
	set -m
	npx wrangler dev --local --ip 127.0.0.1 --port 8787 &
	pid=$!
	trap 'kill -- -$pid 2>/dev/null || true' EXIT INT TERM
	wait $pid
	;;
*)
	echo "usage: ./build.sh [build|serve|test|worker|bench]" >&2
	exit 2
	;;
esac
