// Loading @ffmpeg/core (ffmpeg 5.1 built for WebAssembly, single thread) into
// the worker that calls it, from URLs the host gives.

// [Note: ffmpeg.wasm runs in our worker, from @ffmpeg/core directly]
//
// @ffmpeg/ffmpeg (the package's front end) is a class for a page: `load()`
// spawns a module worker of its own (`new Worker(new URL("./worker.js",
// import.meta.url))`) and every call (write, exec, read, mount) is a message
// to it. From our dedicated media worker that would be a nested worker, which
// Chromium supports. Its one gain, that a run that never ends could be
// stopped by terminating that worker, is had as well by terminating ours
// (see: [Note: Each ffmpeg run gets a fresh core instance, one at a time]),
// and it costs a good deal:
// - a second hop for every call, and a job split into several async messages
//   (mount, exec, read, unmount) that other jobs could interleave with;
// - the bundler has to find and emit its worker file inside node_modules;
// - its package maps the `node` condition to an empty module, so none of it
//   runs in a Node test.
// That worker is a thin shell: it imports the core's module factory
// (`createFFmpegCore`) and calls its synchronous `exec`, `ffprobe` and `FS`.
// We do the same in our own worker: import the factory from `coreURL`,
// compile the WebAssembly from `wasmURL`, instantiate. Every call is then a
// plain synchronous function call on the worker's thread (see: [Note: Each
// ffmpeg run gets a fresh core instance, one at a time]).
//
// Why it holds up:
// - Input is mounted with WORKERFS (`FS.mount(WORKERFS, { blobs })`): ffmpeg
//   reads the Blob through `FileReaderSync` a slice at a time, exactly the
//   bytes it asks for, so a 2 GB video is never read whole, never copied into
//   the WebAssembly heap. `FileReaderSync` exists only in workers, which is
//   why this must run in a dedicated worker (and, in Node tests, with a
//   stand-in for it).
// - The core is an ES module built for workers only (its build hard-codes
//   ENVIRONMENT_IS_WORKER): it reads `self.location` once and needs `fetch`
//   or `instantiateWasm` for its WebAssembly. We give `instantiateWasm`, so the
//   WebAssembly is compiled by us, once, from the host's URL (streamed when
//   served as application/wasm), and each run's fresh instance costs no
//   compiling.
// - `ffprobe` is in core 0.12.10 (`Module.ffprobe`), so probing needs no
//   parsing of ffmpeg's human-readable log: ffprobe writes JSON to a file.
// - The URLs are parameters: the web build passes the npm package's files
//   through Vite `?url` imports (bundled-ffmpeg-core.ts), the desktop app and
//   the tests pass their own. Nothing is fetched from a CDN.

/** Where the core's files are served. */
export interface FFmpegCoreSource {
  /** The ES module build of @ffmpeg/core (`dist/esm/ffmpeg-core.js`). */
  coreURL: string;
  /** Its WebAssembly (`dist/esm/ffmpeg-core.wasm`, 32 MB). */
  wasmURL: string;
}

/** An entry of ffmpeg's log, as the core reports it. */
export interface FFmpegLogEntry {
  type: string;
  message: string;
}

/** The part of Emscripten's file system the runner uses. */
export interface FFmpegFileSystem {
  mkdir(path: string): void;
  rmdir(path: string): void;
  readdir(path: string): string[];
  unlink(path: string): void;
  /** A copy in a buffer of its own. */
  readFile(path: string): Uint8Array<ArrayBuffer>;
  mount(
    type: unknown,
    options: { blobs: { name: string; data: Blob }[] },
    mountPoint: string,
  ): void;
  unmount(mountPoint: string): void;
  filesystems: { WORKERFS: unknown };
}

/** The part of @ffmpeg/core's module the runner uses; every call is synchronous. */
export interface FFmpegCore {
  FS: FFmpegFileSystem;
  /** Runs `ffmpeg -nostdin -y …args`; answers the exit code (1 also when the timeout fired). */
  exec(...args: string[]): number;
  /** Runs `ffprobe …args`; its exit code is not reported reliably, judge by its output. */
  ffprobe(...args: string[]): number;
  /** A limit for the next `exec`/`ffprobe`; -1 for none. */
  setTimeout(timeoutMs: number): void;
  setLogger(logger: (entry: FFmpegLogEntry) => void): void;
}

/** The options Emscripten's module factory takes that we use. */
interface FFmpegCoreOptions {
  instantiateWasm(
    imports: WebAssembly.Imports,
    receiveInstance: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
  ): WebAssembly.Exports;
}

type FFmpegCoreFactory = (options: FFmpegCoreOptions) => Promise<FFmpegCore>;

/** Compiles the WebAssembly, streaming it when the server says it is WebAssembly. */
const compileWasm = async (response: Response): Promise<WebAssembly.Module> => {
  if (!response.ok) {
    throw new Error(`ffmpeg-core.wasm answered HTTP ${String(response.status)}`);
  }
  const contentType = response.headers.get("content-type") ?? "";
  // instantiateStreaming refuses any other content type; a plain download then compile works anywhere.
  if (contentType.split(";")[0]?.trim() === "application/wasm") {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
};

const isFactory = (value: unknown): value is FFmpegCoreFactory => typeof value === "function";

/** A loaded core: its factory and compiled WebAssembly, from which instances are made. */
export interface FFmpegCoreLoader {
  /** A new core instance (a fresh heap); tens of ms, the WebAssembly is already compiled. */
  instantiate(): Promise<FFmpegCore>;
}

/**
 * Fetches and compiles the core once. `fetchWasm` is `fetch` in a browser;
 * tests under Node (whose fetch has no `file:` URLs) give their own.
 * See: [Note: ffmpeg.wasm runs in our worker, from @ffmpeg/core directly]
 */
export const loadFFmpegCore = async (
  { coreURL, wasmURL }: FFmpegCoreSource,
  fetchWasm: (url: string) => Promise<Response>,
): Promise<FFmpegCoreLoader> => {
  const [coreModule, wasmModule] = await Promise.all([
    import(/* @vite-ignore */ coreURL) as Promise<{ default?: unknown }>,
    fetchWasm(wasmURL).then(compileWasm),
  ]);
  const factory = coreModule.default;
  if (!isFactory(factory)) throw new Error(`${coreURL} does not export @ffmpeg/core's factory`);
  return {
    instantiate: () =>
      factory({
        instantiateWasm: (imports, receiveInstance) => {
          // Instantiating an already compiled module synchronously is allowed in workers.
          const instance = new WebAssembly.Instance(wasmModule, imports);
          receiveInstance(instance, wasmModule);
          return instance.exports;
        },
      }),
  };
};
