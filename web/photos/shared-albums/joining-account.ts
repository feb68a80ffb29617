// The logged-in visitor of a public album page, as joining needs them: the
// session token and the account's public key from local storage (spec §3
// `user`, `keyAttributes`). Neither is a secret key; the worker seals the
// album's key to the public key. See: [Note: Joining a link's album needs only the account's public key]

import type { JoiningAccount } from "../../../workers/public-album/join-album";
import { localStore } from "../../common/storage/local-store";

/** The logged-in account of this browser, or undefined when nobody is (fully) logged in. */
export const joiningAccount = (
  store: Pick<typeof localStore, "get"> = localStore,
): JoiningAccount | undefined => {
  const user = store.get("user");
  const publicKeyB64 = store.get("keyAttributes")?.publicKey;
  if (user?.token === undefined || publicKeyB64 === undefined) return undefined;
  return { userID: user.id, authToken: user.token, publicKeyB64 };
};
