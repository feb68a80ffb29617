// The sync worker's side of a keyring port: the account worker's keyring as a
// `LibraryKeyring`, with per-item errors revived.
// See: [Note: Library workers get keys through a keyring, never the master key]

import { wrap } from "comlink";
import type { LibraryKeyringWire } from "../account/library-keyring";
import { reviveSettled } from "../crypto/settled";
import type { LibraryKeyring } from "../library/keyring";

export const keyringOverPort = (port: MessagePort): LibraryKeyring => {
  const remote = wrap<LibraryKeyringWire>(port);
  return {
    openCollectionKeys: async (items) =>
      (await remote.openCollectionKeys(items)).map((settled) => reviveSettled(settled)),
    wrapCollectionKey: (collectionKeyB64) => remote.wrapCollectionKey(collectionKeyB64),
    localDatabaseKey: () => remote.localDatabaseKey(),
    openUserEntityKey: (wrapped) => remote.openUserEntityKey(wrapped),
    wrapUserEntityKey: (keyB64) => remote.wrapUserEntityKey(keyB64),
    openAuthenticatorKey: (wrapped) => remote.openAuthenticatorKey(wrapped),
    wrapAuthenticatorKey: (keyB64) => remote.wrapAuthenticatorKey(keyB64),
  };
};
