// How an API changes when it crosses a Comlink boundary, as mapped types, so
// that each worker's API is declared once (its service's interface) and what
// its entry exports and what the page calls are derived from it.
//
// [Note: A worker's API is declared once]
//
// A worker's calls are declared once, as the interface of the service it
// hosts (`GalleryCalls`, `UploadCalls`, `SyncService`, ...). The worker entry
// exports them with the page's callbacks arriving as Comlink proxies
// (`WithRemoteCallbacks`), and the page calls the entry's exports with every
// answer a promise (`WorkerCalls`). Comlink's own `Remote<T>` says the same
// but adds the proxy's methods to every call, which a test's plain object
// cannot have; these types keep only what the page and the worker use.

/** A page's callback as the worker receives it: a Comlink proxy, whose call answers a promise. */
export type RemoteCallback<Callback> = Callback extends (...args: infer Args) => void
  ? (...args: Args) => Promise<void>
  : Callback;

/** A call as a worker entry exposes it: its callback parameters arrive as Comlink proxies. */
export type WithRemoteCallbacks<Call> = Call extends (...args: infer Args) => infer Answer
  ? (...args: { [Index in keyof Args]: RemoteCallback<Args[Index]> }) => Answer
  : never;

/** An API as the other side of the boundary calls it: every answer is a promise. */
export type WorkerCalls<API> = {
  -readonly [Name in keyof API]: API[Name] extends (...args: infer Args) => infer Answer
    ? (...args: Args) => Promise<Awaited<Answer>>
    : never;
};

/** A callback of the page behind a Comlink proxy, called fire-and-forget (its promise rejects once the page has gone away). */
export const pageCallback =
  <Args extends unknown[]>(remote: (...args: Args) => Promise<void>) =>
  (...args: Args): void => {
    remote(...args).catch(() => undefined);
  };
