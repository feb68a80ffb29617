import { beforeEach, describe, expect, it } from "vitest";
import type { AuthenticatorState } from "./authenticator-contract";
import { createAuthenticatorService, type AuthenticatorService } from "./authenticator-service";
import { type TestDevice, testDevice } from "./sync/test-support/device";
import {
  FakeAuthenticatorServer,
  ManualClock,
} from "./sync/test-support/fake-authenticator-server";

// See: [Note: A change the server refuses is named to the user]

let server: FakeAuthenticatorServer;
let device: TestDevice;
let service: AuthenticatorService;
let latest: AuthenticatorState | undefined;

const uri = (issuer: string, account: string) =>
  `otpauth://totp/${issuer}:${account}?secret=JBSWY3DPEHPK3PXP&issuer=${issuer}`;

beforeEach(async () => {
  server = new FakeAuthenticatorServer(new ManualClock());
  device = await testDevice(server);
  latest = undefined;
  service = createAuthenticatorService({
    sync: device.engine,
    nowMs: () => server.clock.nowMs,
    isOnline: () => device.online,
    decodeToPixels: () => Promise.reject(new Error("no images in this test")),
    sodium: () => Promise.reject(new Error("no sodium in this test")),
    onState: (state) => {
      latest = state;
    },
    logError: () => undefined,
  });
  await service.open();
});

const shown = () => {
  if (latest === undefined) throw new Error("the page was told nothing");
  return latest;
};

describe("changes the server refuses", () => {
  it("are named by their code with their reason until dismissed, and the others are kept", async () => {
    await service.addFromURI(uri("GitHub", "ada@example.org"));
    await service.sync();
    server.maxEncryptedDataChars = 4000;
    // Its server ID, which replaced the one it had here.
    const [github] = shown().codes;
    if (github === undefined) throw new Error("not added");

    await service.edit(github.id, { note: "x".repeat(10_000) });
    await service.addFromURI(uri("Bank", "ada"));
    await service.sync();

    expect(shown().status.refusedChanges).toEqual([
      {
        key: expect.any(String) as string,
        kind: "update",
        issuer: "GitHub",
        account: "ada@example.org",
        reason: "too-large",
      },
    ]);
    // The refused note fell back to the server's version; the new code reached it.
    expect(shown().codes.map((code) => [code.issuer, code.note, code.pending])).toEqual([
      ["GitHub", "", false],
      ["Bank", "", false],
    ]);
    expect(server.liveIDs()).toHaveLength(2);

    // A later sync keeps the notice; dismissing it clears it.
    await service.sync();
    expect(shown().status.refusedChanges).toHaveLength(1);
    service.dismissRefusedChanges();
    expect(shown().status.refusedChanges).toEqual([]);
  });

  it("name a refused new code, which is no longer listed", async () => {
    device.online = false;
    await service.addFromURI(uri("Huge", "x".repeat(5000)));
    expect(shown().codes).toHaveLength(1);
    server.maxEncryptedDataChars = 4000;
    device.online = true;

    await service.sync();

    expect(shown().codes).toEqual([]);
    expect(shown().status.refusedChanges).toMatchObject([
      { kind: "create", issuer: "Huge", reason: "too-large" },
    ]);
  });
});
