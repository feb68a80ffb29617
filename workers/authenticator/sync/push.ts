// Sending the pending changes, in order.

import type { AuthenticatorRemote, EntityCipher, SealedEntityData } from "./authenticator-remote";
import type { PendingChange } from "./authenticator-state";
import { failedStatusOf, remoteFailureOf } from "./remote-failure";
import { type SentChange, withoutRefusedChange, withSentChange } from "./sent-changes";
import type { StateHolder } from "./state-holder";

/** A change the server refused, dropped from the queue: the UI lists them. */
export interface RefusedChange {
  kind: PendingChange["kind"];
  id: string;
  /** The code's plaintext (undefined for a remove), so the UI can name it. */
  plaintext: string | undefined;
  /** The answer's HTTP status (413 too large, 403 too many codes...). */
  status: number;
}

export interface PushResult {
  pushed: number;
  refused: RefusedChange[];
  /** The server could not be reached: the rest of the queue waits for the next sync. */
  unreachable: boolean;
}

const sealedOne = async (cipher: EntityCipher, plaintext: string): Promise<SealedEntityData> => {
  const [sealed] = await cipher.seal([plaintext]);
  if (sealed === undefined) throw new Error("The entity cipher answered no value");
  return sealed;
};

/** Sends one change. An update of a code gone from the server creates it anew: nothing is lost. */
const sentChange = async (
  remote: AuthenticatorRemote,
  cipher: EntityCipher,
  change: PendingChange,
): Promise<SentChange> => {
  switch (change.kind) {
    case "create":
      return {
        kind: "created",
        entity: await remote.createEntity(await sealedOne(cipher, change.plaintext)),
      };
    case "update": {
      const sealed = await sealedOne(cipher, change.plaintext);
      try {
        await remote.updateEntity(change.id, sealed);
        return { kind: "updated" };
      } catch (error) {
        if (remoteFailureOf(error) !== "gone") throw error;
        return { kind: "created", entity: await remote.createEntity(sealed) };
      }
    }
    case "remove":
      try {
        await remote.deleteEntity(change.id);
      } catch (error) {
        // Already gone: what the remove wanted.
        if (remoteFailureOf(error) !== "gone") throw error;
      }
      return { kind: "removed" };
  }
};

/**
 * Sends the queue from its head, saving after each change. A refused
 * change is dropped and reported; an unreachable server stops the push with
 * the queue kept; any other error is thrown (the queue kept too).
 */
export const pushPendingChanges = async ({
  remote,
  cipher,
  holder,
  onIDChanged,
}: {
  remote: AuthenticatorRemote;
  cipher: EntityCipher;
  holder: StateHolder;
  onIDChanged: (previousID: string, serverID: string) => void;
}): Promise<PushResult> => {
  const result: PushResult = { pushed: 0, refused: [], unreachable: false };
  for (
    let change = holder.current.pending[0];
    change !== undefined;
    change = holder.current.pending[0]
  ) {
    holder.inFlight = change;
    let sent: SentChange;
    try {
      sent = await sentChange(remote, cipher, change);
    } catch (error) {
      const failure = remoteFailureOf(error);
      if (failure === "unreachable") {
        result.unreachable = true;
        return result;
      }
      if (failure !== "rejected" && failure !== "gone") throw error;
      holder.replace(withoutRefusedChange(holder.current, change));
      await holder.save();
      result.refused.push({
        kind: change.kind,
        id: change.id,
        plaintext: change.kind === "remove" ? undefined : change.plaintext,
        status: failedStatusOf(error),
      });
      continue;
    } finally {
      holder.inFlight = undefined;
    }
    holder.replace(withSentChange(holder.current, change, sent));
    await holder.save();
    result.pushed += 1;
    if (sent.kind === "created" && sent.entity.id !== change.id)
      onIDChanged(change.id, sent.entity.id);
  }
  return result;
};
