// User entities through the real server: two clients of one account share
// the type's key (even when both create it at once), the second reads what
// the first wrote, updates and deletions arrive through the diff, and the
// server's database holds no plaintext.

import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type ApiClient, createApiClient } from "../../shared/api/client";
import type { AnyEndpoint } from "../../shared/api/endpoint";
import { createUserEntityKey, getUserEntityKey } from "../../shared/api/endpoints/user-entity";
import { clientPackages } from "../../shared/api/headers";
import { HttpError } from "../../shared/model/errors";
import type { NodeAccount } from "../../tests/test-support/node-account";
import { type NodeCairn, startNodeCairn } from "../../tests/test-support/node-cairn";
import { type NodeCryptoPool, createNodeCryptoPool } from "../crypto/node-pool";
import { createKeyringFromAccountKeys } from "../library/node-keyring";
import { type UserEntities, createUserEntities } from "./user-entities";

let node: NodeCairn;
let account: NodeAccount;
let pool: NodeCryptoPool;

const apiOf = (): ApiClient =>
  createApiClient({
    apiOrigin: node.apiOrigin,
    clientPackage: clientPackages.photosWeb,
    fetch: (url, init) => fetch(url, init),
    getAuthToken: () => account.token,
  });

/** A client of the account: its own API, keyring and key cache, as another device has. */
const device = (pageSize?: number): UserEntities =>
  createUserEntities({
    api: apiOf(),
    keyring: createKeyringFromAccountKeys(account.accountKeys, pool),
    pool,
    ...(pageSize === undefined ? {} : { pageSize }),
  });

const personNamed = (name: string, faces: readonly string[]) => ({
  name,
  assigned: [{ id: `cluster-${name}`, faces }],
  rejectedFaceIDs: [],
  isHidden: false,
});

beforeAll(async () => {
  node = await startNodeCairn();
  account = await node.signUp("people");
  pool = await createNodeCryptoPool({ size: 1 });
}, 120_000);

afterAll(async () => {
  await pool.terminate();
  await node.close();
});

it("gives two devices creating a type's key at once the same key", async () => {
  // Both devices ask for the key before either posts one: each GET waits
  // until the other has its answer (404), so both create a key and post it.
  let keyReads = 0;
  let bothRead: () => void = () => undefined;
  const readsDone = new Promise<void>((resolve) => (bothRead = resolve));
  const posts: string[] = [];
  const racingAPI = (): ApiClient => {
    const api = apiOf();
    const call = (endpoint: AnyEndpoint, args: unknown[]): Promise<unknown> =>
      (api.call as (endpoint: AnyEndpoint, ...args: unknown[]) => Promise<unknown>)(
        endpoint,
        ...args,
      );
    const racing = async (endpoint: AnyEndpoint, ...args: unknown[]): Promise<unknown> => {
      if (endpoint === getUserEntityKey && keyReads < 2) {
        const answer = call(endpoint, args);
        void answer
          .catch(() => undefined)
          .finally(() => {
            keyReads += 1;
            if (keyReads === 2) bothRead();
          });
        await readsDone;
        return answer;
      }
      if (endpoint !== createUserEntityKey) return call(endpoint, args);
      try {
        const answer = await call(endpoint, args);
        posts.push("stored");
        return answer;
      } catch (error) {
        posts.push(error instanceof HttpError ? String(error.code) : "failed");
        throw error;
      }
    };
    return { ...api, call: racing as ApiClient["call"] };
  };
  const racer = () =>
    createUserEntities({
      api: racingAPI(),
      keyring: createKeyringFromAccountKeys(account.accountKeys, pool),
      pool,
    });
  const [keyA, keyB] = await Promise.all([
    racer().entityKey("cgroup"),
    racer().entityKey("cgroup"),
  ]);
  expect(posts.toSorted()).toEqual(["ALREADY_EXISTS", "stored"]);
  expect(keyA).toBe(keyB);
  expect(await device().entityKey("cgroup")).toBe(keyA);
  expect(await device().entityKey("location")).not.toBe(keyA);
});

it("lets a second device read, follow updates and deletions of what the first wrote", async () => {
  const writer = device();
  const reader = device(2);
  const start = (await reader.pull("cgroup", 0)).sinceTime;

  const ada = await writer.create("cgroup", personNamed("Ada Lovelace", ["1_a", "2_b"]));
  const alan = await writer.create("cgroup", personNamed("Alan Turing", ["3_c"]));
  const grace = await writer.create("cgroup", personNamed("Grace Hopper", ["4_d"]));
  expect(ada.id).toMatch(/^cgroup_/);

  const first = await reader.pull("cgroup", start);
  expect(first.entities).toEqual([ada, alan, grace]);
  expect(first.deletedIDs).toEqual([]);
  expect(first.sinceTime).toBe(grace.updatedAt);

  // The user renames Ada and deletes Alan on the first device.
  const renamed = await writer.update("cgroup", ada.id, personNamed("Ada King", ["1_a", "2_b"]));
  await writer.remove(alan.id);
  const next = await reader.pull("cgroup", first.sinceTime);
  expect(next.entities).toEqual([renamed]);
  expect(next.deletedIDs).toEqual([alan.id]);
  expect(next.unreadableIDs).toEqual([]);
  expect(next.sinceTime).toBeGreaterThan(first.sinceTime);

  // Nothing new since; from the start, the deleted one is only a deletion.
  expect(await reader.pull("cgroup", next.sinceTime)).toMatchObject({
    entities: [],
    deletedIDs: [],
  });
  const all = await reader.pull("cgroup", start);
  expect(all.entities.map(({ data }) => (data as { name: string }).name)).toEqual([
    "Grace Hopper",
    "Ada King",
  ]);
  expect(all.deletedIDs).toEqual([alan.id]);

  // Location tags (not gzipped) travel the same way, apart from people.
  const home = await writer.create("location", {
    name: "Home",
    radius: 2,
    centerPoint: { latitude: 48.85, longitude: 2.35 },
  });
  expect((await reader.pull("location", 0)).entities).toEqual([home]);
  expect((await reader.pull("cgroup", next.sinceTime)).entities).toEqual([]);
});

it("leaves no plaintext in the server's database", async () => {
  const secretName = "Zebulon Quixotic-Whitfield";
  await device().create("cgroup", personNamed(secretName, ["9_z"]));
  await device().create("location", {
    name: secretName,
    radius: 1,
    centerPoint: { latitude: 0, longitude: 0 },
  });

  const database = node.cairn.config.database;
  if (database.kind !== "sqlite") throw new Error("The test server runs on SQLite");
  // The database file and its write-ahead log, byte for byte.
  const dir = path.dirname(database.file);
  const files = (await readdir(dir)).filter((name) =>
    name.startsWith(path.basename(database.file)),
  );
  expect(files.length).toBeGreaterThan(0);
  for (const name of files) {
    const bytes = await readFile(path.join(dir, name));
    expect(bytes.includes(Buffer.from(secretName)), name).toBe(false);
    expect(bytes.includes(Buffer.from("Zebulon")), name).toBe(false);
  }
  // The entity is there, as ciphertext the other device reads.
  const names = (await device().pull("location", 0)).entities.map(
    ({ data }) => (data as { name: string }).name,
  );
  expect(names).toContain(secretName);
});
