import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import type {
  RemoteCollectionJSON,
  RemoteFileJSON,
} from "../../../../shared/api/endpoints/library-schemas";
import type { TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  collectionFileItem,
  collectionKeyOf,
  collectionsBehindTheirFiles,
  createTestCollection,
  pullTestCollectionDiff,
  shareTestCollection,
  signUpTestUser,
  testMagicMetadata,
  uploadTestFile,
} from "../../../test-support/library-client";

// Random sequences of collection writes by two users, checking after each
// write that [Note: A collection is never older than its files] holds and
// that a client syncing incrementally (the web client's algorithm:
// collections since its time, then the file diff of each collection whose
// time moved, remembering the collection's time) holds exactly what a
// client syncing afresh holds.

type UserName = "alice" | "bob";

type Operation =
  | { kind: "create" }
  | { kind: "upload"; user: UserName; album: number }
  | { kind: "add"; user: UserName; file: number; album: number }
  | { kind: "move"; file: number; from: number; to: number }
  | { kind: "remove"; user: UserName; file: number }
  | { kind: "trash"; user: UserName; file: number }
  | { kind: "restore"; file: number; album: number }
  | { kind: "rename"; album: number }
  | { kind: "metadata"; album: number }
  | { kind: "shareeMetadata" }
  | { kind: "delete"; album: number; keepFiles: boolean }
  | { kind: "clock"; ms: number };

const user = fc.constantFrom<UserName>("alice", "bob");
const index = fc.nat(20);

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.constant({ kind: "create" as const }),
  fc.record({ kind: fc.constant("upload" as const), user, album: index }),
  fc.record({ kind: fc.constant("upload" as const), user, album: index }),
  fc.record({ kind: fc.constant("add" as const), user, file: index, album: index }),
  fc.record({ kind: fc.constant("move" as const), file: index, from: index, to: index }),
  fc.record({ kind: fc.constant("remove" as const), user, file: index }),
  fc.record({ kind: fc.constant("trash" as const), user, file: index }),
  fc.record({ kind: fc.constant("restore" as const), file: index, album: index }),
  fc.record({ kind: fc.constant("rename" as const), album: index }),
  fc.record({ kind: fc.constant("metadata" as const), album: index }),
  fc.constant({ kind: "shareeMetadata" as const }),
  fc.record({ kind: fc.constant("delete" as const), album: index, keepFiles: fc.boolean() }),
  // Small steps back too: versions must still grow. See: [Note: Versions of a collection only grow, in commit order]
  fc.record({ kind: fc.constant("clock" as const), ms: fc.integer({ min: -20, max: 3000 }) }),
);

/** What a client holds: live collections and the live files of each. */
interface ClientState {
  collections: Map<number, RemoteCollectionJSON>;
  files: Map<number, Map<number, RemoteFileJSON>>;
  collectionsSince: number;
  filesSince: Map<number, number>;
}

const emptyState = (): ClientState => ({
  collections: new Map(),
  files: new Map(),
  collectionsSince: 0,
  filesSince: new Map(),
});

/** One sync as the web client does it (wire-contract §7.4, §7.6). */
const sync = async (client: TestAccountClient, state: ClientState): Promise<void> => {
  const { collections } = await client.ok<{ collections: RemoteCollectionJSON[] }>(
    "GET",
    `/collections/v2?sinceTime=${state.collectionsSince}`,
  );
  for (const collection of collections) {
    state.collectionsSince = Math.max(state.collectionsSince, collection.updationTime);
    if (collection.isDeleted === true) {
      state.collections.delete(collection.id);
      state.files.delete(collection.id);
      state.filesSince.delete(collection.id);
      continue;
    }
    const known = state.collections.get(collection.id);
    if (known === undefined || known.updationTime <= collection.updationTime) {
      state.collections.set(collection.id, collection);
    }
  }
  for (const collection of state.collections.values()) {
    const since = state.filesSince.get(collection.id) ?? 0;
    if (since === collection.updationTime) continue;
    const { entries } = await pullTestCollectionDiff(client, collection.id, since);
    const files = state.files.get(collection.id) ?? new Map<number, RemoteFileJSON>();
    for (const entry of entries) {
      if (entry.isDeleted) files.delete(entry.id);
      else files.set(entry.id, entry);
    }
    state.files.set(collection.id, files);
    state.filesSince.set(collection.id, collection.updationTime);
  }
};

/** The comparable content of a client's state. */
const contentOf = (state: ClientState) =>
  [...state.collections.values()]
    .map((collection) => ({
      id: collection.id,
      updationTime: collection.updationTime,
      files: [...(state.files.get(collection.id)?.values() ?? [])]
        .map((file) => `${file.id}@${file.updationTime}`)
        .sort(),
    }))
    .sort((a, b) => a.id - b.id);

interface Model {
  server: TestAccountsServer;
  users: Record<UserName, TestAccountClient>;
  /** Alice's albums; the first is shared with Bob as a collaborator. */
  albums: RemoteCollectionJSON[];
  /** Bob's own album. */
  bobsAlbum: RemoteCollectionJSON;
  /** Every uploaded file, as its upload answered. */
  files: { owner: UserName; file: RemoteFileJSON }[];
}

const pick = <T>(items: readonly T[], i: number): T | undefined =>
  items.length === 0 ? undefined : items[i % items.length];

const run = async (model: Model, op: Operation): Promise<LightMyRequestResponse | undefined> => {
  const { server, users, albums } = model;
  const { alice, bob } = users;
  const album = (i: number) => pick(albums, i);
  const fileOf = (i: number, owner?: UserName) =>
    pick(
      model.files.filter((f) => owner === undefined || f.owner === owner),
      i,
    );
  switch (op.kind) {
    case "create":
      albums.push(await createTestCollection(server, alice));
      return undefined;
    case "upload": {
      const target = op.user === "alice" ? album(op.album) : model.bobsAlbum;
      if (target === undefined) return undefined;
      const { collection } = await users[op.user].ok<{ collection: RemoteCollectionJSON }>(
        "GET",
        `/collections/${target.id}`,
      );
      if (collection.isDeleted === true) return undefined;
      model.files.push({
        owner: op.user,
        file: await uploadTestFile(server, users[op.user], target.id),
      });
      return undefined;
    }
    case "add": {
      const file = fileOf(op.file, op.user);
      const target = op.user === "alice" ? album(op.album) : albums[0];
      if (file === undefined || target === undefined) return undefined;
      return users[op.user].call("POST", "/collections/add-files", {
        collectionID: target.id,
        files: [await collectionFileItem(server, users[op.user], file.file, target.id)],
      });
    }
    case "move": {
      const file = fileOf(op.file, "alice");
      const from = album(op.from);
      const to = album(op.to);
      if (file === undefined || from === undefined || to === undefined) return undefined;
      return alice.call("POST", "/collections/move-files", {
        fromCollectionID: from.id,
        toCollectionID: to.id,
        files: [await collectionFileItem(server, alice, file.file, to.id)],
      });
    }
    case "remove": {
      const file = fileOf(op.file, "bob");
      const shared = albums[0];
      if (file === undefined || shared === undefined) return undefined;
      return users[op.user].call("POST", "/collections/v3/remove-files", {
        collectionID: shared.id,
        fileIDs: [file.file.id],
      });
    }
    case "trash": {
      const file = fileOf(op.file, op.user);
      if (file === undefined) return undefined;
      return users[op.user].call("POST", "/files/trash", {
        items: [{ fileID: file.file.id, collectionID: file.file.collectionID }],
      });
    }
    case "restore": {
      const file = fileOf(op.file, "alice");
      const target = album(op.album);
      if (file === undefined || target === undefined) return undefined;
      return alice.call("POST", "/collections/restore-files", {
        collectionID: target.id,
        files: [await collectionFileItem(server, alice, file.file, target.id)],
      });
    }
    case "rename": {
      const target = album(op.album);
      if (target === undefined) return undefined;
      return alice.call("POST", "/collections/rename", {
        collectionID: target.id,
        encryptedName: target.encryptedName,
        nameDecryptionNonce: target.nameDecryptionNonce,
      });
    }
    case "metadata": {
      const target = album(op.album);
      if (target === undefined) return undefined;
      const key = await collectionKeyOf(server, alice, target.id);
      return alice.call("PUT", "/collections/public-magic-metadata", {
        id: target.id,
        magicMetadata: await testMagicMetadata({ asc: true }, key),
      });
    }
    case "shareeMetadata": {
      const shared = albums[0];
      if (shared === undefined) return undefined;
      const key = await collectionKeyOf(server, bob, shared.id);
      return bob.call("PUT", "/collections/sharee-magic-metadata", {
        id: shared.id,
        magicMetadata: await testMagicMetadata({ visibility: 1 }, key),
      });
    }
    case "delete": {
      const target = album(op.album);
      if (target === undefined) return undefined;
      return alice.call(
        "DELETE",
        `/collections/v3/${target.id}?collectionID=${target.id}&keepFiles=${String(op.keepFiles)}`,
      );
    }
    case "clock":
      server.clock.advanceMs(op.ms);
      return undefined;
  }
};

describe.each(testDatabaseBackends())("collection writes and sync on $name", (backend) => {
  it("keep every collection as new as its files, and incremental sync equal to a fresh one", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 15, maxLength: 30 }), async (ops) => {
        const server = await startTestAccountsServer(backend);
        try {
          const alice = await signUpTestUser(server, "alice@example.org");
          const bob = await signUpTestUser(server, "bob@example.org");
          const shared = await createTestCollection(server, alice, { name: "Shared" });
          await shareTestCollection(server, alice, bob, shared.id, "COLLABORATOR");
          const model: Model = {
            server,
            users: { alice, bob },
            albums: [shared],
            bobsAlbum: await createTestCollection(server, bob, { name: "Bob's" }),
            files: [],
          };
          const clients = { alice: emptyState(), bob: emptyState() };
          for (const op of ops) {
            const answer = await run(model, op);
            if (answer !== undefined) {
              expect(answer.statusCode, `${JSON.stringify(op)}: ${answer.body}`).toBeLessThan(500);
            }
            expect(
              await collectionsBehindTheirFiles(server.libraryContext),
              JSON.stringify(op),
            ).toEqual([]);
            for (const name of ["alice", "bob"] as const)
              await sync(model.users[name], clients[name]);
          }
          for (const name of ["alice", "bob"] as const) {
            const fresh = emptyState();
            await sync(model.users[name], fresh);
            expect(contentOf(clients[name]), name).toEqual(contentOf(fresh));
          }
        } finally {
          await server.close();
        }
      }),
      { numRuns: 8 },
    );
  }, 600_000);
});
