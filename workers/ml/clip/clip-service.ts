import { fetchModelsStatus } from "../models-status";
import type { ClipCalls, ClipStatus, ClipUnavailableReason } from "../ml-worker-contract";
import { type ClipEmbedder, type ClipRuntime, createClipEmbedder } from "./clip-embedder";
import { oneAtATime, once } from "./serial-work";

// CLIP as a service over injected I/O: whether it is on, and embeddings of
// images and texts. A browser's ML worker builds one over onnxruntime-web;
// the desktop app's ML process builds one over onnxruntime-node and serves
// it to the page's ML worker (see: [Note: The desktop runs CLIP natively]).
//
// [Note: The ML worker remembers that CLIP is off]
//
// CLIP needs the models an operator places in the server's models folder
// (see: [Note: The models folder]); most servers may never have them. The
// service asks `/models/status` before it first loads a model, and an answer
// that CLIP is off (no folder, a model not ready, the status unreachable, or
// a model that would not load although the status said ready) is kept and
// given to every call for `clipRecheckIntervalMs`, so indexing a library
// without the models costs one request a minute rather than one a photo.
// A call after that asks again, so models added while the app is open are
// picked up without a reload. Once CLIP is on it stays on (unless a model
// then fails to load), each model's session opened once and kept (see:
// [Note: One CLIP engine, any ONNX runtime]).

/**
 * How long an answer that CLIP is off is kept. A minute: indexing runs at
 * most every 5 s while there is work (see: [Note: The indexing job backs off
 * when it has nothing to do]), so this bounds the status requests to one in
 * twelve runs, and an operator who has just filled the models folder waits
 * no longer than a minute.
 */
export const clipRecheckIntervalMs = 60_000;

/** A CLIP model could not be fetched or opened. */
export class ClipModelLoadError extends Error {
  override name = "ClipModelLoadError";
}

export interface ClipServiceDeps {
  fetch: typeof globalThis.fetch;
  /** The origin serving `/models/status` (the app's own on the web, the server's on the desktop). */
  origin: string;
  nowMs: () => number;
  /** The CLIP runtime, loaded on the first embedding (onnxruntime is large). */
  loadClipRuntime: () => Promise<ClipRuntime>;
}

// [Note: CLIP is on once the server says its models are ready]
//
// The status answers as soon as `/models/status` says the models are ready,
// without loading onnxruntime first: the search asks it before its first
// suggestions (see: [Note: The suggestions know whether CLIP is on]), and a
// runtime taking seconds to load on a busy machine must not hold them up,
// nor offer no "Photos of …" to someone typing early. The runtime then
// loads with the first embedding; failing there (the runtime's module
// included) turns CLIP off as a model that would not load does.

type ClipState =
  | { kind: "on"; embedder: () => Promise<ClipEmbedder> }
  | { kind: "off"; reason: ClipUnavailableReason; sinceMs: number };

export const createClipService = (deps: ClipServiceDeps): ClipCalls => {
  const queued = oneAtATime();
  const runtime = once(deps.loadClipRuntime);

  /** The one embedder, made once the runtime is loaded; its sessions stay open. */
  const clipEmbedder = once(async () => {
    // The runtime's module is part of loading the models: failing, it is another reason.
    const { Tensor, createSession } = await runtime().catch((error: unknown) => {
      throw new ClipModelLoadError("The CLIP runtime did not load", { cause: error });
    });
    return createClipEmbedder({
      Tensor,
      // A failed open is told apart from a failed inference by its class.
      createSession: async (model) => {
        try {
          return await createSession(model);
        } catch (error) {
          throw new ClipModelLoadError(`The CLIP model ${model.name} did not load`, {
            cause: error,
          });
        }
      },
    });
  });

  /** Undefined until the status is first asked. */
  let clip: ClipState | undefined;
  let checking: Promise<ClipState> | undefined;

  const fetchClipState = async (): Promise<ClipState> => {
    const off = (reason: ClipUnavailableReason): ClipState => ({
      kind: "off",
      reason,
      sinceMs: deps.nowMs(),
    });
    const status = await fetchModelsStatus(deps.fetch, deps.origin);
    if (status === undefined) return off("status-unreachable");
    const { semanticSearch } = status;
    if (!semanticSearch.available) return off(semanticSearch.reason);
    // See: [Note: CLIP is on once the server says its models are ready]
    return { kind: "on", embedder: clipEmbedder };
  };

  /** The current state, asking the server the first time and when an "off" has expired. */
  const clipState = async (): Promise<ClipState> => {
    if (
      clip !== undefined &&
      (clip.kind === "on" || deps.nowMs() - clip.sinceMs < clipRecheckIntervalMs)
    ) {
      return clip;
    }
    checking ??= fetchClipState().then((state) => {
      clip = state;
      checking = undefined;
      return state;
    });
    return checking;
  };

  /** `use` run on CLIP when on; undefined when off or when a model does not load. */
  const withClip = async <T>(use: (embedder: ClipEmbedder) => Promise<T>) => {
    const state = await clipState();
    if (state.kind !== "on") return undefined;
    try {
      return await use(await state.embedder());
    } catch (error) {
      if (!(error instanceof ClipModelLoadError)) throw error;
      clip = { kind: "off", reason: "model-load-failed", sinceMs: deps.nowMs() };
      return undefined;
    }
  };

  const statusOf = (state: ClipState): ClipStatus =>
    state.kind === "on" ? { available: true } : { available: false, reason: state.reason };

  return {
    clipStatus: async () => statusOf(await clipState()),
    embedImages: (images) =>
      queued(() =>
        withClip(async (embedder) => {
          const embeddings: Float32Array[] = [];
          // One at a time: a session runs one inference at a time anyway.
          for (const image of images) embeddings.push(await embedder.embedImage(image));
          return embeddings;
        }),
      ),
    embedText: (text) => queued(() => withClip((embedder) => embedder.embedText(text))),
  };
};
