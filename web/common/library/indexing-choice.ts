// Whether this device indexes the library for search (the settings' switch),
// kept in local storage: on unless the user turned it off here. It is the
// device's choice, not the account's: a phone-sized laptop may leave the
// work to a desktop, whose results it then uses.

import { localStore } from "../storage/local-store";

export const storedIndexingChoice = (): boolean => localStore.get("mlIndexingEnabled") ?? true;

export const storeIndexingChoice = (enabled: boolean): void => {
  localStore.set("mlIndexingEnabled", enabled);
};
