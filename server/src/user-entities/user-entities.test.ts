import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  RemoteUserEntity,
  RemoteUserEntityKey,
} from "../../../shared/api/endpoints/user-entity";
import { fromB64, toB64 } from "../../../shared/crypto/base64";
import { decryptBlob, encryptBlob } from "../../../shared/crypto/blob";
import { decryptBox, encryptBox } from "../../../shared/crypto/box";
import { generateKey } from "../../../shared/crypto/keys";
import { deleteTestAccount, type TestAccountClient } from "../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../test-support/accounts";
import { testDatabaseBackends } from "../../test-support/databases";
import { signUpTestUser } from "../../test-support/library-client";

// `/user-entity/*` (wire-contract "/user-entity") on every database: keys,
// entities, the diff, ownership and bad input.

const b64 = (bytes: number, fill: number) => toB64(new Uint8Array(bytes).fill(fill));

/** A key body with recognisable (not openable) bytes. */
const keyBody = (type: string, fill: number) => ({
  type,
  encryptedKey: b64(48, fill),
  header: b64(24, fill),
});

/** An entity body with recognisable (not decryptable) bytes. */
const entityBody = (type: string, fill: number) => ({
  type,
  encryptedData: b64(40, fill),
  header: b64(24, fill),
});

const diffOf = async (
  user: TestAccountClient,
  type: string,
  sinceTime: number,
  limit = 5000,
): Promise<RemoteUserEntity[]> =>
  (
    await user.ok<{ diff: RemoteUserEntity[] | null }>(
      "GET",
      `/user-entity/entity/diff?type=${type}&sinceTime=${String(sinceTime)}&limit=${String(limit)}`,
    )
  ).diff ?? [];

/** The whole diff as a client pulls it: again while a page is full. */
const pullAll = async (user: TestAccountClient, type: string, sinceTime: number, limit: number) => {
  const pages: RemoteUserEntity[][] = [];
  let since = sinceTime;
  for (;;) {
    const page = await diffOf(user, type, since, limit);
    pages.push(page);
    for (const entity of page) since = Math.max(since, entity.updatedAt);
    if (page.length < limit) return { pages, since };
  }
};

describe.each(testDatabaseBackends())("user entities on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;

  beforeAll(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
  });
  afterAll(async () => {
    await server.close();
  });

  it("creates a type's key once, answers it, and 404s while there is none", async () => {
    const absent = await alice.call("GET", "/user-entity/key?type=cgroup");
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toMatchObject({ code: "NOT_FOUND" });

    // A real wrapped key: secretbox(entityKey, masterKey), its nonce as the header.
    const entityKey = await generateKey();
    const boxed = await encryptBox(entityKey, alice.keys.masterKey);
    const body = {
      type: "cgroup",
      encryptedKey: toB64(boxed.encryptedData),
      header: toB64(boxed.nonce),
    };
    const created = await alice.call("POST", "/user-entity/key", body);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.body).toBe("");

    const key = await alice.ok<RemoteUserEntityKey>("GET", "/user-entity/key?type=cgroup");
    expect(key).toMatchObject({ userID: alice.userID, ...body });
    expect(key.createdAt).toBeGreaterThan(0);
    const opened = await decryptBox(
      { encryptedData: fromB64(key.encryptedKey), nonce: fromB64(key.header) },
      alice.keys.masterKey,
    );
    expect(opened).toEqual(entityKey);

    // A retry of the same key succeeds; another key for the type is refused.
    expect((await alice.call("POST", "/user-entity/key", body)).statusCode).toBe(200);
    const other = await alice.call("POST", "/user-entity/key", keyBody("cgroup", 9));
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: "ALREADY_EXISTS" });
    expect(await alice.ok("GET", "/user-entity/key?type=cgroup")).toEqual(key);

    // Keys are per account and per type.
    expect((await bob.call("GET", "/user-entity/key?type=cgroup")).statusCode).toBe(404);
    expect((await alice.call("GET", "/user-entity/key?type=location")).statusCode).toBe(404);
  });

  it("creates, updates and deletes entities, each change in the diff once", async () => {
    const entityKey = await generateKey();
    const seal = async (value: unknown) => {
      const sealed = await encryptBlob(new TextEncoder().encode(JSON.stringify(value)), entityKey);
      return {
        encryptedData: toB64(sealed.encryptedData),
        header: toB64(sealed.decryptionHeader),
      };
    };
    const open = async (entity: RemoteUserEntity) =>
      JSON.parse(
        new TextDecoder().decode(
          await decryptBlob(
            {
              encryptedData: fromB64(entity.encryptedData ?? ""),
              decryptionHeader: fromB64(entity.header ?? ""),
            },
            entityKey,
          ),
        ),
      ) as unknown;

    const start = 0;
    const created = await alice.ok<RemoteUserEntity>("POST", "/user-entity/entity", {
      type: "location",
      ...(await seal({ name: "Home" })),
    });
    expect(created.id).toMatch(/^location_[0-9A-Za-z]{22}$/);
    expect(created).toMatchObject({ userID: alice.userID, type: "location", isDeleted: false });
    expect(created.createdAt).toBe(created.updatedAt);
    expect(await open(created)).toEqual({ name: "Home" });

    const second = await alice.ok<RemoteUserEntity>("POST", "/user-entity/entity", {
      type: "location",
      ...(await seal({ name: "Work" })),
    });
    expect(second.updatedAt).toBeGreaterThan(created.updatedAt);

    const updated = await alice.ok<RemoteUserEntity>("PUT", "/user-entity/entity", {
      id: created.id,
      type: "location",
      ...(await seal({ name: "Home, renamed" })),
    });
    expect(updated.updatedAt).toBeGreaterThan(second.updatedAt);
    expect(updated.createdAt).toBe(created.createdAt);
    expect(await open(updated)).toEqual({ name: "Home, renamed" });

    let diff = await diffOf(alice, "location", start);
    expect(diff.map((entity) => entity.id)).toEqual([second.id, created.id]);
    expect(await open(diff[1] as RemoteUserEntity)).toEqual({ name: "Home, renamed" });

    const deleted = await alice.call("DELETE", `/user-entity/entity?id=${second.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    diff = await diffOf(alice, "location", updated.updatedAt);
    expect(diff).toEqual([
      expect.objectContaining({
        id: second.id,
        isDeleted: true,
        encryptedData: null,
        header: null,
      }),
    ]);
    // Deleting again changes nothing; updating a deleted entity is 404.
    expect((await alice.call("DELETE", `/user-entity/entity?id=${second.id}`)).statusCode).toBe(
      200,
    );
    expect(await diffOf(alice, "location", diff[0]?.updatedAt ?? 0)).toEqual([]);
    const late = await alice.call("PUT", "/user-entity/entity", {
      id: second.id,
      ...entityBody("location", 1),
    });
    expect(late.statusCode).toBe(404);

    // Other types are not in this type's diff.
    await alice.ok("POST", "/user-entity/entity", entityBody("cgroup", 2));
    expect((await diffOf(alice, "location", start)).map((entity) => entity.id)).toEqual([
      created.id,
      second.id,
    ]);
  });

  it("pages the diff by sinceTime and limit without skipping or repeating", async () => {
    const ids: string[] = [];
    for (let index = 0; index < 7; index++) {
      ids.push(
        (
          await alice.ok<RemoteUserEntity>(
            "POST",
            "/user-entity/entity",
            entityBody("memory", index),
          )
        ).id,
      );
    }
    await alice.ok("DELETE", `/user-entity/entity?id=${ids[2] ?? ""}`);
    const { pages } = await pullAll(alice, "memory", 0, 3);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    const seen = pages.flat();
    // One entry per entity: the deleted one last, as its newest change.
    expect(seen.map((entity) => entity.id)).toEqual([...ids.slice(0, 2), ...ids.slice(3), ids[2]]);
    expect(seen.at(-1)?.isDeleted).toBe(true);
    const versions = seen.map((entity) => entity.updatedAt);
    expect(versions).toEqual(versions.toSorted((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
  });

  it("keeps an account's entities from every other account", async () => {
    const own = await alice.ok<RemoteUserEntity>(
      "POST",
      "/user-entity/entity",
      entityBody("person", 3),
    );
    const missing = `person_${"A".repeat(22)}`;
    expect(await diffOf(bob, "person", 0)).toEqual([]);

    const update = (id: string) =>
      bob.call("PUT", "/user-entity/entity", { id, ...entityBody("person", 4) });
    const [refused, absent] = [await update(own.id), await update(missing)];
    expect(refused.statusCode).toBe(404);
    // The refusal does not tell whether the entity exists.
    expect(refused.body.replace(own.id, "<id>")).toBe(absent.body.replace(missing, "<id>"));

    const remove = (id: string) => bob.call("DELETE", `/user-entity/entity?id=${id}`);
    const [removeRefused, removeAbsent] = [await remove(own.id), await remove(missing)];
    expect(removeRefused.statusCode).toBe(404);
    expect(removeRefused.body.replace(own.id, "<id>")).toBe(
      removeAbsent.body.replace(missing, "<id>"),
    );

    // Alice's entity is untouched.
    const [still] = (await diffOf(alice, "person", own.updatedAt - 1)).filter(
      (entity) => entity.id === own.id,
    );
    expect(still).toEqual(own);
  });

  it("takes a smart album's ID from the client and brings a deleted one back", async () => {
    const id = `sa_${String(alice.userID)}_favourites`;
    const created = await alice.ok<RemoteUserEntity>("POST", "/user-entity/entity", {
      ...entityBody("smart_album", 1),
      id,
    });
    expect(created.id).toBe(id);
    const again = await alice.call("POST", "/user-entity/entity", {
      ...entityBody("smart_album", 2),
      id,
    });
    expect(again.statusCode).toBe(409);

    await alice.ok("DELETE", `/user-entity/entity?id=${id}`);
    const revived = await alice.ok<RemoteUserEntity>("POST", "/user-entity/entity", {
      ...entityBody("smart_album", 3),
      id,
    });
    expect(revived).toMatchObject({ id, isDeleted: false, encryptedData: b64(40, 3) });
    expect(revived.updatedAt).toBeGreaterThan(created.updatedAt);

    // Without an ID, or with another account's prefix: 400.
    for (const body of [
      entityBody("smart_album", 4),
      { ...entityBody("smart_album", 4), id: `sa_${String(bob.userID)}_x` },
    ]) {
      const answer = await alice.call("POST", "/user-entity/entity", body);
      expect(answer.statusCode, answer.body).toBe(400);
    }
  });

  it("keeps a library share under the client's ID and updates it only over the version read", async () => {
    const id = `ls_${String(alice.userID)}_${String(bob.userID)}`;
    const created = await alice.ok<RemoteUserEntity>("POST", "/user-entity/entity", {
      ...entityBody("library_share", 1),
      id,
    });
    expect(created).toMatchObject({ id, type: "library_share", isDeleted: false });

    // An update must say the version it read; a stale one is refused.
    const update = (fill: number, expectedUpdatedAt?: number | null) =>
      alice.call("PUT", "/user-entity/entity", {
        ...entityBody("library_share", fill),
        id,
        ...(expectedUpdatedAt === undefined ? {} : { expectedUpdatedAt }),
      });
    for (const missing of [undefined, null, 0]) {
      const answer = await update(2, missing);
      expect(answer.statusCode, answer.body).toBe(400);
    }
    const updated = await update(2, created.updatedAt);
    expect(updated.statusCode, updated.body).toBe(200);
    const stale = await update(3, created.updatedAt);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "INVALID_VERSION" });
    const [latest] = await diffOf(alice, "library_share", created.updatedAt);
    expect(latest).toMatchObject({ id, encryptedData: b64(40, 2) });

    // Deleted, it comes back under its ID.
    await alice.ok("DELETE", `/user-entity/entity?id=${id}`);
    const revived = await alice.ok<RemoteUserEntity>("POST", "/user-entity/entity", {
      ...entityBody("library_share", 4),
      id,
    });
    expect(revived).toMatchObject({ id, isDeleted: false, encryptedData: b64(40, 4) });

    // The owner is the caller and the recipient another account.
    for (const badID of [
      undefined,
      `ls_${String(bob.userID)}_${String(alice.userID)}`,
      `ls_${String(alice.userID)}_${String(alice.userID)}`,
      `ls_${String(alice.userID)}_0`,
      `ls_${String(alice.userID)}_0${String(bob.userID)}`,
      `ls_${String(alice.userID)}_${String(bob.userID)}_x`,
    ]) {
      const answer = await alice.call("POST", "/user-entity/entity", {
        ...entityBody("library_share", 5),
        ...(badID === undefined ? {} : { id: badID }),
      });
      expect(answer.statusCode, `${String(badID)}: ${answer.body}`).toBe(400);
    }
  });

  it("checks any type's update against the version it names, and takes null as no check", async () => {
    const entity = await alice.ok<RemoteUserEntity>(
      "POST",
      "/user-entity/entity",
      entityBody("location", 1),
    );
    const put = (fill: number, expectedUpdatedAt: number | null) =>
      alice.call("PUT", "/user-entity/entity", {
        ...entityBody("location", fill),
        id: entity.id,
        expectedUpdatedAt,
      });
    expect((await put(2, entity.updatedAt - 1)).statusCode).toBe(409);
    expect((await put(2, entity.updatedAt)).statusCode).toBe(200);
    expect((await put(3, null)).statusCode).toBe(200);
  });

  it.each([
    ["an unknown key type", "POST", "/user-entity/key", keyBody("album", 1)],
    [
      "a key of the wrong size",
      "POST",
      "/user-entity/key",
      { ...keyBody("cgroup", 1), encryptedKey: b64(32, 1) },
    ],
    [
      "a key without a header",
      "POST",
      "/user-entity/key",
      { type: "cgroup", encryptedKey: b64(48, 1) },
    ],
    ["an unknown type's key read", "GET", "/user-entity/key?type=album", undefined],
    ["an entity of an unknown type", "POST", "/user-entity/entity", entityBody("people", 1)],
    [
      "data that is not base64",
      "POST",
      "/user-entity/entity",
      { ...entityBody("cgroup", 1), encryptedData: "not base64!" },
    ],
    [
      "data shorter than a message",
      "POST",
      "/user-entity/entity",
      { ...entityBody("cgroup", 1), encryptedData: b64(16, 1) },
    ],
    [
      "data over 1 MiB",
      "POST",
      "/user-entity/entity",
      { ...entityBody("cgroup", 1), encryptedData: b64(1024 * 1024 + 1, 1) },
    ],
    [
      "a header of the wrong size",
      "POST",
      "/user-entity/entity",
      { ...entityBody("cgroup", 1), header: b64(12, 1) },
    ],
    ["an update without an ID", "PUT", "/user-entity/entity", entityBody("cgroup", 1)],
    ["an ID with odd characters", "DELETE", "/user-entity/entity?id=a%20b", undefined],
    ["a delete without an ID", "DELETE", "/user-entity/entity", undefined],
    ["a diff without a type", "GET", "/user-entity/entity/diff?sinceTime=0&limit=10", undefined],
    [
      "a diff without a limit",
      "GET",
      "/user-entity/entity/diff?type=cgroup&sinceTime=0",
      undefined,
    ],
    [
      "a diff limit of 0",
      "GET",
      "/user-entity/entity/diff?type=cgroup&sinceTime=0&limit=0",
      undefined,
    ],
    [
      "a diff limit over 5000",
      "GET",
      "/user-entity/entity/diff?type=cgroup&sinceTime=0&limit=5001",
      undefined,
    ],
    [
      "a negative sinceTime",
      "GET",
      "/user-entity/entity/diff?type=cgroup&sinceTime=-1&limit=10",
      undefined,
    ],
  ] as const)("refuses %s with 400", async (_, method, url, body) => {
    const answer = await alice.call(method, url, body);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ code: "BAD_REQUEST" });
  });

  it("refuses callers without a session", async () => {
    const answer = await alice.call("GET", "/user-entity/key?type=cgroup", undefined, "");
    expect(answer.statusCode).toBe(401);
  });

  it("deletes an account's keys and entities with the account", async () => {
    const frank = await signUpTestUser(server, "frank@example.org");
    await frank.ok("POST", "/user-entity/key", keyBody("cgroup", 5));
    await frank.ok("POST", "/user-entity/entity", entityBody("cgroup", 5));
    await deleteTestAccount(frank);
    const { db } = server.database;
    const keys = await db
      .selectFrom("entity_key")
      .select("type")
      .where("user_id", "=", frank.userID)
      .execute();
    const entities = await db
      .selectFrom("entity_data")
      .select("id")
      .where("user_id", "=", frank.userID)
      .execute();
    expect([keys, entities]).toEqual([[], []]);
  });
});
