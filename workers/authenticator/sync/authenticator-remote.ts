// What the sync engine needs from the server and from the authenticator key,
// injected so that it runs unchanged in the worker and in tests.

import type { RemoteAuthenticatorEntity } from "../../../shared/api/endpoints/authenticator";

export type { RemoteAuthenticatorEntity };

/** An entity's plaintext sealed as a Blob under the authenticator key (base64). */
export interface SealedEntityData {
  encryptedData: string;
  header: string;
}

/**
 * The server's calls (an adapter over the HTTP client). Failures are thrown
 * as the client throws them: see remote-failure.ts for how they are read.
 */
export interface AuthenticatorRemote {
  /**
   * Entities changed after `sinceTimeUs`, tombstones included, ordered by
   * `updatedAt`. A page never splits a version, so it may hold more than
   * `limit`.
   */
  entityDiff(sinceTimeUs: number, limit: number): Promise<RemoteAuthenticatorEntity[]>;
  createEntity(sealed: SealedEntityData): Promise<RemoteAuthenticatorEntity>;
  /** Throws an error with `status === 404` when the entity is gone. */
  updateEntity(id: string, sealed: SealedEntityData): Promise<void>;
  deleteEntity(id: string): Promise<void>;
}

/** Encrypts and decrypts plaintexts with the authenticator key (held in the same worker). */
export interface EntityCipher {
  seal(plaintexts: readonly string[]): Promise<SealedEntityData[]>;
  /** Each opens alone: one that fails (another key, damaged) does not fail the others. */
  open(
    sealed: readonly SealedEntityData[],
  ): Promise<({ ok: true; plaintext: string } | { ok: false })[]>;
}
