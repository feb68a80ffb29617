import type { ApiClient } from "../../shared/api/client";
import type { CryptoPool } from "../crypto/pool";
import type { LibraryKeyring } from "./keyring";

/**
 * What the library operations run on, injected: the API client (with the
 * session token), the crypto pool, the keyring, and the caller's user ID
 * (ownership decides how a collection key is opened, spec §6).
 */
export interface LibraryDeps {
  api: ApiClient;
  pool: CryptoPool;
  keyring: LibraryKeyring;
  userID: number;
}
