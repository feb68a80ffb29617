import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  EmailAuthorizationResponse,
  TwoFactorAuthorizationResponse,
} from "../../../shared/api/endpoints/account-schemas";
import type { Passkey } from "../../../shared/api/endpoints/passkeys";
import { TestAccountClient } from "../../test-support/account-client";
import {
  startTestAccountsServer,
  testAccountsURL,
  type TestAccountsServer,
} from "../../test-support/accounts";
import { testDatabaseBackends } from "../../test-support/databases";
import { SoftwareAuthenticator } from "../../test-support/software-authenticator";

describe.each(testDatabaseBackends())("passkeys on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let jwt: string;
  const authenticator = new SoftwareAuthenticator("localhost", testAccountsURL);

  const withJWT = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, body?: unknown) =>
    alice.call(method, url, body, jwt);

  const register = async (friendlyName: string, device = authenticator) => {
    const begin = await withJWT("POST", "/passkeys/registration/begin");
    expect(begin.statusCode, begin.body).toBe(200);
    const { options, sessionID } = begin.json<{
      options: { publicKey: { challenge: string; rp: { id: string } } };
      sessionID: string;
    }>();
    expect(options.publicKey.rp.id).toBe("localhost");
    return withJWT(
      "POST",
      `/passkeys/registration/finish?friendlyName=${encodeURIComponent(friendlyName)}&sessionID=${sessionID}`,
      device.register(options.publicKey.challenge),
    );
  };

  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
    alice = new TestAccountClient(server, "alice@example.org");
    await alice.signUp();
    jwt = (await alice.ok<{ accountsToken: string }>("GET", "/users/accounts-token")).accountsToken;
  });
  afterEach(async () => {
    await server.close();
  });

  it("registers, renames and deletes passkeys", async () => {
    expect((await register("Laptop")).json()).toEqual({});
    const listed = (await withJWT("GET", "/passkeys")).json<{ passkeys: Passkey[] }>().passkeys;
    expect(listed).toMatchObject([{ userID: alice.userID, friendlyName: "Laptop" }]);
    const id = listed[0]?.id ?? "";
    expect((await withJWT("PATCH", `/passkeys/${id}?friendlyName=Work%20laptop`)).statusCode).toBe(
      200,
    );
    expect((await withJWT("GET", "/passkeys")).json()).toMatchObject({
      passkeys: [{ friendlyName: "Work laptop" }],
    });
    expect(
      (await alice.ok<{ profileData: { passkeyCount: number } }>("GET", "/users/details/v2"))
        .profileData.passkeyCount,
    ).toBe(1);
    expect((await withJWT("DELETE", `/passkeys/${id}`)).statusCode).toBe(200);
    expect((await withJWT("DELETE", `/passkeys/${id}`)).statusCode).toBe(404);
  });

  it("refuses a registration signed for another origin, and an 11th passkey", async () => {
    const stranger = new SoftwareAuthenticator("localhost", "http://evil.example");
    expect((await register("Evil", stranger)).statusCode).toBe(400);
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await register(
            `Key ${String(i)}`,
            new SoftwareAuthenticator("localhost", testAccountsURL),
          )
        ).statusCode,
      ).toBe(200);
    }
    const eleventh = await withJWT("POST", "/passkeys/registration/begin");
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toMatchObject({ code: "MAX_PASSKEYS_REACHED" });
  });

  it("logs in through the accounts app while the first client polls for the token", async () => {
    await register("Laptop");
    const login = (await alice.srpLogin()).json<EmailAuthorizationResponse>();
    expect(login.encryptedToken).toBeUndefined();
    expect(login.passkeySessionID).not.toBe("");
    expect(login.accountsUrl).toBe(testAccountsURL);
    const sessionID = login.passkeySessionID;

    const poll = () =>
      alice.call(
        "GET",
        `/users/two-factor/passkeys/get-token?sessionID=${sessionID}`,
        undefined,
        "",
      );
    const early = await poll();
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: "SESSION_NOT_VERIFIED" });

    const begin = await alice.call("POST", "/users/two-factor/passkeys/begin", { sessionID }, "");
    expect(begin.statusCode, begin.body).toBe(200);
    const { options, ceremonySessionID } = begin.json<{
      options: { publicKey: { challenge: string } };
      ceremonySessionID: string;
    }>();
    const finishURL = `/users/two-factor/passkeys/finish?sessionID=${sessionID}&ceremonySessionID=${ceremonySessionID}`;
    const finished = await alice.call(
      "POST",
      finishURL,
      authenticator.assert(options.publicKey.challenge),
      "",
    );
    expect(finished.statusCode, finished.body).toBe(200);

    const claimed = await alice.call("POST", "/users/two-factor/passkeys/begin", { sessionID }, "");
    expect(claimed.statusCode).toBe(409);
    expect(claimed.json()).toMatchObject({ code: "SESSION_ALREADY_CLAIMED" });

    const fetched = await poll();
    expect(fetched.statusCode).toBe(200);
    const token = await alice.openToken(
      fetched.json<TwoFactorAuthorizationResponse>().encryptedToken,
    );
    expect((await alice.call("GET", "/users/details/v2", undefined, token)).statusCode).toBe(200);
    expect((await poll()).statusCode).toBe(200);
    const third = await poll();
    expect(third.statusCode).toBe(410);
    expect(third.json()).toMatchObject({ code: "INVALID_SESSION" });
  });

  it("gives the token to the app that started the login, not to the accounts app", async () => {
    await register("Laptop");
    alice.clientPackage = "io.cairn.auth.web";
    const { passkeySessionID: sessionID } = (
      await alice.srpLogin()
    ).json<EmailAuthorizationResponse>();
    alice.clientPackage = "io.cairn.accounts.web";
    const begin = (
      await alice.call("POST", "/users/two-factor/passkeys/begin", { sessionID }, "")
    ).json<{ options: { publicKey: { challenge: string } }; ceremonySessionID: string }>();
    const finished = await alice.call(
      "POST",
      `/users/two-factor/passkeys/finish?sessionID=${sessionID}&ceremonySessionID=${begin.ceremonySessionID}`,
      authenticator.assert(begin.options.publicKey.challenge),
      "",
    );
    expect(finished.statusCode, finished.body).toBe(200);
    const token = await alice.openToken(
      finished.json<TwoFactorAuthorizationResponse>().encryptedToken,
    );
    alice.clientPackage = "io.cairn.auth.web";
    expect((await alice.call("GET", "/users/details/v2", undefined, token)).statusCode).toBe(200);
    alice.clientPackage = "io.cairn.photos.web";
    expect((await alice.call("GET", "/users/details/v2", undefined, token)).statusCode).toBe(401);
  });

  it("refuses the token 2 minutes after verification, and an assertion of an unknown passkey", async () => {
    await register("Laptop");
    const { passkeySessionID: sessionID } = (
      await alice.srpLogin()
    ).json<EmailAuthorizationResponse>();
    const begin = async () =>
      (await alice.call("POST", "/users/two-factor/passkeys/begin", { sessionID }, "")).json<{
        options: { publicKey: { challenge: string } };
        ceremonySessionID: string;
      }>();
    const first = await begin();
    const stranger = new SoftwareAuthenticator("localhost", testAccountsURL);
    const refused = await alice.call(
      "POST",
      `/users/two-factor/passkeys/finish?sessionID=${sessionID}&ceremonySessionID=${first.ceremonySessionID}`,
      stranger.assert(first.options.publicKey.challenge),
      "",
    );
    expect(refused.statusCode).toBe(401);
    const second = await begin();
    const finished = await alice.call(
      "POST",
      `/users/two-factor/passkeys/finish?sessionID=${sessionID}&ceremonySessionID=${second.ceremonySessionID}`,
      authenticator.assert(second.options.publicKey.challenge),
      "",
    );
    expect(finished.statusCode, finished.body).toBe(200);
    server.clock.advanceMs(2 * 60_000 + 1000);
    const late = await alice.call(
      "GET",
      `/users/two-factor/passkeys/get-token?sessionID=${sessionID}`,
      undefined,
      "",
    );
    expect(late.statusCode).toBe(410);
  });
});
