// The globals the page's scripts share with each other and with the Go program (wasm/main.go; wasm_exec.js),
// for tsc --checkJs (site/tsconfig.json). Nothing here is bundled.

/** The core's Web Worker is a classic worker script (coreworker.js loads wasm_exec.js with it). */
declare function importScripts(...urls: string[]): void;

/** wasm_exec.js's Go runtime, in the core's worker. */
declare class Go {
  importObject: WebAssembly.Imports;
  run(instance: WebAssembly.Instance): Promise<void>;
}

/** window.kubeplay (api.js). */
declare var kubeplay: import('./api.js').Kubeplay;
/** boot.js: the core's worker, started from index.html's head, with its first messages (core.js adopts it). */
declare var __kubeplayBoot: { worker: Worker; queue: unknown[]; failed: string | null } | undefined;
/** boot.js: settles when its compilation of kubeplay.wasm has (or when it left the wasm to the worker). */
declare var __kubeplayCompiled: Promise<undefined> | undefined;
/** build.mjs: the name of the documentation's examples bundle (kubectl-examples-<hash>.json), in the core's worker. */
declare const KUBEPLAY_EXAMPLES: string;
/** wasm/main.go: the seam's function table, in the core's worker. */
declare var __kubeplayCore: Record<string, any> | undefined;
/** coreworker.js: called by wasm/main.go once __kubeplayCore is registered. */
declare var __kubeplayReady: ((core: Record<string, any>) => void) | undefined;
/** Set before api.js is imported, it keeps api.js from loading the core at once. */
declare var __kubeplayNoAutoStart: boolean | undefined;
/** For tests and the console: the views (ui/app.js). */
declare var __kubeplayUI: Record<string, any> | undefined;
/** course.js (the sample course page): its postMessage client, for the browser tests and the console. */
declare var course: {
  send(frameId: string, msg: { type: string } & Record<string, unknown>): Promise<any>;
  ready(frameId: string): Promise<unknown> | undefined;
  log: Record<string, unknown>[];
};
