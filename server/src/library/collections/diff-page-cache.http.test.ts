import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  PublicURLJSON,
  RemoteCollectionJSON,
  RemoteFileJSON,
} from "../../../../shared/api/endpoints/library-schemas";
import { headerNames } from "../../../../shared/api/headers";
import { deleteTestAccount, type TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  collectionFileItem,
  createTestCollection,
  fileKeyOf,
  insertTestFiles,
  openTestMagicMetadata,
  shareTestCollection,
  signUpTestUser,
  testMagicMetadata,
  uploadTestFile,
} from "../../../test-support/library-client";
import { trashTestFiles } from "../../../test-support/library-files";
import { collectionDiffPageFor } from "./collection-diff";

// The diff pages as clients get them through the page cache: byte for byte
// the page the database answers now, whatever was kept before, for each
// viewer and coding. See: [Note: Encoded diff pages are cached by collection version]

interface DiffAnswer {
  diff: RemoteFileJSON[] | null;
  hasMore: boolean;
}

/** The body of an answer, decoded per its `Content-Encoding`. */
const decodedBody = (answer: LightMyRequestResponse): string => {
  const coding = answer.headers["content-encoding"];
  const raw = answer.rawPayload;
  const plain =
    coding === undefined
      ? raw
      : coding === "gzip"
        ? gunzipSync(raw)
        : coding === "br"
          ? brotliDecompressSync(raw)
          : undefined;
  if (plain === undefined) throw new Error(`Unexpected coding ${String(coding)}`);
  return plain.toString("utf8");
};

describe.each(testDatabaseBackends())("kept diff pages on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let album: RemoteCollectionJSON;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    album = await createTestCollection(server, alice);
  });
  afterEach(async () => {
    await server.close();
  });

  /** One diff page as a client gets it, optionally asking for a coding. */
  const requestPage = (
    user: TestAccountClient,
    sinceTime: number,
    acceptEncoding?: string,
    collectionID = album.id,
  ) =>
    server.request({
      method: "GET",
      url: `/collections/v2/diff?collectionID=${String(collectionID)}&sinceTime=${String(sinceTime)}`,
      headers: {
        [headerNames.clientPackage]: user.clientPackage,
        [headerNames.authToken]: user.token,
        ...(acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding }),
      },
    });

  /** The page the database answers now, built without the cache, as the server serialises it. */
  const freshPage = async (viewerID: number, sinceTime: number, collectionID = album.id) => {
    const page = await collectionDiffPageFor(
      server.libraryContext,
      viewerID,
      collectionID,
      sinceTime,
    );
    return JSON.stringify({ diff: page.rows, hasMore: page.hasMore });
  };

  /**
   * Every page from `sinceTime` on, each checked byte for byte against the
   * fresh page; answers the entries.
   */
  const pullCheckingFresh = async (
    user: TestAccountClient,
    { sinceTime = 0, acceptEncoding }: { sinceTime?: number; acceptEncoding?: string } = {},
  ) => {
    const entries: RemoteFileJSON[] = [];
    let since = sinceTime;
    for (;;) {
      const answer = await requestPage(user, since, acceptEncoding);
      expect(answer.statusCode).toBe(200);
      const body = decodedBody(answer);
      expect(body).toBe(await freshPage(user.userID, since));
      const page = JSON.parse(body) as DiffAnswer;
      const diff = page.diff ?? [];
      entries.push(...diff);
      for (const entry of diff) since = Math.max(since, entry.updationTime);
      if (!page.hasMore) return { entries, sinceTime: since };
    }
  };

  const entryOf = (entries: readonly RemoteFileJSON[], fileID: number) => {
    const entry = entries.findLast((e) => e.id === fileID);
    if (entry === undefined) throw new Error(`File ${String(fileID)} is not in the diff`);
    return entry;
  };

  it("serves a kept page byte for byte as a fresh one, in every coding", async () => {
    await insertTestFiles(server.libraryContext, {
      ownerID: alice.userID,
      collectionID: album.id,
      count: 3000,
      versionUs: (i) => server.context.nowUs() + i,
    });
    const codings = [
      { acceptEncoding: undefined, contentEncoding: undefined },
      { acceptEncoding: "identity", contentEncoding: undefined },
      { acceptEncoding: "deflate", contentEncoding: undefined },
      { acceptEncoding: "gzip, deflate", contentEncoding: "gzip" },
      { acceptEncoding: "gzip, deflate, br, zstd", contentEncoding: "br" },
    ];
    for (const { acceptEncoding, contentEncoding } of codings) {
      // The first request builds each page, the second is answered the kept one.
      const asked = acceptEncoding === undefined ? {} : { acceptEncoding };
      const first = await pullCheckingFresh(alice, asked);
      const again = await pullCheckingFresh(alice, asked);
      expect(first.entries).toHaveLength(3000);
      expect(again.entries).toEqual(first.entries);
      for (const sinceTime of [0, first.entries[2499]?.updationTime ?? 0]) {
        const [built, kept] = [
          await requestPage(alice, sinceTime, acceptEncoding),
          await requestPage(alice, sinceTime, acceptEncoding),
        ];
        expect(kept.rawPayload.equals(built.rawPayload)).toBe(true);
        expect(kept.headers["content-encoding"]).toBe(contentEncoding);
        expect(kept.headers.vary).toContain("Accept-Encoding");
        expect(kept.headers["content-type"]).toBe("application/json; charset=utf-8");
        expect(kept.headers["cache-control"]).toBe("no-store");
      }
    }
  });

  it("answers an empty diff as it is, whatever coding is asked for", async () => {
    const answer = await requestPage(alice, 0, "gzip, br");
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.json()).toEqual({ diff: [], hasMore: false });
  });

  describe("after a write, the next request sees it", () => {
    let bob: TestAccountClient;
    let alicesFile: RemoteFileJSON;
    let bobsFile: RemoteFileJSON;
    beforeEach(async () => {
      bob = await signUpTestUser(server, "bob@example.org");
      await shareTestCollection(server, alice, bob, album.id, "COLLABORATOR");
      alicesFile = await uploadTestFile(server, alice, album.id, {
        magicMetadata: { visibility: 0 },
        pubMagicMetadata: { caption: "before" },
      });
      const bobsAlbum = await createTestCollection(server, bob);
      bobsFile = await uploadTestFile(server, bob, bobsAlbum.id);
      await bob.ok("POST", "/collections/add-files", {
        collectionID: album.id,
        files: [await collectionFileItem(server, bob, bobsFile, album.id)],
      });
    });

    /**
     * Reads every page (as owner and sharee, identity and gzip) so that they
     * are kept, runs the write, then checks that a fresh reader and a reader
     * continuing from where it was both get the database's pages, and
     * answers the fresh reader's entries.
     */
    const afterWrite = async (write: () => Promise<unknown>) => {
      const before = await pullCheckingFresh(alice);
      await pullCheckingFresh(alice, { acceptEncoding: "gzip" });
      await pullCheckingFresh(bob);
      await write();
      await pullCheckingFresh(alice, { sinceTime: before.sinceTime });
      await pullCheckingFresh(alice, { acceptEncoding: "gzip" });
      await pullCheckingFresh(bob);
      return (await pullCheckingFresh(alice)).entries;
    };

    const setMagicMetadata = async (
      path: "/files/magic-metadata" | "/files/public-magic-metadata",
      value: Record<string, unknown>,
      { skipVersion = false } = {},
    ) => {
      const current = entryOf((await pullCheckingFresh(alice)).entries, alicesFile.id);
      const stored =
        path === "/files/magic-metadata" ? current.magicMetadata : current.pubMagicMetadata;
      const fileKey = await fileKeyOf(server, alice, alicesFile);
      await alice.ok("PUT", path, {
        metadataList: [
          {
            id: alicesFile.id,
            magicMetadata: await testMagicMetadata(value, fileKey, stored?.version ?? 0),
          },
        ],
        ...(skipVersion ? { skipVersion } : {}),
      });
    };

    const openedOf = async (metadata: RemoteFileJSON["magicMetadata"]) =>
      openTestMagicMetadata(metadata, await fileKeyOf(server, alice, alicesFile));

    it("a new file", async () => {
      let added: RemoteFileJSON | undefined;
      const entries = await afterWrite(async () => {
        added = await uploadTestFile(server, alice, album.id);
      });
      expect(entries.map((e) => e.id)).toContain(added?.id);
    });

    it("an edit of a file's private metadata", async () => {
      const entries = await afterWrite(() =>
        setMagicMetadata("/files/magic-metadata", { visibility: 1 }),
      );
      expect(await openedOf(entryOf(entries, alicesFile.id).magicMetadata)).toEqual({
        visibility: 1,
      });
    });

    it("an edit of a file's public metadata that keeps the entry's version", async () => {
      const entries = await afterWrite(() =>
        setMagicMetadata(
          "/files/public-magic-metadata",
          { caption: "after" },
          { skipVersion: true },
        ),
      );
      const entry = entryOf(entries, alicesFile.id);
      expect(await openedOf(entry.pubMagicMetadata)).toEqual({ caption: "after" });
      expect(entry.updationTime).toBe(alicesFile.updationTime);
    });

    it("a removal from the album", async () => {
      const entries = await afterWrite(() =>
        alice.ok("POST", "/collections/v3/remove-files", {
          collectionID: album.id,
          fileIDs: [bobsFile.id],
        }),
      );
      expect(entryOf(entries, bobsFile.id).isDeleted).toBe(true);
    });

    it("a move to the trash", async () => {
      const entries = await afterWrite(() => trashTestFiles(alice, [alicesFile]));
      expect(entryOf(entries, alicesFile.id).isDeleted).toBe(true);
    });

    it("a deletion for good of a file the album holds removed", async () => {
      await trashTestFiles(alice, [alicesFile]);
      const entries = await afterWrite(() =>
        alice.ok("POST", "/trash/delete", { fileIDs: [alicesFile.id] }),
      );
      expect(entryOf(entries, alicesFile.id).metadata.encryptedData).toBe("-");
    });

    it("an edit of the metadata of a file the album holds removed", async () => {
      await alice.ok("POST", "/collections/v3/remove-files", {
        collectionID: album.id,
        fileIDs: [bobsFile.id],
      });
      const entries = await afterWrite(async () => {
        const fileKey = await fileKeyOf(server, bob, bobsFile);
        await bob.ok("PUT", "/files/public-magic-metadata", {
          metadataList: [
            { id: bobsFile.id, magicMetadata: await testMagicMetadata({ caption: "x" }, fileKey) },
          ],
        });
      });
      expect(entryOf(entries, bobsFile.id).pubMagicMetadata).toMatchObject({ version: 1 });
    });

    it("the deletion of a sharee's account, whose files leave the album", async () => {
      const before = await pullCheckingFresh(alice);
      expect(before.entries.map((e) => e.id)).toContain(bobsFile.id);
      await pullCheckingFresh(alice, { acceptEncoding: "gzip" });
      await deleteTestAccount(bob);
      const after = await pullCheckingFresh(alice);
      expect(after.entries.map((e) => e.id)).not.toContain(bobsFile.id);
      await pullCheckingFresh(alice, { acceptEncoding: "gzip" });
    });
  });

  describe("viewers", () => {
    let bob: TestAccountClient;
    let alicesFile: RemoteFileJSON;
    let bobsFile: RemoteFileJSON;
    beforeEach(async () => {
      bob = await signUpTestUser(server, "bob@example.org");
      await shareTestCollection(server, alice, bob, album.id, "COLLABORATOR");
      alicesFile = await uploadTestFile(server, alice, album.id, {
        magicMetadata: { visibility: 1 },
      });
      const bobsAlbum = await createTestCollection(server, bob);
      bobsFile = await uploadTestFile(server, bob, bobsAlbum.id, {
        magicMetadata: { visibility: 2 },
      });
      await bob.ok("POST", "/collections/add-files", {
        collectionID: album.id,
        files: [await collectionFileItem(server, bob, bobsFile, album.id)],
      });
    });

    /** Who has private metadata on which file, as `user` gets the album's diff. */
    const privateMetadataSeenBy = async (user: TestAccountClient) => {
      const { entries } = await pullCheckingFresh(user, { acceptEncoding: "gzip" });
      return entries.filter((e) => e.magicMetadata !== undefined).map((e) => e.id);
    };

    it("never answers one participant's page to another, in either order", async () => {
      expect(await privateMetadataSeenBy(alice)).toEqual([alicesFile.id]);
      expect(await privateMetadataSeenBy(bob)).toEqual([bobsFile.id]);
      await uploadTestFile(server, alice, album.id);
      expect(await privateMetadataSeenBy(bob)).toEqual([bobsFile.id]);
      expect(await privateMetadataSeenBy(alice)).toEqual([alicesFile.id]);
    });

    it("never answers a participant's page to a public link's visitor", async () => {
      expect(await privateMetadataSeenBy(alice)).toEqual([alicesFile.id]);
      const { result } = await alice.ok<{ result: PublicURLJSON }>(
        "POST",
        "/collections/share-url",
        { collectionID: album.id },
      );
      const accessToken = new URL(result.url).searchParams.get("t") ?? "";
      const visit = (acceptEncoding: string) =>
        server.request({
          method: "GET",
          url: "/public-collection/diff?sinceTime=0",
          headers: {
            [headerNames.clientPackage]: "io.ente.albums.web",
            [headerNames.accessToken]: accessToken,
            "accept-encoding": acceptEncoding,
            "user-agent": "test browser",
          },
        });
      for (const acceptEncoding of ["gzip", "gzip", "identity", "br"]) {
        const answer = await visit(acceptEncoding);
        expect(answer.statusCode).toBe(200);
        // The visitor owns no file: viewer 0 (see public-collection-handlers.ts).
        expect(decodedBody(answer)).toBe(await freshPage(0, 0));
        const { diff } = JSON.parse(decodedBody(answer)) as DiffAnswer;
        expect(diff?.map((e) => e.id).sort()).toEqual([alicesFile.id, bobsFile.id].sort());
        expect(diff?.some((e) => e.magicMetadata !== undefined)).toBe(false);
      }
      // And the visitor's page is not answered to the owner.
      expect(await privateMetadataSeenBy(alice)).toEqual([alicesFile.id]);
    });

    it("refuses a sharee who left, even while the sharee's pages are kept", async () => {
      await pullCheckingFresh(bob);
      await bob.ok("POST", `/collections/leave/${String(album.id)}`);
      expect((await requestPage(bob, 0)).statusCode).toBe(404);
    });
  });

  it("gives clients paging while files are written every change, as a fresh reader sees it", async () => {
    const baseUs = server.context.nowUs();
    const initial = await insertTestFiles(server.libraryContext, {
      ownerID: alice.userID,
      collectionID: album.id,
      count: 6000,
      versionUs: (i) => baseUs + i,
    });
    const other = await createTestCollection(server, alice);

    /** A client's copy of the album: file ID → entry, as it applies pages. */
    const syncingClient = () => {
      const files = new Map<number, RemoteFileJSON>();
      let sinceTime = 0;
      return {
        files,
        /** Pull from where it stopped until `hasMore` is false. */
        pull: async () => {
          for (;;) {
            const answer = await requestPage(alice, sinceTime, "gzip");
            expect(answer.statusCode).toBe(200);
            const page = JSON.parse(decodedBody(answer)) as DiffAnswer;
            for (const entry of page.diff ?? []) {
              if (entry.isDeleted) files.delete(entry.id);
              else files.set(entry.id, entry);
              sinceTime = Math.max(sinceTime, entry.updationTime);
            }
            if (!page.hasMore) return;
          }
        },
      };
    };
    const clients = Array.from({ length: 4 }, syncingClient);
    const moves = [initial.slice(100, 110), initial.slice(2495, 2505), initial.slice(5990)];
    const writes = (async () => {
      for (const fileIDs of moves) {
        await alice.ok("POST", "/collections/move-files", {
          fromCollectionID: album.id,
          toCollectionID: other.id,
          files: fileIDs.map((id) => ({
            id,
            encryptedKey: Buffer.alloc(48, id % 256).toString("base64"),
            keyDecryptionNonce: Buffer.alloc(24, 1).toString("base64"),
          })),
        });
        await uploadTestFile(server, alice, album.id);
      }
    })();
    await Promise.all([writes, ...clients.map((client) => client.pull())]);
    // Once the writes are done, each client's next sync brings it to what a
    // fresh reader gets.
    const fresh = syncingClient();
    await fresh.pull();
    expect(fresh.files.size).toBe(6000 - 30 + 3);
    for (const client of clients) {
      await client.pull();
      expect([...client.files.values()].sort((a, b) => a.id - b.id)).toEqual(
        [...fresh.files.values()].sort((a, b) => a.id - b.id),
      );
    }
  });
});
