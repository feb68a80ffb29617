// The authenticator's encrypted local copy: the whole sync state as one value.

import { z } from "zod";
import type { AuthenticatorSyncState, PendingChange } from "./authenticator-state";

// [Note: The authenticator's local copy is one sealed value]
//
// The worker keeps its state (entities, sync time, pending changes) on the
// device so that the codes show before the network answers, and so that an
// edit made offline survives a reload. The state is sealed as ONE value:
// a person has tens to hundreds of codes, each under 2 KiB of plaintext, so
// the whole state is at most a few hundred KiB and sealing it after every
// change costs milliseconds. One value also means nothing is in clear in
// IndexedDB, not even entity IDs or how many codes there are beyond the
// ciphertext's size, and a save is atomic: the copy is always one whole
// state, never half of a pull.
//
// It is saved after every local change, before the change is sent, and
// after every pull page or push that changed something.
//
// A stored copy that cannot be read (another key after a password reset, a
// damaged value, a format this version does not know) is treated as absent:
// the worker starts empty and pulls everything again, since the server has
// every code. Pending changes in it are lost then: they were never sent,
// and without the key they cannot be recovered.

/** Where the state is kept between sessions. */
export interface AuthenticatorLocalCopy {
  /** The saved state, or undefined when there is none or it cannot be read. */
  load(): Promise<AuthenticatorSyncState | undefined>;
  save(state: AuthenticatorSyncState): Promise<void>;
  close(): Promise<void>;
}

const pendingChangeSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("create"),
    id: z.string(),
    plaintext: z.string(),
    editedAtMs: z.number(),
  }),
  z.object({
    kind: z.literal("update"),
    id: z.string(),
    plaintext: z.string(),
    editedAtMs: z.number(),
    baseUpdatedAtUs: z.number().optional(),
  }),
  z.object({
    kind: z.literal("remove"),
    id: z.string(),
    editedAtMs: z.number(),
    baseUpdatedAtUs: z.number().optional(),
  }),
]);

/** The state as JSON (version 1). Maps and sets become arrays. */
const storedStateSchema = z.object({
  version: z.literal(1),
  syncTimeUs: z.number(),
  entities: z.array(z.object({ id: z.string(), updatedAtUs: z.number(), plaintext: z.string() })),
  pending: z.array(pendingChangeSchema),
  undecryptableIDs: z.array(z.string()),
});

export type StoredAuthenticatorState = z.input<typeof storedStateSchema>;

/** The JSON of `state`, to seal. */
export const storedStateOf = (state: AuthenticatorSyncState): StoredAuthenticatorState => ({
  version: 1,
  syncTimeUs: state.syncTimeUs,
  entities: [...state.entities].map(([id, { updatedAtUs, plaintext }]) => ({
    id,
    updatedAtUs,
    plaintext,
  })),
  pending: [...state.pending],
  undecryptableIDs: [...state.undecryptableIDs],
});

/** The state of an opened value, or undefined when it is not one. */
export const stateFromStored = (value: unknown): AuthenticatorSyncState | undefined => {
  const parsed = storedStateSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const { syncTimeUs, entities, pending, undecryptableIDs } = parsed.data;
  return {
    syncTimeUs,
    entities: new Map(
      entities.map(({ id, updatedAtUs, plaintext }) => [id, { updatedAtUs, plaintext }]),
    ),
    pending: pending.map((change): PendingChange =>
      change.kind === "create" ? change : { ...change, baseUpdatedAtUs: change.baseUpdatedAtUs },
    ),
    undecryptableIDs: new Set(undecryptableIDs),
  };
};
