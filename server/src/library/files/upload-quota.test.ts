import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RemoteFileJSON } from "../../../../shared/api/endpoints/library-schemas";
import type { TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  createTestCollection,
  signUpTestUser,
  uploadTestObjects,
} from "../../../test-support/library-client";
import { md5B64, usageOf } from "../../../test-support/library-files";
import { microsecondsPerDay } from "../../time";
import { storageOverflowBytes } from "../quota";

// The quota of the upload calls (wire-contract §10): 426 past the plan's
// storage, 402 once the subscription has expired. The plan here is 4 KiB.

const planBytes = 4096;
const MiB = 1024 ** 2;

describe.each(testDatabaseBackends())("upload quota on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let albumID: number;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend, { freeStorageBytes: planBytes });
    alice = await signUpTestUser(server, "alice@example.org");
    albumID = (await createTestCollection(server, alice)).id;
  });
  afterEach(async () => {
    await server.close();
  });

  /** The calls that do not know the upload's size. */
  const unsizedCalls = () => [
    alice.call("GET", "/files/upload-eligibility"),
    alice.call("GET", "/files/upload-urls?count=1"),
    alice.call("GET", "/files/multipart-upload-urls?count=1"),
  ];
  const smallSizedCall = () =>
    alice.call("POST", "/files/upload-url", {
      contentLength: 10,
      contentMD5: md5B64(new Uint8Array(10)),
    });

  it("lets usage reach the plan, then refuses further uploads with 426", async () => {
    expect((await alice.call("GET", "/files/upload-eligibility")).statusCode).toBe(200);
    // Objects prepared before the account fills up.
    const { body: late } = await uploadTestObjects(server, alice, albumID);
    const { body } = await uploadTestObjects(server, alice, albumID, {
      bytes: new Uint8Array(planBytes),
    });
    const file = await alice.ok<RemoteFileJSON>("POST", "/files", body);
    const used = (file.file.size ?? 0) + (file.thumbnail.size ?? 0);
    expect(used).toBeGreaterThan(planBytes);
    expect(await usageOf(server, alice.userID)).toBe(used);

    for (const answer of await Promise.all(unsizedCalls())) {
      expect(answer.statusCode).toBe(426);
      expect(answer.json()).toMatchObject({ code: "STORAGE_LIMIT_EXCEEDED" });
    }
    // Uploads of known size still fit within the 50 MiB slack...
    expect((await smallSizedCall()).statusCode).toBe(200);
    await alice.ok("POST", "/files", late);
    // ...and one beyond it does not.
    const big = await alice.call("POST", "/files/multipart-upload-url", {
      contentLength: storageOverflowBytes,
      partLength: 64 * MiB,
      partMd5s: [md5B64(new Uint8Array(1))],
    });
    expect(big.statusCode).toBe(426);
  });

  it("refuses the registration of objects that no longer fit, with 426", async () => {
    const { body } = await uploadTestObjects(server, alice, albumID);
    await server.database.db
      .updateTable("usage")
      .set({ storage_consumed: planBytes + storageOverflowBytes })
      .where("user_id", "=", alice.userID)
      .execute();
    const answer = await alice.call("POST", "/files", body);
    expect(answer.statusCode).toBe(426);
    expect(await usageOf(server, alice.userID)).toBe(planBytes + storageOverflowBytes);
  });

  it("refuses every upload call with 402 once the subscription has expired past its grace", async () => {
    const { body } = await uploadTestObjects(server, alice, albumID);
    const expire = (ageDays: number) =>
      server.database.db
        .updateTable("subscriptions")
        .set({ expiry_time_us: server.context.nowUs() - ageDays * microsecondsPerDay })
        .where("user_id", "=", alice.userID)
        .execute();
    await expire(4);
    expect((await alice.call("GET", "/files/upload-eligibility")).statusCode).toBe(200);
    await expire(6);
    for (const answer of [
      ...(await Promise.all(unsizedCalls())),
      await smallSizedCall(),
      await alice.call("POST", "/files", body),
    ]) {
      expect(answer.statusCode).toBe(402);
      expect(answer.json()).toMatchObject({ code: "NO_ACTIVE_SUBSCRIPTION" });
    }
  });
});
