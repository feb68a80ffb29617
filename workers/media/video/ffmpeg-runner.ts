// Runs of ffmpeg.wasm in the worker: the core fetched and compiled on the
// first video, then each run of ffmpeg or ffprobe on a fresh instance of it,
// one at a time, with the input Blob mounted read-only.
// See: [Note: ffmpeg.wasm runs in our worker, from @ffmpeg/core directly]

import { type FFmpegCoreLoader, type FFmpegCoreSource, loadFFmpegCore } from "./ffmpeg-core";
import { FFmpegUnavailableError } from "./video-errors";

// [Note: Each ffmpeg run gets a fresh core instance, one at a time]
//
// ffmpeg.wasm is ffmpeg's command-line program compiled once into one
// WebAssembly heap, and `exec` calls its main() again and again. main() was
// not written to be called twice: after a failed run (a file that is not a
// video, a damaged stream, a timeout) some of its global state is left
// behind, and a later run on the same instance can fail in odd ways or crash
// with "memory access out of bounds" (our tests hit this after a few dozen
// mixed runs). Its heap also only grows: one 4K frame leaves hundreds of MB
// held for the worker's life.
//
// So the expensive part is done once and lazily (fetching and compiling the
// 32 MB of WebAssembly, only when a video first comes, with concurrent first
// calls waiting for the same load, and a failed load tried again by the next
// call rather than remembered), and every run of ffmpeg or ffprobe gets a
// fresh instance of the compiled module (tens of ms), which is dropped with
// its heap once its output is read. Runs are chained on one promise, so one
// instance exists at a time (memory stays bounded however many files the
// upload lanes hand in) and each runs to its end before the next starts: the
// reference app saw parallel runs on one core corrupt it, and queued them too.
//
// A run blocks the thread it is called on until ffmpeg ends (seconds for a
// frame deep into a 4K video), so the host should be a worker of its own or
// one whose other work can wait. A run that never ends (ffmpeg.wasm has such
// bugs; see: [Note: Video thumbnails use JPEG's standard Huffman tables])
// cannot be stopped from inside: ffmpeg's timeout is only checked between
// frames. Only terminating the worker stops it, so the host's client should
// give each video call a deadline and start a new worker past it.

/** Where the input Blob is mounted (WORKERFS, read-only, read a slice at a time). */
const inputDir = "/input";
/** Where a run writes its output (MEMFS, in the instance's heap). */
const outputDir = "/output";
/** ffmpeg's log lines a run keeps: the cause of a failure is in the last few, and a log can be long. */
const logLinesKept = 40;

export type FFmpegTool = "ffmpeg" | "ffprobe";

/** Paths inside ffmpeg's file system for a run's arguments. */
export interface FFmpegRunPaths {
  /** The input Blob's path. */
  input: string;
  /** The path of an output file `name` (a plain file name). */
  output: (name: string) => string;
}

export interface FFmpegRunRequest {
  tool: FFmpegTool;
  /** The command line after the program name; ffmpeg gets `-nostdin -y` first. */
  args: (paths: FFmpegRunPaths) => string[];
  /** The run is stopped after this long (ffmpeg then exits with 1). */
  timeoutMs: number;
}

export interface FFmpegRun {
  /** ffmpeg's exit code; for ffprobe, which does not report one reliably, judge by `outputs`. */
  exitCode: number;
  /** The bytes of each output file the run wrote, by name; empty files left out. */
  outputs: ReadonlyMap<string, Uint8Array<ArrayBuffer>>;
  /** ffmpeg's last log lines. */
  log: readonly string[];
}

export interface FFmpegRunner {
  /** Runs ffmpeg or ffprobe on `file`. See: [Note: Each ffmpeg run gets a fresh core instance, one at a time] */
  run(file: Blob, request: FFmpegRunRequest): Promise<FFmpegRun>;
}

export interface FFmpegRunnerOptions {
  /** How the WebAssembly is fetched; `fetch` by default. */
  fetchWasm?: (url: string) => Promise<Response>;
}

/** A short, safe extension of the file's name (ffmpeg uses it to guess raw formats), or none. */
const inputName = (file: Blob): string => {
  const extension = file instanceof File ? /\.([a-z0-9]{1,8})$/i.exec(file.name)?.[1] : undefined;
  return extension === undefined ? "input" : `input.${extension.toLowerCase()}`;
};

export const createFFmpegRunner = (
  source: FFmpegCoreSource,
  { fetchWasm = (url) => fetch(url) }: FFmpegRunnerOptions = {},
): FFmpegRunner => {
  let loading: Promise<FFmpegCoreLoader> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const loader = (): Promise<FFmpegCoreLoader> => {
    loading ??= loadFFmpegCore(source, fetchWasm).catch((error: unknown) => {
      loading = undefined;
      throw new FFmpegUnavailableError({ cause: error });
    });
    return loading;
  };

  const runOnFreshCore = async (
    file: Blob,
    { tool, args, timeoutMs }: FFmpegRunRequest,
  ): Promise<FFmpegRun> => {
    const compiled = await loader();
    try {
      const core = await compiled.instantiate();
      const log: string[] = [];
      core.setLogger(({ message }) => {
        log.push(message);
        if (log.length > logLinesKept) log.shift();
      });
      const { FS } = core;
      const name = inputName(file);
      FS.mkdir(inputDir);
      FS.mkdir(outputDir);
      FS.mount(FS.filesystems.WORKERFS, { blobs: [{ name, data: file }] }, inputDir);
      const output = (outputName: string) => `${outputDir}/${outputName}`;
      const commandLine = args({ input: `${inputDir}/${name}`, output });
      core.setTimeout(timeoutMs);
      const exitCode = tool === "ffmpeg" ? core.exec(...commandLine) : core.ffprobe(...commandLine);
      const outputs = new Map<string, Uint8Array<ArrayBuffer>>();
      for (const entry of FS.readdir(outputDir)) {
        if (entry === "." || entry === "..") continue;
        const bytes = FS.readFile(output(entry));
        if (bytes.length > 0) outputs.set(entry, bytes);
      }
      // The instance is dropped here, its heap (and the mounted Blob) with it.
      return { exitCode, outputs, log };
    } catch (error) {
      // The core threw rather than exiting: it crashed (an abort, out of memory).
      throw new FFmpegUnavailableError({ cause: error });
    }
  };

  return {
    run: (file, request) => {
      const result = queue.then(() => runOnFreshCore(file, request));
      queue = result.catch(() => undefined);
      return result;
    },
  };
};
