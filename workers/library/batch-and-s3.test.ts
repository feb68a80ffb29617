import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FetchFunction } from "../../shared/api/client";
import { FileType, Visibility } from "../../shared/model/library/file-metadata";
import { fakeS3Credentials, startFakeS3, type FakeS3 } from "../../server/test-support/s3-server";
import { makeThumbnails, seedCairn } from "../../bench/seed/seed-cairn";
import { type NodeCairn, startNodeCairn } from "../../tests/test-support/node-cairn";
import type { NodeAccount } from "../../tests/test-support/node-account";
import type { DecryptedFile } from "./decrypted-records";
import { type NodeLibraryClient, createNodeLibraryClient } from "./node-library-client";

/** A fetch that records the method and path of every call. */
const recordingFetch = () => {
  const calls: string[] = [];
  const fetch: FetchFunction = (url, init) => {
    calls.push(`${init.method ?? "GET"} ${new URL(url).pathname}`);
    return globalThis.fetch(url, init);
  };
  return { calls, fetch };
};

const clientFor = (node: NodeCairn, account: NodeAccount, fetch?: FetchFunction) =>
  createNodeLibraryClient({
    apiOrigin: node.apiOrigin,
    token: account.token,
    userID: account.userID,
    accountKeys: account.accountKeys,
    poolSize: 2,
    ...(fetch === undefined ? {} : { fetch }),
  });

describe("bulk operations split into the server's batches", () => {
  let node: NodeCairn;
  let account: NodeAccount;
  let client: NodeLibraryClient;
  const recording = recordingFetch();
  let files: DecryptedFile[];
  const fileCount = 1_003;

  beforeAll(async () => {
    node = await startNodeCairn();
    account = await node.signUp("batches");
    client = await clientFor(node, account, recording.fetch);
    const seeded = await seedCairn({
      cairn: node.cairn,
      userID: account.userID,
      accountKeys: account.accountKeys,
      pool: client.pool,
      fileCount,
      albumCount: 1,
      thumbnails: (await makeThumbnails()).slice(0, 1),
    });
    const album = seeded.albums[0];
    if (album === undefined) throw new Error("No album");
    const { entries } = await client.fetchCollectionFiles(album);
    files = entries.flatMap((entry) => (entry.kind === "file" ? [entry.file] : []));
  });

  afterAll(async () => {
    await client.close();
    await node.close();
  });

  const callsTo = (path: string, from: number) =>
    recording.calls.slice(from).filter((call) => call.endsWith(` ${path}`)).length;

  it("archives, adds and trashes 1003 files in batches of 1000", async () => {
    expect(files).toHaveLength(fileCount);
    const target = await client.createCollection({ name: "Everything", type: "album" });

    let from = recording.calls.length;
    const archived = await client.setFilesVisibility(files, Visibility.archived);
    expect(callsTo("/files/magic-metadata", from)).toBe(2);

    from = recording.calls.length;
    await client.addFiles(target, archived);
    expect(callsTo("/collections/add-files", from)).toBe(2);

    const { entries } = await client.fetchCollectionFiles(target);
    const added = entries.flatMap((entry) => (entry.kind === "file" ? [entry.file] : []));
    expect(added).toHaveLength(fileCount);
    expect(added.every((file) => file.magicMetadata?.data.visibility === Visibility.archived)).toBe(
      true,
    );

    from = recording.calls.length;
    await client.trashFiles(
      files.map((file) => ({ fileID: file.id, collectionID: file.collectionID })),
    );
    expect(callsTo("/files/trash", from)).toBe(2);

    from = recording.calls.length;
    await client.deleteFromTrash(files.map((file) => file.id));
    expect(callsTo("/trash/delete", from)).toBe(1);
    const after = await client.fetchCollectionFiles(target, 0);
    expect(after.entries.filter((entry) => entry.kind === "file")).toHaveLength(0);
  });
});

describe("the Node client against a Cairn that keeps objects in S3", () => {
  let s3: FakeS3;
  let node: NodeCairn;
  let client: NodeLibraryClient;

  beforeAll(async () => {
    s3 = await startFakeS3();
    node = await startNodeCairn({
      blobs: {
        kind: "s3",
        endpoint: s3.endpoint,
        region: "us-east-1",
        bucket: s3.bucket,
        ...fakeS3Credentials,
        forcePathStyle: true,
      },
    });
    client = await clientFor(node, await node.signUp("s3"));
  });

  afterAll(async () => {
    await client.close();
    await node.close();
    await s3.close();
  });

  it("uploads in one PUT and in parts, and downloads the same bytes", async () => {
    const album = await client.createCollection({ name: "On S3", type: "album" });
    const [thumbnail] = await makeThumbnails();
    if (thumbnail === undefined) throw new Error("No thumbnail");
    for (const [title, size] of [
      ["small.bin", 70_000],
      ["parts.bin", 9 * 1024 ** 2 + 5],
    ] as const) {
      const bytes = new Uint8Array(randomBytes(size));
      const digest = createHash("sha256").update(bytes).digest("hex");
      const { file } = await client.upload({
        collection: album,
        file: bytes,
        thumbnail: thumbnail.slice(),
        metadata: { title, creationTime: 1, fileType: FileType.others },
        chunksPerPart: 2,
      });
      const downloaded = await client.downloadFile(file);
      expect(createHash("sha256").update(downloaded).digest("hex")).toBe(digest);
    }
  });
});
