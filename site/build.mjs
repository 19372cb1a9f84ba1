// build.mjs: bundles the playground into OUT (default ../dist/site).
//   node build.mjs OUT
// Writes app-<hash>.js (src/main.js and everything it imports, minified), style-<hash>.css,
// index.html (from index.html with %APP_JS% / %STYLE_CSS% replaced), bench.html + bench-<hash>.js
// when present, coreworker-<hash>.js (the core's Web Worker), course.html + course-<hash>.js (the sample course page), kubectl-examples-<hash>.json (the documentation's examples, from build.sh's kubectl-examples.json), manifest.json ({wasm, wasmBytes, wasmBr, wasmGz, full, fullBytes, fullBr, fullGz, app, style, worker, boot, examples}) and copies static/* if present.
// kubeplay.wasm and wasm_exec.js are put into OUT by build.sh before this runs; wasm_exec.js is minified in place.
import { build, transform } from 'esbuild';
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(process.argv[2] || join(here, '..', 'dist', 'site'));
await mkdir(out, { recursive: true });

const targets = ['es2022', 'chrome100', 'firefox100', 'safari15'];
const hash = (buf) => createHash('sha256').update(buf).digest('hex').slice(0, 12);

async function bundle(entry, loader, format, define) {
  const r = await build({
    entryPoints: [join(here, entry)],
    bundle: true,
    minify: !process.env.KUBEPLAY_UNMINIFIED, // KUBEPLAY_UNMINIFIED=1: readable names in profiles
    format: loader === 'css' ? undefined : (format || 'esm'),
    target: targets,
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
    charset: 'utf8',
    loader: loader === 'css' ? { '.css': 'css' } : undefined,
    define,
  });
  return r.outputFiles[0].contents;
}

async function emit(prefix, ext, contents) {
  const name = `${prefix}-${hash(contents)}.${ext}`;
  await writeFile(join(out, name), contents);
  return name;
}

// Remove hashed assets of earlier builds, and precompressed variants of the files written here (build.sh
// compresses again afterwards; a stale index.html.br would point at assets that no longer exist).
for (const f of await readdir(out)) {
  if (/^(app|style|bench|course|coreworker|boot)-[0-9a-f]{8,}\.(js|css)(\.br|\.gz)?$/.test(f)) await rm(join(out, f));
  if (/^kubectl-examples-[0-9a-f]{8,}\.json(\.br|\.gz)?$/.test(f)) await rm(join(out, f));
  if (/^(index\.html|bench\.html|course\.html|manifest\.json)\.(br|gz)$/.test(f)) await rm(join(out, f));
}

const app = await emit('app', 'js', await bundle('src/main.js', 'js'));
// The documentation's examples (core/kubectl/examples), which build.sh wrote as kubectl-examples.json: named by
// their hash (kubectl-examples-<hash>.json), which the worker is given as KUBEPLAY_EXAMPLES; it fetches them when
// a call first names an example's URL.
let examples = 'kubectl-examples.json';
if (existsSync(join(out, examples))) {
  const plain = join(out, examples);
  examples = await emit('kubectl-examples', 'json', await readFile(plain));
  await rm(plain);
} else {
  console.warn('build.mjs: no kubectl-examples.json in', out, '(run ./build.sh to make it)');
}
// The core's Web Worker: a classic script (it loads wasm_exec.js with importScripts).
const worker = await emit('coreworker', 'js', await bundle('src/coreworker.js', 'js', 'iife', { KUBEPLAY_EXAMPLES: JSON.stringify(examples) }));
// A small classic script in index.html's head that starts that worker before the page bundle runs.
const boot = await emit('boot', 'js', await bundle('src/boot.js', 'js', 'iife'));
const style = await emit('style', 'css', await bundle('src/style.css', 'css'));

// Go's wasm_exec.js (the runtime's JS half, which the worker loads with importScripts), minified: its
// copyright header is kept, the other comments and the whitespace go (-1.3 KB brotli).
const wasmExec = join(out, 'wasm_exec.js');
if (existsSync(wasmExec) && !process.env.KUBEPLAY_UNMINIFIED) {
  const src = await readFile(wasmExec, 'utf8');
  const header = src.match(/^(\/\/.*\n)+/)?.[0] ?? '';
  const { code } = await transform(src, { minify: true, legalComments: 'none', target: targets, charset: 'utf8' });
  await writeFile(wasmExec, header + code);
}

let wasmBytes = 0;
try {
  wasmBytes = (await stat(join(out, 'kubeplay.wasm'))).size;
} catch {
  console.warn('build.mjs: no kubeplay.wasm in', out, '(run ./build.sh to build it)');
}
// What the download weighs when served compressed (build.sh compresses the wasm before this runs): the loader
// counts the download in these bytes, not in the 14 MB it decodes to. 0 when there is no such file.
const sizeOf = async (/** @type {string} */ name) => (await stat(join(out, name)).catch(() => null))?.size ?? 0;
const wasmBr = await sizeOf('kubeplay.wasm.br');
const wasmGz = await sizeOf('kubeplay.wasm.gz');
// The full build (core/lite: the worker loads it when a call needs it; a lesson's address loads it first).
const fullBytes = await sizeOf('kubeplay-full.wasm');
const fullBr = await sizeOf('kubeplay-full.wasm.br');
const fullGz = await sizeOf('kubeplay-full.wasm.gz');
const fill = (html, names) => html.replace(/%APP_JS%/g, names.app ?? '').replace(/%STYLE_CSS%/g, names.style ?? '').replace(/%BENCH_JS%/g, names.bench ?? '')
  .replace(/%BOOT_JS%/g, boot).replace(/%WORKER_JS%/g, worker).replace(/%WASM_BYTES%/g, String(wasmBytes))
  .replace(/%WASM_BR_BYTES%/g, String(wasmBr)).replace(/%WASM_GZ_BYTES%/g, String(wasmGz))
  .replace(/%FULL_BYTES%/g, String(fullBytes)).replace(/%FULL_BR_BYTES%/g, String(fullBr)).replace(/%FULL_GZ_BYTES%/g, String(fullGz));

await writeFile(join(out, 'index.html'), fill(await readFile(join(here, 'index.html'), 'utf8'), { app, style }));

let bench = null;
if (existsSync(join(here, 'bench.html')) && existsSync(join(here, 'src', 'bench.js'))) {
  bench = await emit('bench', 'js', await bundle('src/bench.js', 'js'));
  await writeFile(join(out, 'bench.html'), fill(await readFile(join(here, 'bench.html'), 'utf8'), { app, style, bench }));
}

// The sample course page (how to embed kubeplay in a course): two embedded playgrounds driven by postMessage from course-<hash>.js.
let course = null;
if (existsSync(join(here, 'course.html')) && existsSync(join(here, 'src', 'course.js'))) {
  course = await emit('course', 'js', await bundle('src/course.js', 'js'));
  await writeFile(join(out, 'course.html'), (await readFile(join(here, 'course.html'), 'utf8')).replace(/%COURSE_JS%/g, course));
}

if (existsSync(join(here, 'static'))) await cp(join(here, 'static'), out, { recursive: true });

const manifest = { wasm: 'kubeplay.wasm', wasmBytes, wasmBr, wasmGz, full: 'kubeplay-full.wasm', fullBytes, fullBr, fullGz, app, style, worker, boot, examples };
if (bench) manifest.bench = bench;
if (course) manifest.course = course;
await writeFile(join(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log(`build.mjs: ${app}, ${style}${bench ? ', ' + bench : ''} → ${out}`);
