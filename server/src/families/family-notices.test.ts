import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TestAccountClient } from "../../test-support/account-client";
import {
  startTestAccountsServer,
  testPhotosURL,
  type TestAccountsServer,
} from "../../test-support/accounts";
import { testDatabaseBackends } from "../../test-support/databases";
import { signUpTestUser } from "../../test-support/library-client";
import type { RecordingLogger } from "../../test-support/logger";
import type { FamilyMembers } from "./family-members";
import { familyOK, inviteToFamily, joinFamily, publicCall } from "../../test-support/family-client";

// The mails a family's changes send: the admin hears of a member joining or
// leaving, a member of being removed. See: [Note: A family notice never fails its request]

describe.each(testDatabaseBackends())("family notices on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
  });
  afterEach(async () => {
    await server.close();
  });

  /** The mails sent since `mark` (the mail count at some moment). */
  const mailSince = (mark: number) => server.mail.slice(mark);
  const bobRowID = async () => {
    const { members } = await familyOK<FamilyMembers>(alice, "GET", "/family/members");
    const id = members.find((m) => m.email === bob.email)?.id;
    if (id === undefined) throw new Error("bob is not listed");
    return id;
  };

  it("tells the admin when an invite is accepted, once", async () => {
    const token = await inviteToFamily(server, alice, bob);
    const mark = server.mail.length;
    const accept = () => publicCall(server, "POST", "/family/accept-invite", { token });
    expect((await accept()).statusCode).toBe(200);
    expect((await accept()).statusCode).toBe(200);

    const sent = mailSince(mark);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [alice.email, "A new member joined your family on Cairn"],
    ]);
    expect(sent[0]?.text).toContain(bob.email);
    expect(sent[0]?.text).toContain(`${testPhotosURL}/family`);
  });

  it("tells the admin when a member leaves, once", async () => {
    await joinFamily(server, alice, bob);
    const mark = server.mail.length;
    await bob.ok("DELETE", "/family/leave");
    await bob.ok("DELETE", "/family/leave");

    const sent = mailSince(mark);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [alice.email, "A member left your family on Cairn"],
    ]);
    expect(sent[0]?.text).toContain(bob.email);
  });

  it("tells a member when the admin removes them, once", async () => {
    await joinFamily(server, alice, bob);
    const id = await bobRowID();
    const mark = server.mail.length;
    await familyOK(alice, "DELETE", `/family/remove-member/${id}`);
    await familyOK(alice, "DELETE", `/family/remove-member/${id}`);

    const sent = mailSince(mark);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [bob.email, "You were removed from a family on Cairn"],
    ]);
    expect(sent[0]?.text).toContain(alice.email);
  });

  it("sends nothing when an invite is revoked", async () => {
    await inviteToFamily(server, alice, bob);
    const mark = server.mail.length;
    await familyOK(alice, "DELETE", `/family/revoke-invite/${await bobRowID()}`);
    expect(mailSince(mark)).toEqual([]);
  });

  it("still removes the member when the notice cannot be mailed, and logs it", async () => {
    await joinFamily(server, alice, bob);
    const id = await bobRowID();
    vi.spyOn(server.mail, "push").mockImplementationOnce(() => {
      throw new Error("the mail server is down");
    });

    await familyOK(alice, "DELETE", `/family/remove-member/${id}`);

    const { members } = await familyOK<FamilyMembers>(alice, "GET", "/family/members");
    expect(members.map((m) => m.email)).toEqual([alice.email]);
    const log = server.context.log as RecordingLogger;
    expect(
      log.entries.some(
        (entry) =>
          entry.level === "error" && entry.args.includes("a family notice could not be mailed"),
      ),
    ).toBe(true);
  });
});
