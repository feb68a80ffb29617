// A real Cairn with an account's library to export, for the export engine's
// tests: a server, the owner's Node client, a friend who shares an album
// with the owner, and helpers to run an export into a folder and read what
// it wrote.

import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, readdir, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type ExportRecord, exportRecordSchema } from "../../../shared/model/export/export-record";
import { FileType } from "../../../shared/model/library/file-metadata";
import type { UploadMetadata } from "../../upload/upload-file";
import { type NodeCairn, startNodeCairn } from "../../../tests/test-support/node-cairn";
import type { NodeAccount } from "../../../tests/test-support/node-account";
import type { DecryptedCollection, DecryptedFile } from "../../library/decrypted-records";
import { type NodeLibraryClient, createNodeLibraryClient } from "../../library/node-library-client";
import type { FilePublicMagicMetadata } from "../../../shared/model/library/file-metadata";
import { createNodeExportFS } from "../node-export-fs";
import { nodeExportSource } from "../node-export-source";
import {
  type ExportProgress,
  type ExportRunOptions,
  type ExportRunResult,
  runExport,
} from "../export-run";
import type { ExportStage } from "../../../shared/model/export/export-record";
import type { ExportFS } from "../export-fs";
import type { ExportLibrarySource } from "../export-library";

export const fixturesDir = path.resolve(import.meta.dirname, "../../../../shared/fixtures/media");

export const sha256 = (bytes: Uint8Array): string =>
  createHash("sha256").update(bytes).digest("hex");

export interface ExportTestLibrary {
  node: NodeCairn;
  owner: NodeAccount;
  client: NodeLibraryClient;
  friend: NodeAccount;
  friendClient: NodeLibraryClient;
  thumbnail: Uint8Array;
  close(): Promise<void>;
}

export const startExportTestLibrary = async (): Promise<ExportTestLibrary> => {
  const node = await startNodeCairn();
  const owner = await node.signUp("exporter");
  const friend = await node.signUp("friend");
  const clientOf = (account: NodeAccount) =>
    createNodeLibraryClient({
      apiOrigin: node.apiOrigin,
      token: account.token,
      userID: account.userID,
      accountKeys: account.accountKeys,
      poolSize: 1,
    });
  const client = await clientOf(owner);
  const friendClient = await clientOf(friend);
  const thumbnail = new Uint8Array(await readFile(path.join(fixturesDir, "f6t.jpg")));
  return {
    node,
    owner,
    client,
    friend,
    friendClient,
    thumbnail,
    close: async () => {
      await client.close();
      await friendClient.close();
      await node.close();
    },
  };
};

export interface TestUpload {
  title: string;
  bytes: Uint8Array;
  fileType?: FileType;
  creationTimeUs?: number;
  latitude?: number;
  longitude?: number;
  pubMagicMetadata?: FilePublicMagicMetadata;
}

/** Uploads a file into `collection` with `client`. */
export const uploadTo = async (
  library: ExportTestLibrary,
  client: NodeLibraryClient,
  collection: DecryptedCollection,
  upload: TestUpload,
): Promise<DecryptedFile> => {
  const metadata: UploadMetadata = {
    title: upload.title,
    creationTime: upload.creationTimeUs ?? 1_600_000_000_000_000,
    modificationTime: 1_600_000_000_000_000,
    fileType: upload.fileType ?? FileType.image,
    ...(upload.latitude === undefined ? {} : { latitude: upload.latitude }),
    ...(upload.longitude === undefined ? {} : { longitude: upload.longitude }),
  };
  const { file } = await client.upload({
    collection,
    file: upload.bytes.slice(),
    thumbnail: library.thumbnail.slice(),
    metadata,
    ...(upload.pubMagicMetadata === undefined ? {} : { pubMagicMetadata: upload.pubMagicMetadata }),
  });
  return file;
};

export const fixture = async (name: string): Promise<Uint8Array> =>
  new Uint8Array(await readFile(path.join(fixturesDir, name)));

/** A new, empty export folder (`<temp>/Cairn Photos`). */
export const newExportFolder = async (): Promise<string> => {
  const folder = path.join(await mkdtemp(path.join(os.tmpdir(), "cairn-export-")), "Cairn Photos");
  await mkdir(folder);
  return folder;
};

export interface TestExportRun extends ExportRunResult {
  stages: ExportStage[];
  progressReports: ExportProgress[];
  failedFileIDs: number[];
}

/** What a test may change of a run's dependencies. */
export interface TestExportDeps {
  fs?: ExportFS;
  source?: ExportLibrarySource;
  sleep?: (ms: number) => Promise<void>;
  /** Sees each progress report (a test may stop the run from it). */
  onProgress?: (progress: ExportProgress) => void;
}

/** Runs one export of `client`'s library into `folder`. */
export const exportLibrary = async (
  client: NodeLibraryClient,
  folder: string,
  options: Partial<ExportRunOptions> = {},
  deps: TestExportDeps = {},
): Promise<TestExportRun> => {
  const stages: ExportStage[] = [];
  const progressReports: ExportProgress[] = [];
  const failedFileIDs: number[] = [];
  const result = await runExport(
    {
      fs: deps.fs ?? createNodeExportFS(folder),
      source: deps.source ?? nodeExportSource(client),
      nowMs: () => Date.now(),
      sleep: deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      onStage: (stage) => stages.push(stage),
      onProgress: (progress) => {
        progressReports.push(progress);
        deps.onProgress?.(progress);
      },
      onFileFailed: (fileID, error) => {
        failedFileIDs.push(fileID);
        if (process.env.CAIRN_EXPORT_TEST_LOG !== undefined) console.error(fileID, error);
      },
    },
    { signal: new AbortController().signal, ...options },
  );
  return { ...result, stages, progressReports, failedFileIDs };
};

/** Every file under `folder`: its path (with `/`) → the SHA-256 of its bytes. */
export const folderTree = async (folder: string): Promise<Record<string, string>> => {
  const tree: Record<string, string> = {};
  const walk = async (relative: string): Promise<void> => {
    for (const entry of await readdir(path.join(folder, relative), { withFileTypes: true })) {
      const child = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) await walk(child);
      else tree[child] = sha256(new Uint8Array(await readFile(path.join(folder, child))));
    }
  };
  await walk("");
  return tree;
};

/** The record as the folder holds it now. */
export const readRecord = async (folder: string): Promise<ExportRecord> =>
  exportRecordSchema.parse(
    JSON.parse(await readFile(path.join(folder, "export_status.json"), "utf8")),
  );

/** A file's inode number: the same after a run that did not touch it. */
export const inodeOf = async (file: string): Promise<number> => (await stat(file)).ino;
