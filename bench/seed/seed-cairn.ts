// Seeding a running Cairn: the seeder over the server's own database (opened
// beside the server, as the server opens it) and its local object folder,
// with real thumbnails made by ffmpeg from the shared photo fixtures.

import { execFile } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { openDatabase } from "../../server/src/db/database";
import type { RunningCairn } from "../../server/src/main";
import type { CryptoPool } from "../../workers/crypto/pool";
import type { LibraryAccountKeys } from "../../workers/library/node-keyring";
import { type SeededLibrary, seedLibrary } from "./seed-library";

const run = promisify(execFile);

/** The shared photo fixtures (real camera and phone JPEGs). */
export const fixturesMediaDir = path.resolve(import.meta.dirname, "../../../shared/fixtures/media");

const thumbnailSources = [
  "canon-dslr.jpg",
  "Bush-dog.jpg",
  "door-knocker.jpg",
  "IMG_20180725_163423-tiny.jpg",
  "noexif.jpg",
];

/** Thumbnails are at most this tall, like the web app's (spec §9: scaled to height 720 for video, smaller for images). */
const thumbnailHeightPx = 256;

/** Small real JPEG thumbnails of the fixtures, made with ffmpeg. */
export const makeThumbnails = async (): Promise<Uint8Array[]> =>
  Promise.all(
    thumbnailSources.map(async (name) => {
      const { stdout } = await run(
        "ffmpeg",
        [
          "-v",
          "error",
          "-i",
          path.join(fixturesMediaDir, name),
          "-vf",
          `scale=-2:${String(thumbnailHeightPx)}`,
          "-q:v",
          "5",
          "-frames:v",
          "1",
          "-f",
          "image2pipe",
          "-vcodec",
          "mjpeg",
          "-",
        ],
        { encoding: "buffer", maxBuffer: 16 * 1024 * 1024 },
      );
      return new Uint8Array(stdout);
    }),
  );

/** Writes objects straight into a local blob folder (`<dir>/<key>`, the local store's layout). */
export const localFolderWriter = (dir: string) => {
  const madeDirs = new Set<string>();
  return async (key: string, bytes: Uint8Array): Promise<void> => {
    const file = path.join(dir, key);
    const parent = path.dirname(file);
    if (!madeDirs.has(parent)) {
      await mkdir(parent, { recursive: true });
      madeDirs.add(parent);
    }
    await writeFile(file, bytes);
  };
};

export interface SeedCairnOptions {
  cairn: RunningCairn;
  userID: number;
  accountKeys: LibraryAccountKeys;
  pool: Pick<CryptoPool, "encryptBoxes" | "encryptBlobs" | "encryptBlobsFromJSON">;
  fileCount: number;
  albumCount: number;
  thumbnails?: readonly Uint8Array[];
  log?: (line: string) => void;
}

/** Seeds an account of a running Cairn that keeps its objects in a local folder. */
export const seedCairn = async ({
  cairn,
  userID,
  accountKeys,
  pool,
  fileCount,
  albumCount,
  thumbnails,
  log,
}: SeedCairnOptions): Promise<SeededLibrary> => {
  const { blobs, database } = cairn.config;
  if (blobs.kind !== "local") throw new Error("The seeder writes to a local blob folder only");
  const opened = await openDatabase(database);
  try {
    return await seedLibrary({
      db: opened.db,
      pool,
      writeObject: localFolderWriter(blobs.dir),
      userID,
      masterKeyB64: accountKeys.masterKeyB64,
      fileCount,
      albumCount,
      thumbnails: thumbnails ?? (await makeThumbnails()),
      nowUs: Date.now() * 1000,
      ...(log === undefined ? {} : { log }),
    });
  } finally {
    await opened.close();
  }
};
