// Pulling the authenticator entities changed since the last sync.

import type { AuthenticatorRemote, EntityCipher, SealedEntityData } from "./authenticator-remote";
import { type PulledVersion, withPulledVersions } from "./edit-merge";
import type { StateHolder } from "./state-holder";

/**
 * Entities per diff page. A person has tens to hundreds of codes: one page
 * is a whole first pull for nearly everyone, and at ~2 KiB of ciphertext
 * each it stays around a MiB.
 */
export const diffPageLimit = 500;

export interface PullCounts {
  /** Entities applied (changed or deleted), undecryptable ones left out. */
  pulled: number;
  /** Entities of this pull that could not be decrypted: skipped. */
  undecryptable: number;
}

/**
 * Pulls every page from the stored sync time, each decrypted in one call and
 * applied (with its pending changes settled) and saved before the next is
 * asked for. Errors of the remote are thrown as they are.
 * See: [Note: Edits from two devices merge by entity]
 */
export const pullAuthenticatorEntities = async ({
  remote,
  cipher,
  holder,
  serverTimeOffsetMs,
}: {
  remote: AuthenticatorRemote;
  cipher: EntityCipher;
  holder: StateHolder;
  serverTimeOffsetMs: () => number;
}): Promise<PullCounts> => {
  const counts: PullCounts = { pulled: 0, undecryptable: 0 };
  for (;;) {
    const sinceTimeUs = holder.current.syncTimeUs;
    const page = await remote.entityDiff(sinceTimeUs, diffPageLimit);
    if (page.length === 0) break;

    const sealed: SealedEntityData[] = [];
    for (const { isDeleted, encryptedData, header } of page) {
      if (!isDeleted && encryptedData !== null && header !== null) {
        sealed.push({ encryptedData, header });
      }
    }
    const opened = sealed.length === 0 ? [] : await cipher.open(sealed);
    let openedIndex = 0;
    const versions = page.map(
      ({ id, updatedAt, isDeleted, encryptedData, header }): PulledVersion => {
        if (isDeleted) return { id, updatedAtUs: updatedAt, content: { kind: "deleted" } };
        const result =
          encryptedData !== null && header !== null ? opened[openedIndex++] : undefined;
        return {
          id,
          updatedAtUs: updatedAt,
          content:
            result?.ok === true
              ? { kind: "live", plaintext: result.plaintext }
              : { kind: "undecryptable" },
        };
      },
    );
    const undecryptable = versions.filter((v) => v.content.kind === "undecryptable").length;
    counts.undecryptable += undecryptable;
    counts.pulled += versions.length - undecryptable;

    const latestUs = Math.max(...page.map(({ updatedAt }) => updatedAt));
    holder.replace(withPulledVersions(holder.current, versions, latestUs, serverTimeOffsetMs()));
    await holder.save();
    // A short page is the last; a page that does not move the time would
    // be asked for again forever (a server bug), so it ends the pull too.
    if (page.length < diffPageLimit || latestUs <= sinceTimeUs) break;
  }
  return counts;
};
