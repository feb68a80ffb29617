// The browser's store of the session's wrapping keys: the account worker
// writes it, and logout (on the UI thread) deletes it with every other store
// of the origin, so both sides name it from here.

/** The IndexedDB database of the wrapping keys; logout deletes it. */
export const sessionKeysDatabaseName = "cairn-session-keys";
