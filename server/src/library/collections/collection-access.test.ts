import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  CollectionFileItem,
  RemoteCollectionJSON,
  RemoteFileJSON,
} from "../../../../shared/api/endpoints/library-schemas";
import type { TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  collectionFileItem,
  collectionKeyOf,
  createTestCollection,
  signUpTestUser,
  testMagicMetadata,
  uploadTestFile,
} from "../../../test-support/library-client";

// Every call naming a collection answers a stranger as if the collection did
// not exist, and every batch refuses more than 1000 items.
// See: [Note: Strangers learn nothing about a collection]
// See: [Note: Batches beyond their cap are refused with 413]

interface Call {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  body?: unknown;
}

describe.each(testDatabaseBackends())("access to collections on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let carol: TestAccountClient;
  let album: RemoteCollectionJSON;
  let carols: RemoteCollectionJSON;
  let carolFile: RemoteFileJSON;
  let trashedFile: RemoteFileJSON;
  beforeAll(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    carol = await signUpTestUser(server, "carol@example.org");
    album = await createTestCollection(server, alice);
    await uploadTestFile(server, alice, album.id);
    carols = await createTestCollection(server, carol);
    carolFile = await uploadTestFile(server, carol, carols.id);
    trashedFile = await uploadTestFile(server, carol, carols.id);
    await carol.ok("POST", "/files/trash", {
      items: [{ fileID: trashedFile.id, collectionID: carols.id }],
    });
  });
  afterAll(async () => {
    await server.close();
  });

  const item = (file: RemoteFileJSON): Promise<CollectionFileItem> =>
    collectionFileItem(server, carol, file, carols.id);

  const callsOn = async (collectionID: number): Promise<[string, Call][]> => {
    const magicMetadata = await testMagicMetadata(
      { visibility: 1 },
      await collectionKeyOf(server, carol, carols.id),
    );
    const id = String(collectionID);
    return [
      ["get", { method: "GET", url: `/collections/${id}` }],
      ["diff", { method: "GET", url: `/collections/v2/diff?collectionID=${id}&sinceTime=0` }],
      [
        "rename",
        {
          method: "POST",
          url: "/collections/rename",
          body: {
            collectionID,
            encryptedName: carols.encryptedName,
            nameDecryptionNonce: carols.nameDecryptionNonce,
          },
        },
      ],
      ...(["magic-metadata", "public-magic-metadata", "sharee-magic-metadata"] as const).map(
        (path): [string, Call] => [
          path,
          { method: "PUT", url: `/collections/${path}`, body: { id: collectionID, magicMetadata } },
        ],
      ),
      [
        "delete",
        { method: "DELETE", url: `/collections/v3/${id}?collectionID=${id}&keepFiles=false` },
      ],
      [
        "add",
        {
          method: "POST",
          url: "/collections/add-files",
          body: { collectionID, files: [await item(carolFile)] },
        },
      ],
      [
        "move into",
        {
          method: "POST",
          url: "/collections/move-files",
          body: {
            fromCollectionID: carols.id,
            toCollectionID: collectionID,
            files: [await item(carolFile)],
          },
        },
      ],
      [
        "move out of",
        {
          method: "POST",
          url: "/collections/move-files",
          body: {
            fromCollectionID: collectionID,
            toCollectionID: carols.id,
            files: [await item(carolFile)],
          },
        },
      ],
      [
        "restore",
        {
          method: "POST",
          url: "/collections/restore-files",
          body: { collectionID, files: [await item(trashedFile)] },
        },
      ],
      [
        "remove",
        {
          method: "POST",
          url: "/collections/v3/remove-files",
          body: { collectionID, fileIDs: [carolFile.id] },
        },
      ],
    ];
  };

  it("answers a stranger 404, exactly as for a collection that does not exist", async () => {
    const onAlices = await callsOn(album.id);
    const onMissing = await callsOn(album.id + 1000);
    for (const [index, [name, call]] of onAlices.entries()) {
      const missingCall = onMissing[index]?.[1];
      if (missingCall === undefined) throw new Error(`No missing-collection call for ${name}`);
      const stranger = await carol.call(call.method, call.url, call.body);
      const missing = await carol.call(missingCall.method, missingCall.url, missingCall.body);
      expect(stranger.statusCode, `${name}: ${stranger.body}`).toBe(404);
      expect(stranger.json(), name).toEqual(missing.json());
    }
  });

  it("refuses batches of more than 1000 files with 413 on every batch call", async () => {
    const one = await item(carolFile);
    const items = Array.from({ length: 1001 }, (_, i) => ({ ...one, id: one.id + i }));
    const batches: [string, string, unknown][] = [
      ["add", "/collections/add-files", { collectionID: carols.id, files: items }],
      [
        "move",
        "/collections/move-files",
        { fromCollectionID: carols.id, toCollectionID: album.id, files: items },
      ],
      ["restore", "/collections/restore-files", { collectionID: carols.id, files: items }],
      [
        "remove",
        "/collections/v3/remove-files",
        { collectionID: carols.id, fileIDs: items.map((i) => i.id) },
      ],
    ];
    for (const [name, url, body] of batches) {
      const answer = await carol.call("POST", url, body);
      expect(answer.statusCode, name).toBe(413);
      expect(answer.json(), name).toMatchObject({ code: "BATCH_TOO_LARGE" });
    }
  });
});
