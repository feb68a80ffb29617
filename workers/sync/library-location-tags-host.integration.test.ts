// The sync worker's location tags against the real server, with real
// crypto: tags an Ente app wrote (its JSON, under the account's "location"
// key) are read; another device's edits and deletions follow; an entity
// that is not a tag, or does not open, is left out; reading an account
// without tags creates no key for them.

import { afterAll, beforeAll, expect, it } from "vitest";
import { type ApiClient, createApiClient } from "../../shared/api/client";
import { getUserEntityKey, updateUserEntity } from "../../shared/api/endpoints/user-entity";
import { clientPackages } from "../../shared/api/headers";
import { NotFoundError } from "../../shared/model/errors";
import type { NodeAccount } from "../../tests/test-support/node-account";
import { type NodeCairn, startNodeCairn } from "../../tests/test-support/node-cairn";
import { type NodeCryptoPool, createNodeCryptoPool } from "../crypto/node-pool";
import { createKeyringFromAccountKeys } from "../library/node-keyring";
import { createUserEntities } from "../people/user-entities";
import { locationTagPullIntervalMs } from "../places/library-location-tags";
import { hostLibraryLocationTags } from "./library-location-tags-host";

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

const keyringOf = () => createKeyringFromAccountKeys(account.accountKeys, pool);

/** A location tag's JSON as the Ente mobile app writes it (its ellipse's axes included). */
const enteTag = (name: string, latitude: number, longitude: number, radius: number) => {
  const a = radius / Math.cos((latitude * Math.PI) / 180) / 111.16;
  const b = radius / 111.16;
  return { name, radius, aSquare: a * a, bSquare: b * b, centerPoint: { latitude, longitude } };
};

/** This device's tags, over the account's session; `later()` lets the next read pull. */
const browserDevice = () => {
  let nowMs = 0;
  const errors: string[] = [];
  let changes = 0;
  const tags = hostLibraryLocationTags({
    api: apiOf,
    keyring: keyringOf(),
    pool,
    nowMs: () => nowMs,
    logError: (message) => {
      errors.push(message);
    },
    onChange: () => {
      changes += 1;
    },
  });
  return {
    tags,
    errors,
    changes: () => changes,
    names: () => tags.tags().map(({ name, radiusKm }) => `${name} ${String(radiusKm)} km`),
    later: () => {
      nowMs += locationTagPullIntervalMs;
    },
  };
};

beforeAll(async () => {
  node = await startNodeCairn();
  account = await node.signUp("location-tags");
  pool = await createNodeCryptoPool({ size: 1 });
}, 120_000);

afterAll(async () => {
  await pool.terminate();
  await node.close();
});

it("reads the tags an Ente app wrote, follows their edits and deletions, and skips what is not a tag", async () => {
  const browser = browserDevice();
  await browser.tags.prepare();
  expect(browser.names()).toEqual([]);
  // Reading made no key: the first app to write a tag does.
  await expect(
    apiOf().call(getUserEntityKey, { query: { type: "location" } }),
  ).rejects.toBeInstanceOf(NotFoundError);

  const phone = createUserEntities({ api: apiOf(), keyring: keyringOf(), pool });
  const home = await phone.create("location", enteTag("Home", 59.91, 10.75, 2));
  const cabin = await phone.create("location", enteTag("Cabin", 61.1, 10.4, 10));
  await phone.create("location", { name: "Half a tag", radius: "2" });
  const park = await phone.create("location", enteTag("Park", 59.93, 10.71, 1));
  browser.later();
  await browser.tags.prepare();
  expect(browser.names()).toEqual(["Home 2 km", "Cabin 10 km", "Park 1 km"]);
  expect(browser.tags.tagByID(home.id)).toEqual({
    id: home.id,
    name: "Home",
    centre: { latitude: 59.91, longitude: 10.75 },
    radiusKm: 2,
  });
  expect(browser.errors).toEqual([
    expect.stringMatching(/^Ignoring a location tag that is not one/),
  ]);

  // The phone widens Home and deletes the cabin; a buggy client writes the
  // park under a key of its own, so it no longer opens.
  await phone.update("location", home.id, enteTag("Home", 59.91, 10.75, 5));
  await phone.remove(cabin.id);
  const [sealed] = await pool.encryptBlobs([
    {
      data: new TextEncoder().encode(JSON.stringify(enteTag("Park", 59.93, 10.71, 1))),
      keyB64: await pool.generateKeyB64(),
    },
  ]);
  if (sealed === undefined) throw new Error("Nothing was encrypted");
  await apiOf().call(updateUserEntity, {
    body: {
      id: park.id,
      type: "location",
      encryptedData: Buffer.from(sealed.encryptedData).toString("base64"),
      header: sealed.decryptionHeaderB64,
    },
  });
  const changesBefore = browser.changes();
  browser.later();
  await browser.tags.prepare();
  expect(browser.names()).toEqual(["Home 5 km"]);
  expect(browser.tags.tagByID(cabin.id)).toBeUndefined();
  expect(browser.tags.tagByID(park.id)).toBeUndefined();
  expect(browser.errors.at(-1)).toBe(`Ignoring a location tag that does not open (${park.id})`);
  expect(browser.changes()).toBe(changesBefore + 1);

  // A second browser of the account reads the same tags from scratch.
  const other = browserDevice();
  await other.tags.prepare();
  expect(other.names()).toEqual(["Home 5 km"]);
});
