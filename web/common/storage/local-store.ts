// The app-wide typed local store, whose problems go to the client log.
// See: [Note: Local storage keys]

import { log } from "../log/log";
import { browserLocalStorage, createLocalStore } from "./typed-storage";

export const localStore = createLocalStore(browserLocalStorage, (problem) => {
  switch (problem.kind) {
    case "corrupt":
      log.warn(
        `Ignoring corrupt local storage value for "${problem.key}" (${problem.reason}): ${problem.detail}`,
      );
      break;
    case "write-failed":
      log.error(`Could not write local storage "${problem.key}": ${problem.detail}`);
      break;
    case "unavailable":
      log.warn(`Local storage is unavailable: ${problem.detail}`);
      break;
  }
});

/** Spec §4: the user is logged in when local storage holds a user with a token. */
export const isLoggedIn = (): boolean => localStore.get("user")?.token !== undefined;
