// Debian's Chromium driven over a bare DevTools pipe, for the passes whose
// figures playwright would change: the upload and the gallery's scroll and jumps.
//
// [Note: The upload is not measured under playwright]
//
// playwright enables the DevTools Network domain on every page and worker
// it attaches to, and Chromium then copies each request body into the
// DevTools protocol: a 20 MiB PUT from a worker reaches the driver base64
// in JSON. Measured on the two-core bench machine (a worker PUTting ten
// 20 MiB bodies to a Node server that discards them): 94-138 MB/s in a
// Chromium without a DevTools client, 5.6 MB/s under playwright, with 11.8 s
// of the driver's CPU. An upload measured that way measures playwright. So
// the upload passes launch Chromium with the same flags as the tests
// (tests/e2e/test-support/chromium.ts), talk to it over `--remote-debugging-pipe`
// and use only what they need: Target, Page.navigate, Runtime.evaluate,
// Input.insertText, DOM.setFileInputFiles (the paths reach Chromium, which
// reads the files from disk, as playwright's setInputFiles with paths does),
// Performance.getMetrics and Tracing. The Network domain is never enabled.
// The gallery-scroll scenario is driven the same way: its date jumps load a
// screen of thumbnails from a worker, and under playwright every one of
// those requests is reported into the protocol too (Input.dispatchMouseEvent
// clicks the scrubber; Emulation sets the viewport).

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { chromiumArgs } from "../../tests/e2e/test-support/chromium";

type Params = Record<string, unknown>;
type Listener = (params: Params, sessionID: string | undefined) => void;

interface Message {
  id?: number;
  method?: string;
  params?: Params;
  sessionId?: string;
  result?: Params;
  error?: { message: string };
}

/** One DevTools connection: commands answered by id, events to listeners by method. */
class Connection {
  private nextID = 1;
  private readonly pending = new Map<
    number,
    { resolve: (result: Params) => void; reject: (error: Error) => void; method: string }
  >();
  private readonly listeners = new Map<string, Set<Listener>>();
  private buffered = "";
  private closedError: Error | undefined;

  constructor(
    private readonly toBrowser: Writable,
    fromBrowser: Readable,
  ) {
    fromBrowser.setEncoding("utf8");
    fromBrowser.on("data", (text: string) => {
      this.receive(text);
    });
    fromBrowser.on("close", () => {
      this.fail(new Error("Chromium closed the DevTools pipe"));
    });
  }

  /** Messages end with a NUL byte on the pipe. */
  private receive(text: string) {
    this.buffered += text;
    for (let end = this.buffered.indexOf("\0"); end >= 0; end = this.buffered.indexOf("\0")) {
      const message = JSON.parse(this.buffered.slice(0, end)) as Message;
      this.buffered = this.buffered.slice(end + 1);
      if (message.id !== undefined) {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error !== undefined) {
          waiting?.reject(new Error(`${waiting.method}: ${message.error.message}`));
        } else waiting?.resolve(message.result ?? {});
      } else if (message.method !== undefined) {
        for (const listener of this.listeners.get(message.method) ?? []) {
          listener(message.params ?? {}, message.sessionId);
        }
      }
    }
  }

  private fail(error: Error) {
    this.closedError = error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  send<T = Params>(method: string, params: Params = {}, sessionID?: string): Promise<T> {
    if (this.closedError !== undefined) return Promise.reject(this.closedError);
    const id = this.nextID++;
    const message = {
      id,
      method,
      params,
      ...(sessionID === undefined ? {} : { sessionId: sessionID }),
    };
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, {
        resolve: (result) => {
          resolve(result as T);
        },
        reject,
        method,
      });
      this.toBrowser.write(`${JSON.stringify(message)}\0`);
    });
  }

  on(method: string, listener: Listener): () => void {
    const set = this.listeners.get(method) ?? new Set();
    set.add(listener);
    this.listeners.set(method, set);
    return () => set.delete(listener);
  }
}

/** What an evaluated function may take and give: JSON values. */
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * [Note: A page's change is seen when it happens]
 *
 * Polling a check over the DevTools pipe sees a change up to a poll
 * interval late (25 ms on average at 50 ms), and polling faster makes the
 * check's own forced layouts part of the frames measured. This runs in the
 * page instead: after a task that changed the DOM (childList, and the
 * attributes named), a MutationObserver checks in the next frame, with a
 * slow poll as a backstop for changes no mutation reports (layout alone). Sent as source text; it
 * uses nothing from outside its body.
 */
const checkOnMutations = <A, R>(
  check: (arg: A) => R,
  arg: A,
  options: { timeoutMs: number; fallbackPollMs: number; attributeFilter: string[] },
): Promise<R | null> =>
  new Promise((resolve) => {
    let done = false;
    const finish = (value: R | null) => {
      if (done) return;
      done = true;
      observer.disconnect();
      clearInterval(poll);
      clearTimeout(deadline);
      resolve(value);
    };
    const test = () => {
      const value = check(arg);
      if (value) finish(value);
    };
    // Checked in the next frame's animation callbacks, once however many
    // mutations came: a check that reads layout there costs the frame no
    // layout of its own, where one in the mutating task would force one.
    let frameRequested = false;
    const observer = new MutationObserver(() => {
      if (frameRequested) return;
      frameRequested = true;
      requestAnimationFrame(() => {
        frameRequested = false;
        if (!done) test();
      });
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributeFilter: options.attributeFilter,
    });
    const poll = setInterval(test, options.fallbackPollMs);
    const deadline = setTimeout(() => {
      finish(null);
    }, options.timeoutMs);
    test();
  });

export interface CdpPage {
  /** Page errors (uncaught exceptions) seen so far. */
  readonly errors: string[];
  navigate(url: string): Promise<void>;
  /**
   * Runs `fn(arg)` in the page and answers its (awaited) JSON result. `fn`
   * travels as source text: it may use nothing from outside its body.
   */
  evaluate<A extends Json | undefined, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Polls `fn(arg)` every `pollMs` until it is truthy, answering it; throws after `timeoutMs`. */
  waitFor<A extends Json | undefined, R>(
    fn: (arg: A) => R,
    arg: A,
    { timeoutMs, pollMs }: { timeoutMs: number; pollMs: number },
  ): Promise<NonNullable<R>>;
  /**
   * Checks `fn(arg)` in the page in the frame after each DOM mutation (added
   * or removed nodes, and changes of the attributes named) and every
   * `fallbackPollMs`, answering its first truthy value; throws after
   * `timeoutMs`. Unlike `waitFor` it sees a change within a frame, not up to
   * a poll later. See: [Note: A page's change is seen when it happens]
   */
  waitForChange<A extends Json | undefined, R>(
    fn: (arg: A) => R,
    arg: A,
    options: { timeoutMs: number; fallbackPollMs: number; attributeFilter: readonly string[] },
  ): Promise<NonNullable<R>>;
  /** Clicks the left mouse button at (x, y) in CSS pixels of the viewport, as a person's mouse does. */
  click(x: number, y: number): Promise<void>;
  /** Types `text` into the focused element, as a keyboard's input method does. */
  insertText(text: string): Promise<void>;
  /** Sets the files of the first `<input type=file>` matching `selector` (paths Chromium reads from disk). */
  setInputFiles(selector: string, paths: readonly string[]): Promise<void>;
  /** The page's main-thread JS heap, used and total, in bytes (Performance.getMetrics). */
  jsHeap(): Promise<{ usedBytes: number; totalBytes: number }>;
  /** Closes the page and its browser context (its storage with it). */
  close(): Promise<void>;
}

export interface Viewport {
  width: number;
  height: number;
}

export interface CdpBrowser {
  version: string;
  /** A page in a new browser context (a fresh profile, as a new incognito window), of `viewport` when given. */
  newPage(viewport?: Viewport): Promise<CdpPage>;
  /** Records a trace of `categories` until `stopTracing`. */
  startTracing(categories: readonly string[]): Promise<void>;
  /** Stops the trace and answers it (Chrome's JSON trace format). */
  stopTracing(): Promise<string>;
  close(): Promise<void>;
}

/**
 * [Note: Page functions may carry esbuild's name helper] applies here too:
 * every page gets the stand-in before its scripts run.
 */
const nameHelperStandIn = "globalThis.__name = (target) => target;";

const openPage = async (connection: Connection, viewport?: Viewport): Promise<CdpPage> => {
  const { browserContextId } = await connection.send<{ browserContextId: string }>(
    "Target.createBrowserContext",
    { disposeOnDetach: true },
  );
  const { targetId } = await connection.send<{ targetId: string }>("Target.createTarget", {
    url: "about:blank",
    browserContextId,
  });
  const { sessionId } = await connection.send<{ sessionId: string }>("Target.attachToTarget", {
    targetId,
    flatten: true,
  });
  const send = <T = Params>(method: string, params: Params = {}) =>
    connection.send<T>(method, params, sessionId);
  const errors: string[] = [];
  const stopListening = connection.on("Runtime.exceptionThrown", (params, fromSession) => {
    if (fromSession !== sessionId) return;
    const details = params.exceptionDetails as
      { text?: string; exception?: { description?: string } } | undefined;
    errors.push(details?.exception?.description ?? details?.text ?? "an exception");
  });
  await send("Page.enable");
  await send("Runtime.enable");
  await send("Performance.enable");
  await send("Page.addScriptToEvaluateOnNewDocument", { source: nameHelperStandIn });
  if (viewport !== undefined) {
    await send("Emulation.setDeviceMetricsOverride", {
      ...viewport,
      deviceScaleFactor: 1,
      mobile: false,
    });
  }

  /** The awaited JSON value of `expression` in the page. */
  const evaluateExpression = async (expression: string): Promise<unknown> => {
    const answer = await send<{
      result: { value?: unknown };
      exceptionDetails?: { text?: string; exception?: { description?: string } };
    }>("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
    if (answer.exceptionDetails !== undefined) {
      const { exception, text } = answer.exceptionDetails;
      throw new Error(`In the page: ${exception?.description ?? text ?? "an exception"}`);
    }
    return answer.result.value;
  };
  const evaluate = async <A extends Json | undefined, R>(
    fn: (arg: A) => R | Promise<R>,
    arg: A,
  ): Promise<R> =>
    (await evaluateExpression(
      `(${fn.toString()})(${arg === undefined ? "" : JSON.stringify(arg)})`,
    )) as R;

  return {
    errors,
    navigate: async (url) => {
      const { errorText } = await send<{ errorText?: string }>("Page.navigate", { url });
      if (errorText !== undefined) throw new Error(`Navigating to ${url}: ${errorText}`);
    },
    evaluate,
    waitFor: async (fn, arg, { timeoutMs, pollMs }) => {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        // A navigation may replace the context mid-call: that is a falsy answer, try again.
        const value = await evaluate(fn, arg).catch(() => undefined);
        if (value) return value;
        if (performance.now() > deadline) {
          throw new Error(
            `Timed out after ${String(timeoutMs)} ms waiting for ${fn.toString().slice(0, 200)}; page errors: ${errors.join("; ") || "none"}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
    waitForChange: async (fn, arg, options) => {
      const value = await evaluateExpression(
        `(${checkOnMutations.toString()})(${fn.toString()}, ${arg === undefined ? "undefined" : JSON.stringify(arg)}, ${JSON.stringify(options)})`,
      );
      if (!value) {
        throw new Error(
          `Timed out after ${String(options.timeoutMs)} ms waiting for ${fn.toString().slice(0, 200)}; page errors: ${errors.join("; ") || "none"}`,
        );
      }
      return value as NonNullable<ReturnType<typeof fn>>;
    },
    click: async (x, y) => {
      const at = { x, y, button: "left", clickCount: 1 };
      await send("Input.dispatchMouseEvent", { type: "mouseMoved", x, y });
      await send("Input.dispatchMouseEvent", { type: "mousePressed", ...at });
      await send("Input.dispatchMouseEvent", { type: "mouseReleased", ...at });
    },
    insertText: async (text) => {
      await send("Input.insertText", { text });
    },
    setInputFiles: async (selector, paths) => {
      const { result } = await send<{ result: { objectId?: string } }>("Runtime.evaluate", {
        expression: `document.querySelector(${JSON.stringify(selector)})`,
      });
      if (result.objectId === undefined) throw new Error(`No element ${selector}`);
      await send("DOM.setFileInputFiles", { files: [...paths], objectId: result.objectId });
    },
    jsHeap: async () => {
      const { metrics } = await send<{ metrics: { name: string; value: number }[] }>(
        "Performance.getMetrics",
      );
      const metric = (name: string) => metrics.find((entry) => entry.name === name)?.value ?? 0;
      return { usedBytes: metric("JSHeapUsedSize"), totalBytes: metric("JSHeapTotalSize") };
    },
    close: async () => {
      stopListening();
      await connection.send("Target.closeTarget", { targetId }).catch(() => undefined);
      await connection
        .send("Target.disposeBrowserContext", { browserContextId })
        .catch(() => undefined);
    },
  };
};

/** Reads a DevTools stream (IO domain) to its end. */
const readStream = async (connection: Connection, handle: string): Promise<string> => {
  const parts: string[] = [];
  for (;;) {
    const { data, eof, base64Encoded } = await connection.send<{
      data: string;
      eof: boolean;
      base64Encoded?: boolean;
    }>("IO.read", { handle, size: 16 * 1024 * 1024 });
    parts.push(base64Encoded === true ? Buffer.from(data, "base64").toString("utf8") : data);
    if (eof) break;
  }
  await connection.send("IO.close", { handle });
  return parts.join("");
};

/** Launches Chromium (headless, the tests' flags) with a DevTools pipe and a throwaway profile. */
export const launchCdpBrowser = async (chromiumPath: string): Promise<CdpBrowser> => {
  const profileDir = await mkdtemp(path.join(os.tmpdir(), "cairn-bench-chromium-"));
  const child: ChildProcess = spawn(
    chromiumPath,
    [
      ...chromiumArgs,
      "--headless",
      "--remote-debugging-pipe",
      `--user-data-dir=${profileDir}`,
      "--window-size=1400,1000",
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] },
  );
  const [, , , toBrowser, fromBrowser] = child.stdio;
  if (toBrowser === null || fromBrowser === null || toBrowser === undefined) {
    throw new Error("Chromium was started without its DevTools pipe");
  }
  const connection = new Connection(toBrowser as Writable, fromBrowser as Readable);
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => {
      resolve();
    });
    // A Chromium that cannot start closes the pipe too: the first command fails with it.
    child.once("error", () => {
      resolve();
    });
  });
  const close = async () => {
    await connection.send("Browser.close").catch(() => undefined);
    const killTimer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(killTimer);
    await rm(profileDir, { recursive: true, force: true });
  };
  try {
    const { product } = await connection.send<{ product: string }>("Browser.getVersion");
    return {
      version: product,
      newPage: (viewport) => openPage(connection, viewport),
      startTracing: async (categories) => {
        await connection.send("Tracing.start", {
          transferMode: "ReturnAsStream",
          traceConfig: { includedCategories: [...categories] },
        });
      },
      stopTracing: async () => {
        const complete = new Promise<string>((resolve, reject) => {
          const stop = connection.on("Tracing.tracingComplete", (params) => {
            stop();
            const stream = params.stream;
            if (typeof stream !== "string") reject(new Error("The trace came without a stream"));
            else resolve(readStream(connection, stream));
          });
        });
        await connection.send("Tracing.end");
        return complete;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
};
