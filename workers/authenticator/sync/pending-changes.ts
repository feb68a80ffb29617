// Adding a local change to the queue of pending changes.

import type { PendingChange } from "./authenticator-state";

// [Note: Local changes collapse before they are sent]
//
// Changes made while offline (or faster than the push) wait in one queue,
// sent in order. The server only needs each code's last state, so a new
// change folds into the code's last pending one:
//
// - create, then update: one create with the last plaintext;
// - create, then remove: nothing is sent at all;
// - update, then update: the last plaintext (on the first edit's base
//   version: that is the server version the user edited);
// - update, then remove: a remove.
//
// The one change being sent (`inFlight`) is never folded into: the server
// may already have it. A change to the same code after it is appended, and
// the push rewrites its ID once the create is answered.

/** `queue` with `change` folded in. See: [Note: Local changes collapse before they are sent] */
export const withLocalChange = (
  queue: readonly PendingChange[],
  change: PendingChange,
  inFlight?: PendingChange,
): PendingChange[] => {
  const lastIndex = queue.findLastIndex((queued) => queued.id === change.id);
  const last = queue[lastIndex];
  if (change.kind === "create" || last === undefined || last === inFlight) {
    return [...queue, change];
  }
  const replaced = (next: PendingChange | undefined) => [
    ...queue.slice(0, lastIndex),
    ...(next === undefined ? [] : [next]),
    ...queue.slice(lastIndex + 1),
  ];
  switch (last.kind) {
    case "create":
      return change.kind === "update"
        ? replaced({ ...last, plaintext: change.plaintext, editedAtMs: change.editedAtMs })
        : replaced(undefined);
    case "update":
      return change.kind === "update"
        ? replaced({ ...change, baseUpdatedAtUs: last.baseUpdatedAtUs })
        : replaced({ ...change, baseUpdatedAtUs: last.baseUpdatedAtUs });
    case "remove":
      // The code is already gone here: nothing left to change.
      return [...queue];
  }
};

/** Whether any pending change concerns `id`. */
export const hasPendingChange = (queue: readonly PendingChange[], id: string): boolean =>
  queue.some((change) => change.id === id);
