// The crypto pool: the crypto worker's API spread over N workers. Batches are
// split across workers (see scheduler.ts), single operations go to the least
// busy worker, and sessions stay on the worker that opened them. Environment
// free: the browser (browser-pool.ts) and Node (node-pool.ts) hosts supply the
// remotes.

// [Note: The UI thread never loads libsodium]
//
// The pool lives on the thread that asks for crypto (the UI thread, or another
// worker such as sync). Its modules (this file, worker-slots.ts,
// pool-handles.ts, settled.ts, stream-pipeline.ts, scheduler.ts) import only
// the pure files of `shared/crypto` (errors, sizes, rechunk) and types, never
// its barrel: the barrel reaches libsodium (~500 KB of WebAssembly) and
// fast-srp-hap, which would then be bundled into, and instantiated on, that
// thread for nothing.

import { transfer } from "comlink";
import type {
  EncryptedBlobB64,
  EncryptedBoxB64,
  KeyPairB64,
  SRPSetupAttributes,
} from "../../shared/crypto";
import type {
  DecryptBlobB64Item,
  DecryptBlobItem,
  DecryptBoxItem,
  DecryptKeyAndJSONBlobsItem,
  EncryptBlobItem,
  EncryptBoxItem,
  EncryptJSONBlobItem,
  EncryptedBlobBytes,
  OpenSealedBoxItem,
} from "./api-batches";
import type { ReadFileDiffPage } from "../library/file-diff-page";
import type { DerivedKeyB64 } from "./api-keys";
import {
  type DecryptionStreamHandle,
  type EncryptionStreamHandle,
  type HashHandle,
  type SRPSessionHandle,
  openDecryptionStreamOn,
  openEncryptionStreamOn,
  openHashOn,
  openSRPSessionOn,
  sendBytes,
} from "./pool-handles";
import { itemWeight, shareCount, splitByWeight } from "./scheduler";
import {
  type OpenedKeyAndJSONBlobs,
  type Settled,
  type SettledWire,
  reviveOpenedKeyAndJSONBlobs,
  reviveSettled,
} from "./settled";
import { buffersOf, transferableBytes } from "./transfer";
import { type CryptoRemote, WorkerSlots } from "./worker-slots";

export type { CryptoAPI, CryptoRemote } from "./worker-slots";
export type {
  DecryptionStreamHandle,
  EncryptionStreamHandle,
  HashHandle,
  SRPSessionHandle,
} from "./pool-handles";
export type { OpenedKeyAndJSONBlobs, Settled } from "./settled";

export interface CryptoPoolOptions {
  workers: readonly CryptoRemote[];
}

/**
 * The crypto worker API over a pool of workers. Bytes given to it are
 * transferred, not copied. See: [Note: The crypto pool takes ownership of the bytes it is given]
 */
export interface CryptoPool {
  readonly size: number;

  encryptBoxes(items: readonly EncryptBoxItem[]): Promise<EncryptedBoxB64[]>;
  decryptBoxes(items: readonly DecryptBoxItem[]): Promise<Settled<Uint8Array>[]>;
  decryptBoxesToB64(items: readonly DecryptBoxItem[]): Promise<Settled<string>[]>;
  decryptBoxesToUTF8(items: readonly DecryptBoxItem[]): Promise<Settled<string>[]>;
  encryptBlobs(items: readonly EncryptBlobItem[]): Promise<EncryptedBlobBytes[]>;
  encryptBlobsFromJSON(items: readonly EncryptJSONBlobItem[]): Promise<EncryptedBlobB64[]>;
  decryptBlobs(items: readonly DecryptBlobItem[]): Promise<Settled<Uint8Array>[]>;
  decryptBlobsToJSON(items: readonly DecryptBlobB64Item[]): Promise<Settled<unknown>[]>;
  decryptKeysAndJSONBlobs(
    items: readonly DecryptKeyAndJSONBlobsItem[],
  ): Promise<Settled<OpenedKeyAndJSONBlobs>[]>;
  /**
   * Reads one `/collections/v2/diff` answer on the least busy worker: its
   * bytes are transferred. See: [Note: A diff page is read where it is decrypted]
   */
  readFileDiffPage(
    answerBytes: Uint8Array,
    collectionID: number,
    collectionKeyB64: string,
  ): Promise<ReadFileDiffPage>;
  openSealedBoxes(items: readonly OpenSealedBoxItem[]): Promise<Settled<Uint8Array>[]>;
  sealBox(data: Uint8Array, publicKeyB64: string): Promise<string>;

  generateKeyB64(): Promise<string>;
  generateBlobOrStreamKeyB64(): Promise<string>;
  generateKeyPairB64(): Promise<KeyPairB64>;
  deriveSensitiveKeyB64(password: string): Promise<DerivedKeyB64>;
  deriveInteractiveKeyB64(password: string): Promise<DerivedKeyB64>;
  deriveKeyB64(
    password: string,
    saltB64: string,
    opsLimit: number,
    memLimitBytes: number,
  ): Promise<string>;
  deriveSubKeyB64(
    keyB64: string,
    subKeyLengthBytes: number,
    subKeyID: number,
    context: string,
  ): Promise<string>;
  deriveSRPLoginSubKeyB64(kekB64: string): Promise<string>;
  recoveryKeyToMnemonic(recoveryKeyB64: string): Promise<string>;
  recoveryKeyB64FromMnemonicOrHex(input: string): Promise<string>;
  generateSRPSetupAttributes(loginSubKeyB64: string): Promise<SRPSetupAttributes>;
  srpVerifierB64(srpUserID: string, srpSaltB64: string, loginSubKeyB64: string): Promise<string>;
  openSRPSession(
    srpUserID: string,
    srpSaltB64: string,
    loginSubKeyB64: string,
  ): Promise<SRPSessionHandle>;

  hashBytesB64(data: Uint8Array): Promise<string>;
  openHash(): Promise<HashHandle>;
  /** Opens a Stream encryption session under `keyB64` (or a new file key) on the least busy worker. */
  openEncryptionStream(keyB64?: string): Promise<EncryptionStreamHandle>;
  openDecryptionStream(
    decryptionHeaderB64: string,
    keyB64: string,
  ): Promise<DecryptionStreamHandle>;
}

const b64PayloadBytes = (b64: string): number => (b64.length * 3) / 4;

const keyAndBlobsBytes = ({ key, blobs }: DecryptKeyAndJSONBlobsItem): number =>
  blobs.reduce(
    (total, blob) => total + b64PayloadBytes(blob.encryptedDataB64),
    b64PayloadBytes(key.encryptedDataB64),
  );

/** Replaces each item's bytes by a transferable version and marks the slice for transfer. */
const sendingBytes = <I>(
  slice: I[],
  bytesOf: (item: I) => Uint8Array,
  withBytes: (item: I, bytes: Uint8Array<ArrayBuffer>) => I,
): I[] => {
  const transferred: Uint8Array<ArrayBuffer>[] = [];
  const sent = slice.map((item) => {
    const bytes = transferableBytes(bytesOf(item));
    transferred.push(bytes);
    return withBytes(item, bytes);
  });
  return transfer(sent, buffersOf(transferred));
};

/** A pool that takes more workers while it runs. */
export interface GrowingCryptoPool extends CryptoPool {
  /** Adds workers; calls from now on are spread over them too. */
  addWorkers(remotes: readonly CryptoRemote[]): void;
}

export const createCryptoPool = ({ workers }: CryptoPoolOptions): GrowingCryptoPool => {
  const slots = new WorkerSlots(workers);

  const leastBusy = (): number => slots.pick(1)[0] ?? 0;

  /** Runs `call` once on the least busy worker. */
  const one = <T>(call: (remote: CryptoRemote) => Promise<T>): Promise<T> =>
    slots.call(leastBusy(), call);

  /**
   * Splits `items` into shares, one call per worker used, and concatenates
   * the results in order. See: [Note: How the crypto pool splits a batch]
   */
  const batch = async <I, O>(
    items: readonly I[],
    payloadBytesOf: (item: I) => number,
    call: (remote: CryptoRemote, slice: I[]) => Promise<O[]>,
  ): Promise<O[]> => {
    if (items.length === 0) return [];
    const weights = items.map((item) => itemWeight(payloadBytesOf(item)));
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const ranges = splitByWeight(weights, shareCount(total, slots.size));
    const chosen = slots.pick(ranges.length);
    const results = await Promise.all(
      ranges.map(([start, end], share) =>
        slots.call(chosen[share] ?? 0, (remote) => call(remote, items.slice(start, end))),
      ),
    );
    return results.flat();
  };

  const revived = <T>(wire: SettledWire<T>[]): Settled<T>[] => wire.map(reviveSettled);

  const boxBytes = (item: DecryptBoxItem) => b64PayloadBytes(item.encryptedDataB64);

  return {
    get size() {
      return slots.size;
    },

    addWorkers: (remotes) => {
      for (const remote of remotes) slots.add(remote);
    },

    encryptBoxes: (items) =>
      batch(
        items,
        (item) => item.data.length,
        (remote, slice) =>
          remote.encryptBoxes(
            sendingBytes(
              slice,
              (item) => item.data,
              (item, data) => ({ ...item, data }),
            ),
          ),
      ),
    decryptBoxes: async (items) =>
      revived(await batch(items, boxBytes, (remote, slice) => remote.decryptBoxes(slice))),
    decryptBoxesToB64: async (items) =>
      revived(await batch(items, boxBytes, (remote, slice) => remote.decryptBoxesToB64(slice))),
    decryptBoxesToUTF8: async (items) =>
      revived(await batch(items, boxBytes, (remote, slice) => remote.decryptBoxesToUTF8(slice))),
    encryptBlobs: (items) =>
      batch(
        items,
        (item) => item.data.length,
        (remote, slice) =>
          remote.encryptBlobs(
            sendingBytes(
              slice,
              (item) => item.data,
              (item, data) => ({ ...item, data }),
            ),
          ),
      ),
    encryptBlobsFromJSON: (items) =>
      // The JSON's size is unknown until stringified; items are weighed equally.
      batch(
        items,
        () => 0,
        (remote, slice) => remote.encryptBlobsFromJSON(slice),
      ),
    decryptBlobs: async (items) =>
      revived(
        await batch(
          items,
          (item) => item.encryptedData.length,
          (remote, slice) =>
            remote.decryptBlobs(
              sendingBytes(
                slice,
                (item) => item.encryptedData,
                (item, encryptedData) => ({ ...item, encryptedData }),
              ),
            ),
        ),
      ),
    decryptBlobsToJSON: async (items) =>
      revived(
        await batch(
          items,
          (item) => b64PayloadBytes(item.encryptedDataB64),
          (remote, slice) => remote.decryptBlobsToJSON(slice),
        ),
      ),
    decryptKeysAndJSONBlobs: async (items) =>
      (
        await batch(items, keyAndBlobsBytes, (remote, slice) =>
          remote.decryptKeysAndJSONBlobs(slice),
        )
      ).map(reviveOpenedKeyAndJSONBlobs),
    readFileDiffPage: (answerBytes, collectionID, collectionKeyB64) =>
      one(
        (remote) =>
          // Comlink's types spread a union answer over two promises.
          remote.readFileDiffPage(
            sendBytes(answerBytes),
            collectionID,
            collectionKeyB64,
          ) as Promise<ReadFileDiffPage>,
      ),
    openSealedBoxes: async (items) =>
      revived(
        await batch(
          items,
          (item) => b64PayloadBytes(item.encryptedDataB64),
          (remote, slice) => remote.openSealedBoxes(slice),
        ),
      ),
    sealBox: (data, publicKeyB64) => one((remote) => remote.sealBox(sendBytes(data), publicKeyB64)),

    generateKeyB64: () => one((remote) => remote.generateKeyB64()),
    generateBlobOrStreamKeyB64: () => one((remote) => remote.generateBlobOrStreamKeyB64()),
    generateKeyPairB64: () => one((remote) => remote.generateKeyPairB64()),
    deriveSensitiveKeyB64: (password) => one((remote) => remote.deriveSensitiveKeyB64(password)),
    deriveInteractiveKeyB64: (password) =>
      one((remote) => remote.deriveInteractiveKeyB64(password)),
    deriveKeyB64: (password, saltB64, opsLimit, memLimitBytes) =>
      one((remote) => remote.deriveKeyB64(password, saltB64, opsLimit, memLimitBytes)),
    deriveSubKeyB64: (keyB64, subKeyLengthBytes, subKeyID, context) =>
      one((remote) => remote.deriveSubKeyB64(keyB64, subKeyLengthBytes, subKeyID, context)),
    deriveSRPLoginSubKeyB64: (kekB64) => one((remote) => remote.deriveSRPLoginSubKeyB64(kekB64)),
    recoveryKeyToMnemonic: (recoveryKeyB64) =>
      one((remote) => remote.recoveryKeyToMnemonic(recoveryKeyB64)),
    recoveryKeyB64FromMnemonicOrHex: (input) =>
      one((remote) => remote.recoveryKeyB64FromMnemonicOrHex(input)),
    generateSRPSetupAttributes: (loginSubKeyB64) =>
      one((remote) => remote.generateSRPSetupAttributes(loginSubKeyB64)),
    srpVerifierB64: (srpUserID, srpSaltB64, loginSubKeyB64) =>
      one((remote) => remote.srpVerifierB64(srpUserID, srpSaltB64, loginSubKeyB64)),
    openSRPSession: (srpUserID, srpSaltB64, loginSubKeyB64) =>
      openSRPSessionOn(slots, leastBusy(), srpUserID, srpSaltB64, loginSubKeyB64),

    hashBytesB64: (data) => one((remote) => remote.hashBytesB64(sendBytes(data))),
    openHash: () => openHashOn(slots, leastBusy()),
    openEncryptionStream: (keyB64) => openEncryptionStreamOn(slots, leastBusy(), keyB64),
    openDecryptionStream: (decryptionHeaderB64, keyB64) =>
      openDecryptionStreamOn(slots, leastBusy(), decryptionHeaderB64, keyB64),
  };
};
