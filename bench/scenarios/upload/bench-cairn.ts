// The Cairn the upload scenario uploads to: the real server on its embedded
// defaults (SQLite, objects in the data folder) in a temporary folder, one
// account signed up over HTTP, and a Node library client of that account to
// make the albums and to check afterwards what the server holds.

import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, readdir, stat } from "node:fs/promises";
import path from "node:path";
import type { RunningCairn } from "../../../server/src/main";
import type {
  DecryptedCollection,
  DecryptedFile,
} from "../../../workers/library/decrypted-records";
import {
  type NodeLibraryClient,
  createNodeLibraryClient,
} from "../../../workers/library/node-library-client";
import { type Credentials, startBenchAccountServer } from "../../lib/bench-account-server";

export interface BenchCairn {
  cairn: RunningCairn;
  credentials: Credentials;
  /** The account's session token (what the bare pipeline mints upload URLs with). */
  token: string;
  client: NodeLibraryClient;
  /** Bytes of every object the server stores (files and thumbnails, encrypted). */
  storedBytes(): Promise<number>;
  /** Stops the client and the server, and deletes the data folder. */
  close(): Promise<void>;
}

const folderBytes = async (dir: string): Promise<number> => {
  let total = 0;
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const entryPath = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await folderBytes(entryPath);
    else if (entry.isFile()) total += (await stat(entryPath)).size;
  }
  return total;
};

/** Starts a Cairn serving the photos app of `webDistDir` and signs up one account. */
export const startBenchCairn = async (webDistDir: string): Promise<BenchCairn> => {
  const server = await startBenchAccountServer("upload-server", webDistDir);
  const { cairn, credentials, account, dataDir } = server;
  let client: NodeLibraryClient | undefined;
  const close = async () => {
    await client?.close();
    await server.close();
  };
  try {
    client = await createNodeLibraryClient({
      apiOrigin: cairn.urls.api,
      token: account.token,
      userID: account.userID,
      accountKeys: account.accountKeys,
      poolSize: 1,
    });
    return {
      cairn,
      credentials,
      token: account.token,
      client,
      storedBytes: () => folderBytes(path.join(dataDir, "objects")),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
};

/** The BLAKE2b-512 of a file on disk, base64: what the upload puts in the metadata's `hash`. */
export const fileHashB64 = (filePath: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const hash = createHash("blake2b512");
    createReadStream(filePath)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => {
        resolve(hash.digest("base64"));
      })
      .on("error", reject);
  });

/** Whether the file's decrypted contents, downloaded, are the bytes of `sourcePath` (compared as they stream). */
const downloadMatches = async (
  client: NodeLibraryClient,
  file: DecryptedFile,
  sourcePath: string,
): Promise<boolean> => {
  const source = await open(sourcePath);
  try {
    let offset = 0;
    for await (const chunk of client.downloadFileChunks(file)) {
      const expected = Buffer.alloc(chunk.length);
      const { bytesRead } = await source.read(expected, 0, chunk.length, offset);
      if (bytesRead !== chunk.length || !expected.equals(chunk)) return false;
      offset += chunk.length;
    }
    return offset === (await source.stat()).size;
  } finally {
    await source.close();
  }
};

export interface AlbumCheck {
  fileCount: number;
  /** The server's sizes of the files' encrypted contents and thumbnails. */
  encryptedFileBytes: number;
  encryptedThumbnailBytes: number;
  /** The files downloaded, decrypted and compared with their source. */
  downloadedNames: string[];
}

/**
 * Checks through the library client that `album` holds exactly the files of
 * `sources`, one each (by name), each with the content hash of its source's
 * bytes, and that the files named in `download` decrypt to their source.
 * Throws when anything differs: the upload broke.
 */
export const checkAlbum = async (
  client: NodeLibraryClient,
  album: DecryptedCollection,
  sources: readonly { name: string; path: string }[],
  download: readonly string[],
): Promise<AlbumCheck> => {
  const { entries } = await client.fetchCollectionFiles(album);
  const failed = entries.filter((entry) => entry.kind === "failed");
  if (failed.length > 0) throw new Error(`${String(failed.length)} files failed to decrypt`);
  const files = entries.flatMap((entry) => (entry.kind === "file" ? [entry.file] : []));
  const byName = new Map(files.map((file) => [file.metadata.title, file]));
  if (files.length !== sources.length || byName.size !== sources.length) {
    throw new Error(
      `The album holds ${String(files.length)} files (${String(byName.size)} names), not ${String(sources.length)}`,
    );
  }
  for (const source of sources) {
    const file = byName.get(source.name);
    if (file === undefined) throw new Error(`${source.name} is not in the album`);
    const expected = await fileHashB64(source.path);
    if (file.metadata.hash !== expected) {
      throw new Error(`${source.name}: stored hash ${String(file.metadata.hash)}, not ${expected}`);
    }
  }
  for (const name of download) {
    const file = byName.get(name);
    const source = sources.find((candidate) => candidate.name === name);
    if (file === undefined || source === undefined) throw new Error(`No ${name} to download`);
    if (!(await downloadMatches(client, file, source.path))) {
      throw new Error(`${name} downloads to other bytes than its source`);
    }
  }
  return {
    fileCount: files.length,
    encryptedFileBytes: files.reduce((total, file) => total + (file.info?.fileSize ?? 0), 0),
    encryptedThumbnailBytes: files.reduce((total, file) => total + (file.info?.thumbSize ?? 0), 0),
    downloadedNames: [...download],
  };
};
