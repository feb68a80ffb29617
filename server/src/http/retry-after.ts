// [Note: Every 429 says when to try again]
//
// A 429 without `Retry-After` leaves each client to guess, and the usual
// guess (retry at once, or back off for minutes) is wrong both ways. Every
// 429 the API sends therefore carries `Retry-After` in whole seconds (RFC
// 9110 §10.2.3). A refusal that knows when its limit lifts records it on the
// error it throws (`retryLaterAfter`): the rate limits know the end of the
// caller's fixed window. Refusals counted elsewhere (wrong codes, login
// attempts) say `defaultRetryAfterSeconds`, a pause short enough that a
// person retrying is not kept waiting for nothing and long enough that a
// client obeying it cannot hammer the server.

export const defaultRetryAfterSeconds = 60;

const retryAfterMsOf = new WeakMap<object, number>();

/** Records on `error` (a 429) that its limit lifts in `retryAfterMs`; answers `error`. */
export const retryLaterAfter = <E extends object>(error: E, retryAfterMs: number): E => {
  retryAfterMsOf.set(error, retryAfterMs);
  return error;
};

/** The `Retry-After` seconds of a 429 error: its own, rounded up to at least 1, else the default. */
export const retryAfterSecondsOf = (error: object): number => {
  const ms = retryAfterMsOf.get(error);
  return ms === undefined ? defaultRetryAfterSeconds : Math.max(1, Math.ceil(ms / 1000));
};
