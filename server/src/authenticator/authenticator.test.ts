import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authenticatorLimits,
  type RemoteAuthenticatorEntity,
  type RemoteAuthenticatorKey,
} from "../../../shared/api/endpoints/authenticator";
import { fromB64, toB64 } from "../../../shared/crypto/base64";
import { decryptBlob, encryptBlob } from "../../../shared/crypto/blob";
import { generateKey } from "../../../shared/crypto/keys";
import { deleteTestAccount, type TestAccountClient } from "../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../test-support/accounts";
import { testDatabaseBackends } from "../../test-support/databases";
import { signUpTestUser } from "../../test-support/library-client";

// `/authenticator/*` (wire-contract "Authenticator entities") on every
// database: the key, codes, the diff, ownership, limits and bad input.

const b64 = (bytes: number, fill: number) => toB64(new Uint8Array(bytes).fill(fill));

/** A code body with recognisable (not decryptable) bytes. */
const entityBody = (fill: number, bytes = 40) => ({
  encryptedData: b64(bytes, fill),
  header: b64(24, fill),
});

const missingID = "00000000-0000-4000-8000-00000000abcd";

const diffOf = async (
  user: TestAccountClient,
  sinceTime: number,
  limit = 5000,
): Promise<RemoteAuthenticatorEntity[]> =>
  (
    await user.ok<{ diff: RemoteAuthenticatorEntity[] }>(
      "GET",
      `/authenticator/entity/diff?sinceTime=${String(sinceTime)}&limit=${String(limit)}`,
    )
  ).diff;

/** The whole diff as a client pulls it: again while a page is full. */
const pullAll = async (user: TestAccountClient, sinceTime: number, limit: number) => {
  const pages: RemoteAuthenticatorEntity[][] = [];
  let since = sinceTime;
  for (;;) {
    const page = await diffOf(user, since, limit);
    pages.push(page);
    for (const entity of page) since = Math.max(since, entity.updatedAt);
    if (page.length < limit) return pages;
  }
};

describe.each(testDatabaseBackends())("authenticator on $name", (backend) => {
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

  it("creates the key once, answers it, and 404s while there is none", async () => {
    const absent = await alice.call("GET", "/authenticator/key");
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toMatchObject({ code: "NOT_FOUND" });

    // A real wrapped key: a Blob of a random key under the master key.
    const authenticatorKey = await generateKey();
    const sealed = await encryptBlob(authenticatorKey, alice.keys.masterKey);
    const body = {
      encryptedKey: toB64(sealed.encryptedData),
      header: toB64(sealed.decryptionHeader),
    };
    expect(sealed.encryptedData).toHaveLength(32 + 17);
    const created = await alice.call("POST", "/authenticator/key", body);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.body).toBe("");

    const key = await alice.ok<RemoteAuthenticatorKey>("GET", "/authenticator/key");
    expect(key).toMatchObject({ userID: alice.userID, ...body });
    expect(key.createdAt).toBeGreaterThan(0);
    const opened = await decryptBlob(
      { encryptedData: fromB64(key.encryptedKey), decryptionHeader: fromB64(key.header) },
      alice.keys.masterKey,
    );
    expect(opened).toEqual(authenticatorKey);

    // A retry of the same key succeeds; another key is refused and changes nothing.
    expect((await alice.call("POST", "/authenticator/key", body)).statusCode).toBe(200);
    const other = await alice.call("POST", "/authenticator/key", {
      encryptedKey: b64(49, 9),
      header: b64(24, 9),
    });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: "ALREADY_EXISTS" });
    expect(await alice.ok("GET", "/authenticator/key")).toEqual(key);

    // The key is per account.
    expect((await bob.call("GET", "/authenticator/key")).statusCode).toBe(404);
  });

  it("takes a secretbox-wrapped key as the reference's clients send it", async () => {
    // See: [Note: The authenticator key is a Blob or a secretbox]
    const carol = await signUpTestUser(server, "carol@example.org");
    const body = { encryptedKey: b64(48, 3), header: b64(24, 3) };
    expect((await carol.call("POST", "/authenticator/key", body)).statusCode).toBe(200);
    expect(await carol.ok("GET", "/authenticator/key")).toMatchObject(body);
  });

  it("creates, updates and deletes codes, each change in the diff once", async () => {
    const authenticatorKey = await generateKey();
    const seal = async (uri: string) => {
      const sealed = await encryptBlob(new TextEncoder().encode(uri), authenticatorKey);
      return {
        encryptedData: toB64(sealed.encryptedData),
        header: toB64(sealed.decryptionHeader),
      };
    };
    const open = async (entity: RemoteAuthenticatorEntity) =>
      new TextDecoder().decode(
        await decryptBlob(
          {
            encryptedData: fromB64(entity.encryptedData ?? ""),
            decryptionHeader: fromB64(entity.header ?? ""),
          },
          authenticatorKey,
        ),
      );
    const dave = await signUpTestUser(server, "dave@example.org");
    const github = "otpauth://totp/GitHub:dave?secret=JBSWY3DPEHPK3PXP&issuer=GitHub";

    const created = await dave.ok<RemoteAuthenticatorEntity>(
      "POST",
      "/authenticator/entity",
      await seal(github),
    );
    expect(created.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(created).toMatchObject({ userID: dave.userID, isDeleted: false });
    expect(created.createdAt).toBe(created.updatedAt);
    expect(await open(created)).toBe(github);

    const second = await dave.ok<RemoteAuthenticatorEntity>(
      "POST",
      "/authenticator/entity",
      await seal("otpauth://hotp/Bank?secret=GEZDGNBV&counter=1"),
    );
    expect(second.id).not.toBe(created.id);
    expect(second.updatedAt).toBeGreaterThan(created.updatedAt);

    const renamed = `${github}&period=30`;
    const updated = await dave.call("PUT", "/authenticator/entity", {
      id: created.id,
      ...(await seal(renamed)),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.body).toBe("");

    let diff = await diffOf(dave, 0);
    expect(diff.map((entity) => entity.id)).toEqual([second.id, created.id]);
    const [, changed] = diff;
    expect(changed?.updatedAt).toBeGreaterThan(second.updatedAt);
    expect(changed?.createdAt).toBe(created.createdAt);
    expect(await open(changed as RemoteAuthenticatorEntity)).toBe(renamed);

    const deleted = await dave.call("DELETE", `/authenticator/entity?id=${second.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    diff = await diffOf(dave, changed?.updatedAt ?? 0);
    expect(diff).toEqual([
      {
        id: second.id,
        userID: dave.userID,
        encryptedData: null,
        header: null,
        isDeleted: true,
        createdAt: second.createdAt,
        updatedAt: expect.any(Number) as number,
      },
    ]);
    expect(diff[0]?.updatedAt).toBeGreaterThan(changed?.updatedAt ?? 0);

    // Deleting again is 200 and changes nothing; updating a deleted code is 404.
    expect((await dave.call("DELETE", `/authenticator/entity?id=${second.id}`)).statusCode).toBe(
      200,
    );
    expect(await diffOf(dave, diff[0]?.updatedAt ?? 0)).toEqual([]);
    const late = await dave.call("PUT", "/authenticator/entity", {
      id: second.id,
      ...entityBody(1),
    });
    expect(late.statusCode).toBe(404);
    expect(late.json()).toMatchObject({ code: "NOT_FOUND" });

    // Unknown IDs are 404.
    for (const answer of [
      await dave.call("PUT", "/authenticator/entity", { id: missingID, ...entityBody(1) }),
      await dave.call("DELETE", `/authenticator/entity?id=${missingID}`),
    ]) {
      expect(answer.statusCode).toBe(404);
    }
  });

  it("pages the diff without skipping, repeating or splitting a version", async () => {
    // See: [Note: Authenticator versions only grow, per user, in commit order]
    const erin = await signUpTestUser(server, "erin@example.org");
    // The test clock stands still: every write meets the same clock reading.
    const ids: string[] = [];
    for (let index = 0; index < 4; index++) {
      ids.push(
        (
          await erin.ok<RemoteAuthenticatorEntity>(
            "POST",
            "/authenticator/entity",
            entityBody(index),
          )
        ).id,
      );
    }
    // Concurrent writes still get versions of their own.
    const concurrent = await Promise.all(
      [4, 5, 6].map((fill) =>
        erin.ok<RemoteAuthenticatorEntity>("POST", "/authenticator/entity", entityBody(fill)),
      ),
    );
    ids.push(
      ...concurrent.toSorted((a, b) => a.updatedAt - b.updatedAt).map((entity) => entity.id),
    );
    await erin.ok("DELETE", `/authenticator/entity?id=${ids[2] ?? ""}`);

    const pages = await pullAll(erin, 0, 3);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    const seen = pages.flat();
    // One entry per code: the deleted one last, as its newest change.
    expect(seen.map((entity) => entity.id)).toEqual([...ids.slice(0, 2), ...ids.slice(3), ids[2]]);
    expect(seen.at(-1)?.isDeleted).toBe(true);
    const versions = seen.map((entity) => entity.updatedAt);
    expect(versions).toEqual(versions.toSorted((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
    // Every page boundary falls between two versions.
    for (let page = 1; page < pages.length; page++) {
      expect(pages[page]?.[0]?.updatedAt).toBeGreaterThan(pages[page - 1]?.at(-1)?.updatedAt ?? 0);
    }
  });

  it("keeps an account's key and codes from every other account", async () => {
    const own = await alice.ok<RemoteAuthenticatorEntity>(
      "POST",
      "/authenticator/entity",
      entityBody(3),
    );
    expect(await diffOf(bob, 0)).toEqual([]);

    const update = (id: string) =>
      bob.call("PUT", "/authenticator/entity", { id, ...entityBody(4) });
    const [refused, absent] = [await update(own.id), await update(missingID)];
    expect(refused.statusCode).toBe(404);
    // The refusal does not tell whether the code exists.
    expect(refused.body.replace(own.id, "<id>")).toBe(absent.body.replace(missingID, "<id>"));

    const remove = (id: string) => bob.call("DELETE", `/authenticator/entity?id=${id}`);
    const [removeRefused, removeAbsent] = [await remove(own.id), await remove(missingID)];
    expect(removeRefused.statusCode).toBe(404);
    expect(removeRefused.body.replace(own.id, "<id>")).toBe(
      removeAbsent.body.replace(missingID, "<id>"),
    );

    // Alice's code is untouched.
    expect(await diffOf(alice, own.updatedAt - 1)).toEqual([own]);
  });

  it("refuses a code over 64 KiB with 413 and takes one of exactly 64 KiB", async () => {
    // See: [Note: An authenticator entity is at most 64 KiB of ciphertext]
    const largest = authenticatorLimits.maxEncryptedDataBytes;
    const created = await bob.ok<RemoteAuthenticatorEntity>(
      "POST",
      "/authenticator/entity",
      entityBody(1, largest),
    );
    for (const answer of [
      await bob.call("POST", "/authenticator/entity", entityBody(2, largest + 1)),
      await bob.call("PUT", "/authenticator/entity", {
        id: created.id,
        ...entityBody(2, largest + 1),
      }),
    ]) {
      expect(answer.statusCode, answer.body).toBe(413);
      expect(answer.json()).toMatchObject({ code: "REQUEST_TOO_LARGE" });
    }
    expect((await diffOf(bob, created.updatedAt)).length).toBe(0);
  });

  it("refuses a code past 5,000 live ones with 403 until one is deleted", async () => {
    // See: [Note: An account holds at most 5,000 authenticator codes]
    const frank = await signUpTestUser(server, "frank@example.org");
    const { db } = server.database;
    const most = authenticatorLimits.maxLiveEntitiesPerUser;
    // All but one stored directly (5,000 calls would only slow the test);
    // a tombstone among them does not count.
    const rows = Array.from({ length: most }, (_, index) => ({
      id: `00000000-0000-4000-8000-${index.toString(16).padStart(12, "0")}`,
      user_id: frank.userID,
      encrypted_data: index === 0 ? null : b64(40, 1),
      header: index === 0 ? null : b64(24, 1),
      is_deleted: index === 0 ? 1 : 0,
      created_at_us: index + 1,
      updated_at_us: index + 1,
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await db
        .insertInto("authenticator_entity")
        .values(rows.slice(start, start + 500))
        .execute();
    }
    const last = await frank.call("POST", "/authenticator/entity", entityBody(2));
    expect(last.statusCode, last.body).toBe(200);

    const over = await frank.call("POST", "/authenticator/entity", entityBody(3));
    expect(over.statusCode, over.body).toBe(403);
    expect(over.json()).toMatchObject({ code: "FILE_LIMIT_REACHED" });
    // Updates of the codes held go on.
    const held = rows[1]?.id ?? "";
    expect(
      (await frank.call("PUT", "/authenticator/entity", { id: held, ...entityBody(4) })).statusCode,
    ).toBe(200);

    await frank.ok("DELETE", `/authenticator/entity?id=${held}`);
    expect((await frank.call("POST", "/authenticator/entity", entityBody(5))).statusCode).toBe(200);
  });

  it.each([
    [
      "a key of the wrong size",
      "POST",
      "/authenticator/key",
      { encryptedKey: b64(32, 1), header: b64(24, 1) },
    ],
    ["a key without a header", "POST", "/authenticator/key", { encryptedKey: b64(49, 1) }],
    [
      "a key header of the wrong size",
      "POST",
      "/authenticator/key",
      { encryptedKey: b64(49, 1), header: b64(12, 1) },
    ],
    [
      "a key that is not base64",
      "POST",
      "/authenticator/key",
      { encryptedKey: "not base64!", header: b64(24, 1) },
    ],
    [
      "data that is not base64",
      "POST",
      "/authenticator/entity",
      { ...entityBody(1), encryptedData: "not base64!" },
    ],
    [
      "data in URL-safe base64",
      "POST",
      "/authenticator/entity",
      { ...entityBody(1), encryptedData: "-_-_".repeat(10) },
    ],
    ["data shorter than a message", "POST", "/authenticator/entity", entityBody(1, 16)],
    ["a code without data", "POST", "/authenticator/entity", { header: b64(24, 1) }],
    ["a code without a header", "POST", "/authenticator/entity", { encryptedData: b64(40, 1) }],
    [
      "a header of the wrong size",
      "POST",
      "/authenticator/entity",
      { ...entityBody(1), header: b64(12, 1) },
    ],
    ["an update without an ID", "PUT", "/authenticator/entity", entityBody(1)],
    [
      "an update of a non-UUID ID",
      "PUT",
      "/authenticator/entity",
      { id: "totp_1", ...entityBody(1) },
    ],
    ["a delete of a non-UUID ID", "DELETE", "/authenticator/entity?id=not-a-uuid", undefined],
    ["a delete without an ID", "DELETE", "/authenticator/entity", undefined],
    ["a diff without a limit", "GET", "/authenticator/entity/diff?sinceTime=0", undefined],
    ["a diff without sinceTime", "GET", "/authenticator/entity/diff?limit=10", undefined],
    ["a diff limit of 0", "GET", "/authenticator/entity/diff?sinceTime=0&limit=0", undefined],
    [
      "a diff limit over 5000",
      "GET",
      "/authenticator/entity/diff?sinceTime=0&limit=5001",
      undefined,
    ],
    ["a negative sinceTime", "GET", "/authenticator/entity/diff?sinceTime=-1&limit=10", undefined],
  ] as const)("refuses %s with 400", async (_, method, url, body) => {
    const answer = await alice.call(method, url, body);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ code: "BAD_REQUEST" });
  });

  it("refuses callers without a session", async () => {
    for (const [method, url] of [
      ["GET", "/authenticator/key"],
      ["GET", "/authenticator/entity/diff?sinceTime=0&limit=10"],
      ["POST", "/authenticator/entity"],
    ] as const) {
      const answer = await alice.call(
        method,
        url,
        method === "POST" ? entityBody(1) : undefined,
        "",
      );
      expect(answer.statusCode).toBe(401);
    }
  });

  it("deletes an account's key and codes with the account", async () => {
    const grace = await signUpTestUser(server, "grace@example.org");
    await grace.ok("POST", "/authenticator/key", { encryptedKey: b64(49, 5), header: b64(24, 5) });
    const live = await grace.ok<RemoteAuthenticatorEntity>(
      "POST",
      "/authenticator/entity",
      entityBody(5),
    );
    const gone = await grace.ok<RemoteAuthenticatorEntity>(
      "POST",
      "/authenticator/entity",
      entityBody(6),
    );
    await grace.ok("DELETE", `/authenticator/entity?id=${gone.id}`);
    await deleteTestAccount(grace);
    const { db } = server.database;
    const keys = await db
      .selectFrom("authenticator_key")
      .select("user_id")
      .where("user_id", "=", grace.userID)
      .execute();
    const entities = await db
      .selectFrom("authenticator_entity")
      .select("id")
      .where((eb) => eb.or([eb("user_id", "=", grace.userID), eb("id", "in", [live.id, gone.id])]))
      .execute();
    expect([keys, entities]).toEqual([[], []]);
    // Another account's codes stay.
    expect((await diffOf(alice, 0)).length).toBeGreaterThan(0);
  });
});
