// Handles for the pool's stateful sessions. A session lives in one worker's
// memory, so its handle is bound to that worker for its whole life.

import { transfer } from "comlink";
// See: [Note: The UI thread never loads libsodium]
import { TruncatedStreamError } from "../../shared/crypto/errors";
import type { DecryptedStreamChunk } from "./api-sessions";
import { transferableBytes } from "./transfer";
import type { WorkerSlots } from "./worker-slots";

/** Marks `bytes` (or a copy of a partial view) for transfer. See: [Note: The crypto pool takes ownership of the bytes it is given] */
export const sendBytes = (bytes: Uint8Array): Uint8Array => {
  const owned = transferableBytes(bytes);
  return transfer(owned, [owned.buffer]);
};

/** Tracks a session's open/closed state and its share of its worker's load. */
class SessionLifetime {
  #isOpen = true;

  constructor(
    private readonly slots: WorkerSlots,
    readonly workerIndex: number,
  ) {
    slots.countSession(workerIndex, 1);
  }

  get isOpen(): boolean {
    return this.#isOpen;
  }

  end(): void {
    if (!this.#isOpen) return;
    this.#isOpen = false;
    this.slots.countSession(this.workerIndex, -1);
  }
}

export interface EncryptionStreamHandle {
  readonly streamID: number;
  /** The worker holding the session (for diagnostics and tests). */
  readonly workerIndex: number;
  readonly decryptionHeaderB64: string;
  readonly keyB64: string;
  /**
   * Encrypts the next chunk (4 MiB except the last; the pool takes ownership
   * of it). `isFinal` ends the stream. Several calls may be in flight.
   * See: [Note: Stream chunks are ordered by the worker's message queue]
   */
  encryptChunk(chunk: Uint8Array, isFinal: boolean): Promise<Uint8Array>;
  /** Abandons the stream (a no-op after the final chunk). */
  close(): Promise<void>;
}

export interface DecryptionStreamHandle {
  readonly streamID: number;
  readonly workerIndex: number;
  /** Decrypts the next ciphertext chunk (the pool takes ownership of it). */
  decryptChunk(chunk: Uint8Array): Promise<DecryptedStreamChunk>;
  /** Ends decryption: throws `TruncatedStreamError` if no chunk was tagged FINAL. */
  finish(): Promise<void>;
  /** Abandons the stream (a no-op after the final chunk or a failure). */
  close(): Promise<void>;
}

export interface HashHandle {
  readonly workerIndex: number;
  /** Feeds the next chunk (the pool takes ownership of it). */
  update(chunk: Uint8Array): Promise<void>;
  /** The base64 BLAKE2b-512 of everything fed; ends the hash. */
  finalizeB64(): Promise<string>;
  close(): Promise<void>;
}

export interface SRPSessionHandle {
  readonly workerIndex: number;
  /** The client's public value A to send to the server. */
  readonly srpAB64: string;
  /** Takes the server's B and returns the client's proof M1. */
  computeM1B64(srpBB64: string): Promise<string>;
  /** Checks the server's M2 (throws `SRPServerProofMismatchError`) and ends the session. */
  verifyM2(srpM2B64: string): Promise<void>;
  close(): Promise<void>;
}

export const openEncryptionStreamOn = async (
  slots: WorkerSlots,
  workerIndex: number,
  keyB64: string | undefined,
): Promise<EncryptionStreamHandle> => {
  const opened = await slots.call(workerIndex, (remote) => remote.openEncryptionStream(keyB64));
  const lifetime = new SessionLifetime(slots, workerIndex);
  const { streamID } = opened;
  return {
    ...opened,
    workerIndex,
    encryptChunk: async (chunk, isFinal) => {
      try {
        const encrypted = await slots.call(workerIndex, (remote) =>
          remote.encryptStreamChunk(streamID, sendBytes(chunk), isFinal),
        );
        if (isFinal) lifetime.end();
        return encrypted;
      } catch (e) {
        lifetime.end(); // the worker closed the session
        throw e;
      }
    },
    close: async () => {
      if (!lifetime.isOpen) return;
      lifetime.end();
      await slots.call(workerIndex, (remote) => remote.closeStream(streamID));
    },
  };
};

export const openDecryptionStreamOn = async (
  slots: WorkerSlots,
  workerIndex: number,
  decryptionHeaderB64: string,
  keyB64: string,
): Promise<DecryptionStreamHandle> => {
  const streamID = await slots.call(workerIndex, (remote) =>
    remote.openDecryptionStream(decryptionHeaderB64, keyB64),
  );
  const lifetime = new SessionLifetime(slots, workerIndex);
  let sawFinal = false;
  const close = async () => {
    if (!lifetime.isOpen) return;
    lifetime.end();
    await slots.call(workerIndex, (remote) => remote.closeStream(streamID));
  };
  return {
    streamID,
    workerIndex,
    decryptChunk: async (chunk) => {
      try {
        const decrypted = await slots.call(workerIndex, (remote) =>
          remote.decryptStreamChunk(streamID, sendBytes(chunk)),
        );
        if (decrypted.isFinal) {
          sawFinal = true;
          lifetime.end();
        }
        return decrypted;
      } catch (e) {
        lifetime.end(); // the worker closed the session
        throw e;
      }
    },
    finish: async () => {
      if (sawFinal) return;
      await close();
      throw new TruncatedStreamError("Stream ended before its FINAL chunk");
    },
    close,
  };
};

export const openHashOn = async (slots: WorkerSlots, workerIndex: number): Promise<HashHandle> => {
  const hashID = await slots.call(workerIndex, (remote) => remote.openHash());
  const lifetime = new SessionLifetime(slots, workerIndex);
  return {
    workerIndex,
    update: (chunk) =>
      slots.call(workerIndex, (remote) => remote.updateHash(hashID, sendBytes(chunk))),
    finalizeB64: async () => {
      lifetime.end();
      return slots.call(workerIndex, (remote) => remote.finalizeHashB64(hashID));
    },
    close: async () => {
      if (!lifetime.isOpen) return;
      lifetime.end();
      await slots.call(workerIndex, (remote) => remote.closeHash(hashID));
    },
  };
};

export const openSRPSessionOn = async (
  slots: WorkerSlots,
  workerIndex: number,
  srpUserID: string,
  srpSaltB64: string,
  loginSubKeyB64: string,
): Promise<SRPSessionHandle> => {
  const { srpSessionID, srpAB64 } = await slots.call(workerIndex, (remote) =>
    remote.openSRPSession(srpUserID, srpSaltB64, loginSubKeyB64),
  );
  const lifetime = new SessionLifetime(slots, workerIndex);
  return {
    workerIndex,
    srpAB64,
    computeM1B64: (srpBB64) =>
      slots.call(workerIndex, (remote) => remote.computeSRPM1B64(srpSessionID, srpBB64)),
    verifyM2: async (srpM2B64) => {
      lifetime.end();
      await slots.call(workerIndex, (remote) => remote.verifySRPM2(srpSessionID, srpM2B64));
    },
    close: async () => {
      if (!lifetime.isOpen) return;
      lifetime.end();
      await slots.call(workerIndex, (remote) => remote.closeSRPSession(srpSessionID));
    },
  };
};
