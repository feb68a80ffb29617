import type { FastifyRequest } from "fastify";
import { fromB64, fromB64URLSafe, toB64, toB64URLSafe } from "../../../shared/crypto/base64";
import { boxSeal } from "../../../shared/crypto/sealed-box";
import type { ClientApp } from "../../../shared/api/headers";
import type { UserSession } from "../http/auth";
import { StatusError } from "../http/http-errors";
import { clientOf, type AccountsContext } from "./context";
import { microsecondsPerDay } from "../time";
import { newTokenBytes, sha256B64URL } from "./server-crypto";
import type { DB } from "../db/db";
import {
  insertToken,
  liveTokenOf,
  revokeToken,
  revokeTokensOf,
  touchToken,
} from "./token-repository";

// Session tokens (wire-contract §1.1).
//
// [Note: Tokens are stored as hashes]
//
// A token is 32 random bytes, given to the client as URL-safe base64 (44
// characters). The database keeps only the URL-safe base64 SHA-256 of those
// bytes, so a leaked database holds no usable credential; checking a token
// hashes it and looks the hash up. The hash also names the session in
// `GET /users/sessions`. See: [Note: Sessions are named by their token's hash]

/** A token unused for this long is expired (wire-contract §1.1). */
export const tokenIdleExpiryUs = 365 * microsecondsPerDay;

/**
 * Validated tokens are trusted this long without a database read (wire-contract
 * §1.1 caches for 1 min). Every revocation this process makes drops the
 * cached entries at once, so the delay only matters across processes.
 */
const tokenCacheTtlMs = 60_000;

/** The stored name of a token given as URL-safe base64; undefined when it is not a token. */
export const tokenHashOf = (tokenB64URL: string): string | undefined => {
  let bytes: Uint8Array;
  try {
    bytes = fromB64URLSafe(tokenB64URL);
  } catch {
    return undefined;
  }
  return bytes.length === 32 ? sha256B64URL(bytes) : undefined;
};

export interface IssuedToken {
  /** URL-safe base64 with padding, as the client stores it. */
  tokenB64URL: string;
  bytes: Uint8Array;
}

/** Mints a token for `userID` in `app`, recording the device. */
export const issueToken = async (
  context: AccountsContext,
  userID: number,
  app: ClientApp,
  request: FastifyRequest,
): Promise<IssuedToken> => {
  const bytes = newTokenBytes();
  const now = context.nowUs();
  const { ip, userAgent } = clientOf(request);
  await insertToken(context.db, {
    token_hash: sha256B64URL(bytes),
    user_id: userID,
    app,
    creation_time_us: now,
    ip,
    user_agent: userAgent.slice(0, 512),
    last_used_at_us: now,
    is_deleted: 0,
  });
  return { tokenB64URL: toB64URLSafe(bytes), bytes };
};

/** `encryptedToken`: the raw token bytes sealed to the user's public key, standard base64. */
export const sealToken = async (token: IssuedToken, publicKeyB64: string): Promise<string> =>
  toB64(await boxSeal(token.bytes, fromB64(publicKeyB64)));

interface CachedSession {
  session: UserSession;
  validUntilMs: number;
}

/** Validates tokens (with a short cache) and revokes them. */
export class TokenService {
  readonly #cache = new Map<string, CachedSession>();

  constructor(
    private readonly context: AccountsContext,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /** The session of a token, or undefined; 401 "token expired" after a year unused. */
  async resolve(tokenB64URL: string, app: ClientApp, request: FastifyRequest) {
    const tokenHash = tokenHashOf(tokenB64URL);
    if (tokenHash === undefined) return undefined;
    const key = `${app}:${tokenHash}`;
    const cached = this.#cache.get(key);
    if (cached !== undefined && cached.validUntilMs > this.nowMs()) return cached.session;
    this.#cache.delete(key);

    const row = await liveTokenOf(this.context.db, tokenHash, app);
    if (row === undefined) return undefined;
    const now = this.context.nowUs();
    if (now - row.last_used_at_us > tokenIdleExpiryUs) {
      throw new StatusError(401, { error: "token expired" });
    }
    const { ip, userAgent } = clientOf(request);
    await touchToken(this.context.db, tokenHash, {
      lastUsedAtUs: now,
      ip,
      userAgent: userAgent.slice(0, 512),
    });
    const session: UserSession = { userID: row.user_id, app, token: tokenB64URL };
    this.#cache.set(key, { session, validUntilMs: this.nowMs() + tokenCacheTtlMs });
    return session;
  }

  #forget(predicate: (entry: CachedSession, key: string) => boolean) {
    for (const [key, entry] of this.#cache) if (predicate(entry, key)) this.#cache.delete(key);
  }

  /** Ends one session, named by its hash. */
  async revokeHash(db: DB, userID: number, tokenHash: string): Promise<void> {
    await revokeToken(db, userID, tokenHash);
    this.#forget((_, key) => key.endsWith(`:${tokenHash}`));
  }

  /** Ends every session of a user, except the one named `keepHash`. */
  async revokeAll(db: DB, userID: number, keepHash?: string): Promise<void> {
    await revokeTokensOf(db, userID, keepHash);
    this.#forget(
      (entry, key) =>
        entry.session.userID === userID &&
        (keepHash === undefined || !key.endsWith(`:${keepHash}`)),
    );
  }
}
