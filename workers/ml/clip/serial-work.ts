// Two ways of running heavy work that the ML worker and the CLIP service
// share: a load made once, and calls run one after another.

/** A heavy load made once, its promise kept; a failed one is tried again on the next call. */
export const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () => {
    if (loading === undefined) {
      const started = load();
      loading = started;
      started.catch(() => {
        if (loading === started) loading = undefined;
      });
    }
    return loading;
  };
};

/**
 * `work`, after every earlier call's: the models run one call at a time,
 * whatever the callers send at once. An onnxruntime session must not run
 * two inferences at once, and photos decoded all at once would hold all
 * their pixels at once; the worker has one thread to give either way.
 */
export const oneAtATime = () => {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
};
