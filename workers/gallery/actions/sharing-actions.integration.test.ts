// The sharing actions against a real Cairn (SQLite, local blobs): sharing
// an album with a person, refusals, leaving, and the album's link with its
// key in the fragment, its password checked by the server as a visitor's
// browser would send it, and its removal.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromB64, toB64 } from "../../../shared/crypto/base64";
import type { NodeAccount } from "../../../tests/test-support/node-account";
import { type NodeCairn, startNodeCairn } from "../../../tests/test-support/node-cairn";
import { type NodeCryptoPool, createNodeCryptoPool } from "../../crypto/node-pool";
import type { DecryptedCollection } from "../../library/decrypted-records";
import { type NodeLibraryClient, createNodeLibraryClient } from "../../library/node-library-client";
import { keyFromLinkFragment } from "../../library/sharing-operations";
import { albumSharingOf } from "../engine/album-sharing";
import { type TestDevice, openTestDevice } from "./test-support/device";

let nodeCairn: NodeCairn;
let pool: NodeCryptoPool;
let alice: NodeAccount;
let bob: NodeAccount;
let aliceClient: NodeLibraryClient;
let album: DecryptedCollection;
const devices: TestDevice[] = [];

const device = async (account: NodeAccount) => {
  const opened = await openTestDevice(nodeCairn.apiOrigin, pool, account);
  devices.push(opened);
  await opened.pull();
  return opened;
};

beforeAll(async () => {
  nodeCairn = await startNodeCairn();
  pool = await createNodeCryptoPool({ size: 2 });
  [alice, bob] = [await nodeCairn.signUp("alice"), await nodeCairn.signUp("bob")];
  aliceClient = await createNodeLibraryClient({
    apiOrigin: nodeCairn.apiOrigin,
    token: alice.token,
    userID: alice.userID,
    accountKeys: alice.accountKeys,
    poolSize: 1,
  });
  album = await aliceClient.createCollection({ name: "Summer", type: "album" });
}, 240_000);

afterAll(async () => {
  for (const opened of devices) opened.close();
  await aliceClient.close();
  await pool.terminate();
  await nodeCairn.close();
});

/** A visitor's request to the public-collection API, as a browser without an account sends it. */
const visit = async (
  path: string,
  accessToken: string,
  init: { method?: string; body?: string } = {},
) => {
  const response = await fetch(`${nodeCairn.apiOrigin}${path}`, {
    ...init,
    headers: {
      "X-Auth-Access-Token": accessToken,
      "Content-Type": "application/json",
      "X-Client-Package": "io.ente.photos.web",
    },
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as unknown };
};

describe("sharing an album with a person", () => {
  it("shows the person at once, and the sharee's device gets the album with its owner", async () => {
    const owner = await device(alice);
    let shown: ReturnType<typeof albumSharingOf>;
    owner.onNotify = () => {
      shown ??= albumSharingOf(owner.view, album.id);
    };
    const outcome = await owner.actions.perform({
      kind: "share-album",
      collectionID: album.id,
      email: bob.email,
      role: "COLLABORATOR",
    });
    owner.onNotify = undefined;
    expect(outcome).toMatchObject({ ok: true });
    expect(shown?.sharees).toEqual([{ email: bob.email, role: "COLLABORATOR" }]);
    expect(albumSharingOf(owner.view, album.id)).toMatchObject({
      owned: true,
      ownerEmail: alice.email,
      sharees: [{ email: bob.email, role: "COLLABORATOR" }],
    });

    const sharee = await device(bob);
    const seen = albumSharingOf(sharee.view, album.id);
    expect(seen).toMatchObject({ owned: false, ownerEmail: alice.email });
    expect(sharee.view.collection(album.id)?.name).toBe("Summer");
  });

  it("refuses an address without an account, and one's own, leaving the people as they were", async () => {
    const owner = await device(alice);
    const before = albumSharingOf(owner.view, album.id)?.sharees;
    expect(
      await owner.actions.perform({
        kind: "share-album",
        collectionID: album.id,
        email: "nobody@example.org",
        role: "VIEWER",
      }),
    ).toMatchObject({ ok: false, code: "no-account-for-email" });
    expect(
      await owner.actions.perform({
        kind: "share-album",
        collectionID: album.id,
        email: alice.email.toUpperCase(),
        role: "VIEWER",
      }),
    ).toMatchObject({ ok: false, code: "cannot-share-with-self" });
    expect(albumSharingOf(owner.view, album.id)?.sharees).toEqual(before);
  });

  it("lets the sharee leave: the album leaves their library and the owner's people", async () => {
    const sharee = await device(bob);
    expect(await sharee.actions.perform({ kind: "leave-album", collectionID: album.id })).toEqual(
      expect.objectContaining({ ok: true }),
    );
    const live = sharee.view.collection(album.id);
    expect(live === undefined || live.isDeleted).toBe(true);
    const owner = await device(alice);
    expect(albumSharingOf(owner.view, album.id)?.sharees).toEqual([]);
  });

  it("ends a share from the owner's side", async () => {
    const owner = await device(alice);
    await owner.actions.perform({
      kind: "share-album",
      collectionID: album.id,
      email: bob.email,
      role: "VIEWER",
    });
    expect(albumSharingOf(owner.view, album.id)?.sharees).toEqual([
      { email: bob.email, role: "VIEWER" },
    ]);
    expect(
      await owner.actions.perform({
        kind: "unshare-album",
        collectionID: album.id,
        email: bob.email,
      }),
    ).toMatchObject({ ok: true });
    expect(albumSharingOf(owner.view, album.id)?.sharees).toEqual([]);
    const sharee = await device(bob);
    const live = sharee.view.collection(album.id);
    expect(live === undefined || live.isDeleted).toBe(true);
  });
});

describe("an album's link", () => {
  it("carries the album's key only in its fragment, and its password is checked by the server", async () => {
    const owner = await device(alice);
    expect(
      await owner.actions.perform({
        kind: "create-link",
        collectionID: album.id,
        settings: {},
      }),
    ).toMatchObject({ ok: true });
    const link = albumSharingOf(owner.view, album.id)?.link;
    expect(link).toMatchObject({ deviceLimit: 5, passwordEnabled: false, validTillUs: 0 });
    const url = new URL(link?.url ?? "");
    expect(url.pathname).toBe("/shared-albums");
    const accessToken = url.searchParams.get("t") ?? "";
    expect(accessToken).not.toBe("");
    // The fragment decodes to the album's key; the server's own URL has no fragment.
    expect(toB64(keyFromLinkFragment(url.hash) ?? new Uint8Array())).toBe(album.keyB64);
    expect(url.search).not.toContain(url.hash.slice(1));

    const validTillUs = (Date.now() + 3_600_000) * 1000;
    expect(
      await owner.actions.perform({
        kind: "update-link",
        collectionID: album.id,
        settings: { password: "correct horse", validTillUs, enableDownload: false },
      }),
    ).toMatchObject({ ok: true });
    expect(albumSharingOf(owner.view, album.id)?.link).toMatchObject({
      passwordEnabled: true,
      validTillUs,
      enableDownload: false,
    });

    // A visitor's browser derives the hash from the salt and limits the server hands out.
    const info = await visit("/public-collection/info", accessToken);
    expect(info.status).toBe(200);
    const publicURL = (
      info.body as {
        collection: { publicURLs: { nonce: string; memLimit: number; opsLimit: number }[] };
      }
    ).collection.publicURLs[0];
    if (publicURL === undefined) throw new Error("The link's settings are missing");
    const hashOf = (password: string) =>
      pool.deriveKeyB64(password, publicURL.nonce, publicURL.opsLimit, publicURL.memLimit);
    const right = await visit("/public-collection/verify-password", accessToken, {
      method: "POST",
      body: JSON.stringify({ passHash: await hashOf("correct horse") }),
    });
    expect(right.status).toBe(200);
    expect(right.body).toHaveProperty("jwtToken");
    const wrong = await visit("/public-collection/verify-password", accessToken, {
      method: "POST",
      body: JSON.stringify({ passHash: await hashOf("wrong horse") }),
    });
    expect(wrong.status).toBe(401);
    // The key never went to the server: no request carried it.
    const keyText = url.hash.slice(1);
    expect(owner.requests.some((request) => request.includes(keyText))).toBe(false);
    expect(fromB64(album.keyB64).length).toBe(32);
  });

  it("keeps the free plan's device limit of 5, saying why", async () => {
    const owner = await device(alice);
    expect(
      await owner.actions.perform({
        kind: "update-link",
        collectionID: album.id,
        settings: { deviceLimit: 2 },
      }),
    ).toMatchObject({ ok: false, code: "link-device-limit-fixed" });
    expect(albumSharingOf(owner.view, album.id)?.link).toMatchObject({ deviceLimit: 5 });
  });

  it("removes the link: it opens nothing any more", async () => {
    const owner = await device(alice);
    const url = new URL(albumSharingOf(owner.view, album.id)?.link?.url ?? "");
    expect(
      await owner.actions.perform({ kind: "disable-link", collectionID: album.id }),
    ).toMatchObject({ ok: true });
    expect(albumSharingOf(owner.view, album.id)?.link).toBeUndefined();
    expect((await visit("/public-collection/info", url.searchParams.get("t") ?? "")).status).toBe(
      410,
    );
  });
});
