// The bench seeder: a library of N files in M albums for one account,
// written through the server's own storage layer (its database, its ID
// counters, its object folder) instead of N HTTP uploads, with real crypto:
// every file has its own key boxed under its album's key, real encrypted
// metadata, and real encrypted thumbnail and file objects. See performance.md,
// "How to measure".

import type { Kysely } from "kysely";
import { nextID } from "../../server/src/db/id-counters";
import type { Database } from "../../server/src/db/schema";
import { toB64, fromB64 } from "../../shared/crypto/base64";
import { utf8ToBytes } from "../../shared/crypto/utf8";
import type { CryptoPool } from "../../workers/crypto/pool";
import { plausibleAlbumName, plausibleFile, seededRandom } from "./plausible-files";

export interface SeedLibraryOptions {
  db: Kysely<Database>;
  pool: Pick<CryptoPool, "encryptBoxes" | "encryptBlobs" | "encryptBlobsFromJSON">;
  /** Stores an object of the blob store (the local folder, written directly). */
  writeObject: (key: string, bytes: Uint8Array) => Promise<void>;
  userID: number;
  masterKeyB64: string;
  fileCount: number;
  albumCount: number;
  /** A few small JPEGs: each file's thumbnail (and its tiny "original") is one of them. */
  thumbnails: readonly Uint8Array[];
  /** µs; every time in the library is before it. */
  nowUs: number;
  /** PRNG seed: the same seed gives the same metadata. */
  seed?: number;
  log?: (line: string) => void;
}

export interface SeededAlbum {
  id: number;
  name: string;
  keyB64: string;
  fileCount: number;
}

export interface SeededLibrary {
  albums: SeededAlbum[];
  firstFileID: number;
  fileCount: number;
  elapsedMs: number;
}

/**
 * Files encrypted and inserted per step: a few thousand keep each pool call
 * and each transaction large (their fixed costs vanish) while the step's
 * ciphertext stays a few tens of MB in memory.
 */
const filesPerStep = 2_000;
/** Rows per insert statement: 500 rows of at most 12 columns stay below SQLite's 32,766 variables. */
const rowsPerInsert = 500;
/** Object writes in flight: enough to keep the disk queue full, few enough for file handles. */
const objectWritesInFlight = 64;
/** Upload ("version") times spread over the two years before `nowUs`. */
const versionSpanUs = 2 * 365 * 24 * 3600 * 1_000_000;
/** A collection is created a second before its first file is added. */
const collectionLeadUs = 1_000_000;

const randomKeyB64 = (): string => toB64(crypto.getRandomValues(new Uint8Array(32)));

const objectKeyFor = (userID: number): string => `${String(userID)}/${crypto.randomUUID()}`;

/** Runs `work` over `items` with at most `limit` in flight. */
const forEachLimited = async <T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> => {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  });
  await Promise.all(lanes);
};

const insertInChunks = async <R>(
  rows: readonly R[],
  insert: (chunk: R[]) => Promise<unknown>,
): Promise<void> => {
  for (let start = 0; start < rows.length; start += rowsPerInsert) {
    await insert(rows.slice(start, start + rowsPerInsert));
  }
};

/**
 * Seeds the library. Keeps [Note: A collection is never older than its
 * files]: each album's version is its newest file's, and it was created
 * before its first file.
 */
export const seedLibrary = async (options: SeedLibraryOptions): Promise<SeededLibrary> => {
  const { db, pool, userID, masterKeyB64, fileCount, albumCount, thumbnails, nowUs } = options;
  if (albumCount < 1 || fileCount < 0 || thumbnails.length === 0) {
    throw new RangeError("A library needs at least one album and one thumbnail");
  }
  const startedMs = performance.now();
  const log = options.log ?? (() => undefined);
  const random = seededRandom(options.seed ?? 1);

  // Which album each file goes to (skewed: a few large albums, many small
  // ones) and its version, rising with the file ID as uploads do.
  const albumOf = Array.from({ length: fileCount }, () => Math.floor(random() ** 2 * albumCount));
  const versionOf = Array.from(
    { length: fileCount },
    (_, i) =>
      nowUs - versionSpanUs + Math.floor(((i + random()) * versionSpanUs) / Math.max(1, fileCount)),
  );

  const albumKeys = Array.from({ length: albumCount }, randomKeyB64);
  const albumNames = Array.from({ length: albumCount }, (_, i) => plausibleAlbumName(random, i));
  const [wrappedKeys, encryptedNames] = await Promise.all([
    pool.encryptBoxes(albumKeys.map((keyB64) => ({ data: fromB64(keyB64), keyB64: masterKeyB64 }))),
    pool.encryptBoxes(
      albumNames.map((name, i) => ({ data: utf8ToBytes(name), keyB64: albumKeys[i] ?? "" })),
    ),
  ]);
  const firstAlbumID = await nextID(db, "collection", albumCount);
  const albums: SeededAlbum[] = albumKeys.map((keyB64, i) => ({
    id: firstAlbumID + i,
    name: albumNames[i] ?? "",
    keyB64,
    fileCount: 0,
  }));
  const firstVersion = new Array<number>(albumCount).fill(nowUs);
  const lastVersion = new Array<number>(albumCount).fill(nowUs - versionSpanUs - collectionLeadUs);
  albumOf.forEach((album, i) => {
    const version = versionOf[i] ?? nowUs;
    const seeded = albums[album];
    if (seeded !== undefined) seeded.fileCount += 1;
    firstVersion[album] = Math.min(firstVersion[album] ?? nowUs, version);
    lastVersion[album] = Math.max(lastVersion[album] ?? 0, version);
  });
  await db
    .insertInto("collections")
    .values(
      albums.map((album, i) => ({
        collection_id: album.id,
        owner_id: userID,
        encrypted_key: wrappedKeys[i]?.encryptedDataB64 ?? "",
        key_decryption_nonce: wrappedKeys[i]?.nonceB64 ?? "",
        encrypted_name: encryptedNames[i]?.encryptedDataB64 ?? "",
        name_decryption_nonce: encryptedNames[i]?.nonceB64 ?? "",
        type: "album",
        attributes: JSON.stringify({ version: 0 }),
        magic_metadata: null,
        pub_magic_metadata: null,
        app: "photos",
        is_deleted: 0,
        created_at_us:
          Math.min(firstVersion[i] ?? nowUs, lastVersion[i] ?? nowUs) - collectionLeadUs,
        updation_time_us: lastVersion[i] ?? nowUs,
      })),
    )
    .execute();

  const firstFileID = fileCount > 0 ? await nextID(db, "file", fileCount) : 0;

  /** Encrypts one step's files: one pool call per kind of work. */
  const encryptStep = (start: number) => {
    const count = Math.min(filesPerStep, fileCount - start);
    const indexes = Array.from({ length: count }, (_, i) => start + i);
    // Drawn synchronously, so the PRNG's sequence does not depend on timing.
    const files = indexes.map(() => plausibleFile(random, nowUs));
    const fileKeys = indexes.map(randomKeyB64);
    const imageOf = indexes.map(
      () => thumbnails[Math.floor(random() * thumbnails.length)] as Uint8Array,
    );
    const encrypted = Promise.all([
      pool.encryptBoxes(
        indexes.map((index, i) => ({
          data: fromB64(fileKeys[i] ?? ""),
          keyB64: albumKeys[albumOf[index] ?? 0] ?? "",
        })),
      ),
      pool.encryptBlobsFromJSON(
        files.map((file, i) => ({ value: file.metadata, keyB64: fileKeys[i] ?? "" })),
      ),
      // Every upload records the size as shown; a few have a caption.
      pool.encryptBlobsFromJSON(
        files.map((file, i) => ({
          value: {
            w: file.widthPx,
            h: file.heightPx,
            ...(file.caption === undefined ? {} : { caption: file.caption }),
          },
          keyB64: fileKeys[i] ?? "",
        })),
      ),
      // The pool takes ownership of what it is given: copies of the shared images.
      pool.encryptBlobs(
        imageOf.map((image, i) => ({ data: image.slice(), keyB64: fileKeys[i] ?? "" })),
      ),
    ]);
    return encrypted.then(([boxedKeys, metadata, publicMetadata, thumbs]) => ({
      start,
      indexes,
      boxedKeys,
      metadata,
      thumbs,
      publicMetadata,
      publicKeyCounts: files.map((file) => (file.caption === undefined ? 2 : 3)),
    }));
  };
  type EncryptedStep = Awaited<ReturnType<typeof encryptStep>>;

  let storedBytes = 0;
  /** Writes one step's objects, then its rows in one transaction. */
  const storeStep = async ({
    start,
    indexes,
    boxedKeys,
    metadata,
    thumbs,
    publicMetadata,
    publicKeyCounts,
  }: EncryptedStep) => {
    // [Note: Seeded files reuse their thumbnail's ciphertext as contents]
    //
    // A one-chunk Stream is a Blob, so a file whose "original" is its
    // thumbnail image can store the thumbnail's ciphertext (same key and
    // header) as its file object: it downloads and decrypts like any file.
    // The seeder does this to spend its crypto on what the benches read
    // (keys, metadata, thumbnails); the server could tell the two objects are
    // equal, which no real client would reveal.
    const objects = indexes.map((_, i) => {
      const bytes = thumbs[i]?.encryptedData ?? new Uint8Array();
      return {
        file: { key: objectKeyFor(userID), bytes },
        thumbnail: { key: objectKeyFor(userID), bytes },
      };
    });
    await forEachLimited(
      objects.flatMap(({ file, thumbnail }) => [file, thumbnail]),
      objectWritesInFlight,
      ({ key, bytes }) => options.writeObject(key, bytes),
    );

    const fileRows = indexes.map((index, i) => {
      const publicData = publicMetadata[i];
      const version = versionOf[index] ?? nowUs;
      const header = thumbs[i]?.decryptionHeaderB64 ?? "";
      const sizeBytes = objects[i]?.file.bytes.length ?? 0;
      storedBytes += 2 * sizeBytes;
      return {
        file_id: firstFileID + index,
        owner_id: userID,
        file_decryption_header: header,
        thumbnail_decryption_header: header,
        metadata_decryption_header: metadata[i]?.decryptionHeaderB64 ?? "",
        encrypted_metadata: metadata[i]?.encryptedDataB64 ?? "",
        magic_metadata: null,
        pub_magic_metadata:
          publicData === undefined
            ? null
            : JSON.stringify({
                version: 1,
                count: publicKeyCounts[i] ?? 0,
                data: publicData.encryptedDataB64,
                header: publicData.decryptionHeaderB64,
              }),
        file_size: sizeBytes,
        thumb_size: sizeBytes,
        created_at_us: version,
        updation_time_us: version,
      };
    });
    await db.transaction().execute(async (trx) => {
      await insertInChunks(fileRows, (rows) => trx.insertInto("files").values(rows).execute());
      await insertInChunks(indexes, (chunk) =>
        trx
          .insertInto("collection_files")
          .values(
            chunk.map((index) => {
              const i = index - start;
              const version = versionOf[index] ?? nowUs;
              return {
                collection_id: albums[albumOf[index] ?? 0]?.id ?? firstAlbumID,
                file_id: firstFileID + index,
                encrypted_key: boxedKeys[i]?.encryptedDataB64 ?? "",
                key_decryption_nonce: boxedKeys[i]?.nonceB64 ?? "",
                c_owner_id: userID,
                f_owner_id: userID,
                is_deleted: 0 as const,
                action: null,
                action_user: null,
                created_at_us: version,
                updation_time_us: version,
              };
            }),
          )
          .execute(),
      );
      await insertInChunks(
        indexes.flatMap((index, i) => {
          const version = versionOf[index] ?? nowUs;
          const object = objects[i];
          if (object === undefined) return [];
          return (["file", "thumbnail"] as const).map((type) => ({
            file_id: firstFileID + index,
            o_type: type,
            object_key: object[type].key,
            size: object[type].bytes.length,
            is_deleted: 0 as const,
            created_at_us: version,
            updated_at_us: version,
          }));
        }),
        (rows) => trx.insertInto("object_keys").values(rows).execute(),
      );
    });
    log(`${String(start + indexes.length)} of ${String(fileCount)} files`);
  };

  // The next step is encrypted (in the pool's workers) while this one is
  // written (on this thread): the two overlap.
  let next = fileCount > 0 ? encryptStep(0) : undefined;
  while (next !== undefined) {
    const step = await next;
    const following = step.start + filesPerStep;
    next = following < fileCount ? encryptStep(following) : undefined;
    // A failed encryption surfaces when awaited in turn; until then it is not unhandled.
    next?.catch(() => undefined);
    await storeStep(step);
  }
  await db
    .updateTable("usage")
    .set((eb) => ({ storage_consumed: eb("storage_consumed", "+", storedBytes) }))
    .where("user_id", "=", userID)
    .execute();

  return { albums, firstFileID, fileCount, elapsedMs: performance.now() - startedMs };
};
