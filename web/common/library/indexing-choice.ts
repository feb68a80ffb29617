// Whether this device indexes the library for search (the settings' switch),
// kept in local storage: on unless the user turned it off here. It is the
// device's choice, not the account's: a phone-sized laptop may leave the
// work to a desktop, whose results it then uses.

import { localStore } from "../storage/local-store";

export const storedIndexingChoice = (): boolean => localStore.get("mlIndexingEnabled") ?? true;

export const storeIndexingChoice = (enabled: boolean): void => {
  localStore.set("mlIndexingEnabled", enabled);
};

/**
 * Whether this device finds faces: off until the user turns face indexing
 * on (spec §6: the account's `faceSearchEnabled` says the user chose face
 * search; this mirrors it for the device, read before the account answers).
 */
export const storedFaceIndexingChoice = (): boolean =>
  localStore.get("faceIndexingEnabled") ?? false;

export const storeFaceIndexingChoice = (enabled: boolean): void => {
  localStore.set("faceIndexingEnabled", enabled);
};
