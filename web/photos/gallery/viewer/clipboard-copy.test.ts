import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { copyImageToClipboard, type CopyImageDeps, type ImageClipboard } from "./clipboard-copy";
import type { CopyImageOutcome } from "./copy-image";

const jpeg = new Blob(["jpeg"], { type: "image/jpeg" });
const png = new Blob(["png"], { type: "image/png" });

/** A clipboard that, like a browser's, waits for the PNG and keeps it; or answers as told. */
const recordingClipboard = (answer?: (png: Promise<Blob>) => Promise<void>) => {
  const kept: Blob[] = [];
  let writes = 0;
  const clipboard: ImageClipboard = {
    writePNG: (promised) => {
      writes++;
      return answer?.(promised) ?? promised.then((blob) => void kept.push(blob));
    },
  };
  return {
    clipboard,
    kept,
    get writes() {
      return writes;
    },
  };
};

const never = <T>() => new Promise<T>(() => undefined);

interface Run {
  outcome: () => CopyImageOutcome | undefined;
  done: Promise<CopyImageOutcome>;
  logged: string[];
  encodeSignals: AbortSignal[];
}

const copy = (
  image: Promise<Blob>,
  deps: Partial<CopyImageDeps> & Pick<CopyImageDeps, "clipboard">,
): Run => {
  const logged: string[] = [];
  const encodeSignals: AbortSignal[] = [];
  let outcome: CopyImageOutcome | undefined;
  const done = copyImageToClipboard(image, {
    encodePNG: (_image, signal) => {
      encodeSignals.push(signal);
      return Promise.resolve(png);
    },
    setTimeout: (callback, delayMs) => {
      const timer = setTimeout(callback, delayMs);
      return () => {
        clearTimeout(timer);
      };
    },
    logFailure: (message) => {
      logged.push(message);
    },
    ...deps,
  }).then((answer) => (outcome = answer));
  return { outcome: () => outcome, done, logged, encodeSignals };
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("copyImageToClipboard", () => {
  it("writes during the call itself, and puts the PNG of the image on the clipboard", async () => {
    const clipboard = recordingClipboard();
    const encoded: Blob[] = [];
    const run = copy(Promise.resolve(jpeg), {
      clipboard: clipboard.clipboard,
      encodePNG: (image) => {
        encoded.push(image);
        return Promise.resolve(png);
      },
    });
    // Before any await: the browser takes a write only during the click.
    expect(clipboard.writes).toBe(1);
    expect(await run.done).toBe("copied");
    expect(encoded).toEqual([jpeg]);
    expect(clipboard.kept).toEqual([png]);
  });

  it("waits for an original still loading", async () => {
    const clipboard = recordingClipboard();
    let loaded: (blob: Blob) => void = () => undefined;
    const run = copy(new Promise<Blob>((resolve) => (loaded = resolve)), {
      clipboard: clipboard.clipboard,
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run.outcome()).toBeUndefined();
    loaded(jpeg);
    expect(await run.done).toBe("copied");
    expect(clipboard.kept).toEqual([png]);
  });

  it("says the browser refused when it has no Clipboard API, without encoding", async () => {
    const encodePNG = vi.fn(() => Promise.resolve(png));
    const run = copy(Promise.resolve(jpeg), { clipboard: undefined, encodePNG });
    expect(await run.done).toBe("refused");
    expect(encodePNG).not.toHaveBeenCalled();
  });

  it("says the browser refused when the write is not allowed", async () => {
    const clipboard = recordingClipboard(() =>
      Promise.reject(new DOMException("Write permission denied.", "NotAllowedError")),
    );
    const run = copy(Promise.resolve(jpeg), { clipboard: clipboard.clipboard });
    expect(await run.done).toBe("refused");
    expect(run.logged).toEqual([]);
  });

  it("says copying failed when the write throws something else at once", async () => {
    const clipboard = recordingClipboard(() => {
      throw new TypeError("image/png is not supported");
    });
    const run = copy(Promise.resolve(jpeg), { clipboard: clipboard.clipboard });
    expect(await run.done).toBe("failed");
    expect(run.logged).toEqual(["The clipboard write failed"]);
  });

  it.each<[string, () => Promise<Blob>, (() => Promise<Blob>) | undefined]>([
    ["the original does not load", () => Promise.reject(new Error("network")), undefined],
    [
      "the image does not decode",
      () => Promise.resolve(jpeg),
      () => Promise.reject(new DOMException("undecodable", "InvalidStateError")),
    ],
  ])(
    "says copying failed when %s, whatever the clipboard then rejects with",
    async (_name, image, encodePNG) => {
      // Chromium rejects the write of a rejected promise with its own NotAllowedError.
      const clipboard = recordingClipboard((promised) =>
        promised.then(
          () => undefined,
          () => Promise.reject(new DOMException("Failed to read", "NotAllowedError")),
        ),
      );
      const run = copy(image(), {
        clipboard: clipboard.clipboard,
        ...(encodePNG === undefined ? {} : { encodePNG }),
      });
      expect(await run.done).toBe("failed");
      expect(run.logged).toEqual(["Could not make the PNG of the image to copy"]);
    },
  );

  it("gives up at the spec's 30000 ms, ending the encoding, and ignores what comes later", async () => {
    let finishEncoding: (blob: Blob) => void = () => undefined;
    const clipboard = recordingClipboard();
    const run = copy(Promise.resolve(jpeg), {
      clipboard: clipboard.clipboard,
      encodePNG: (_image, signal) => {
        run.encodeSignals.push(signal);
        return new Promise<Blob>((resolve) => (finishEncoding = resolve));
      },
    });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(run.outcome()).toBeUndefined();
    expect(run.encodeSignals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await run.done).toBe("timed-out");
    expect(run.encodeSignals[0]?.aborted).toBe(true);
    finishEncoding(png);
    await vi.advanceTimersByTimeAsync(0);
    expect(run.outcome()).toBe("timed-out");
  });

  it("gives up at the timeout when the clipboard itself never answers", async () => {
    const run = copy(Promise.resolve(jpeg), {
      clipboard: recordingClipboard(() => never()).clipboard,
      timeoutMs: 1_000,
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await run.done).toBe("timed-out");
    expect(run.logged).toEqual([]);
  });
});
