import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteTestAccount, TestAccountClient } from "../test-support/account-client";
import {
  familiesTokenOf,
  familyOK,
  inviteToFamily,
  publicCall,
} from "../test-support/family-client";
import { runningCairnServer } from "../test-support/running-cairn-server";
import { startCairn } from "./main";

// See: [Note: Logs hold no credential and no email]

const anyPorts = { api: 0, photos: 0, accounts: 0, auth: 0 };

/** Sends a request the HTTP parser refuses (a header line without a colon), carrying `token`. */
const sendUnparsableRequest = (apiURL: string, token: string): Promise<void> =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(apiURL);
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(
        `GET /users/details/v2 HTTP/1.1\r\nHost: ${hostname}\r\nX-Auth-Token: ${token}\r\nnot a header\r\n\r\n`,
      );
    });
    socket.on("data", () => undefined);
    socket.on("close", () => {
      resolve();
    });
    socket.on("error", () => {
      resolve();
    });
  });

/** Log lines as text, with any bytes logged as a Buffer (`{type: "Buffer", data}`) decoded. */
const readableLog = (lines: readonly string[]): string =>
  lines
    .map((line) =>
      JSON.stringify(JSON.parse(line), (_, value: unknown) => {
        const bytes = value as { type?: unknown; data?: unknown } | null;
        return typeof bytes === "object" &&
          bytes !== null &&
          bytes.type === "Buffer" &&
          Array.isArray(bytes.data)
          ? Buffer.from(bytes.data as number[]).toString("latin1")
          : value;
      }),
    )
    .join("\n");

describe("the server's log at trace level", () => {
  let dir: string;
  let webDistDir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "cairn-log-secrets-"));
    webDistDir = path.join(dir, "web");
    await mkdir(path.join(webDistDir, "photos"), { recursive: true });
    await writeFile(path.join(webDistDir, "photos", "index.html"), "<!doctype html>");
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("holds no email, one-time code or token after sign-up, logins, authenticated calls and an invite", async () => {
    const dataDir = path.join(dir, "data");
    const logLines: string[] = [];
    const cairn = await startCairn(
      { dataDir, webDistDir, logLevel: "trace", ports: anyPorts, rateLimitScale: 100 },
      { environment: {}, logStream: { write: (line) => logLines.push(line) } },
    );
    const server = runningCairnServer(cairn.urls.api, path.join(dataDir, "mail"));
    const alice = new TestAccountClient(server, "alice.logs@example.org");
    const bob = new TestAccountClient(server, "bob.logs@example.org");
    /** Every token and signature the server handed out. */
    const tokens: string[] = [];
    try {
      await alice.signUp();
      tokens.push(alice.token);

      // A login by email code, with a wrong code first.
      expect((await alice.sendCode("login")).statusCode).toBe(200);
      const code = server.lastCode(alice.email);
      const wrong = await alice.call(
        "POST",
        "/users/verify-email",
        { email: alice.email, ott: code === "000000" ? "000001" : "000000" },
        "",
      );
      expect(wrong.statusCode).toBe(401);
      const byCode = await alice.call(
        "POST",
        "/users/verify-email",
        { email: alice.email, ott: code },
        "",
      );
      expect(byCode.statusCode, byCode.body).toBe(200);
      tokens.push(await alice.openToken(byCode.json<{ encryptedToken: string }>().encryptedToken));

      // A login by password (SRP), which looks the email up in the query.
      const byPassword = await alice.srpLogin();
      expect(byPassword.statusCode, byPassword.body).toBe(200);
      alice.token = await alice.openToken(
        byPassword.json<{ encryptedToken: string }>().encryptedToken,
      );
      tokens.push(alice.token);

      await bob.signUp();
      tokens.push(bob.token);

      // Authenticated calls: by header, and by the query's token.
      await alice.ok("GET", "/users/details/v2");
      await alice.ok("GET", `/users/public-key?email=${encodeURIComponent(bob.email)}`);
      const { sessions } = await alice.ok<{ sessions: { token: string }[] }>(
        "GET",
        "/users/sessions",
      );
      await alice.ok("DELETE", `/users/session?token=${sessions.at(-1)?.token ?? ""}`);
      const byQuery = await alice.call(
        "GET",
        `/users/details/v2?token=${encodeURIComponent(alice.token)}`,
        undefined,
        "",
      );
      expect(byQuery.statusCode).toBe(200);

      // A signed blob URL.
      const { urls } = await alice.ok<{ urls: { url: string }[] }>(
        "GET",
        "/files/upload-urls?count=1",
      );
      const blobURL = new URL(urls[0]?.url ?? "");
      tokens.push(blobURL.searchParams.get("X-Cairn-Signature") ?? "no signature");
      expect((await fetch(blobURL, { method: "PUT", body: "encrypted bytes" })).status).toBe(200);

      // The scoped tokens, and a family invite whose token travels in a path and a page's query.
      const { accountsToken } = await alice.ok<{ accountsToken: string }>(
        "GET",
        "/users/accounts-token",
      );
      tokens.push(accountsToken);
      expect((await alice.call("GET", "/passkeys", undefined, accountsToken)).statusCode).toBe(200);
      tokens.push(await familiesTokenOf(alice));
      const inviteToken = await inviteToFamily(server, alice, bob);
      tokens.push(inviteToken);
      expect(
        (await publicCall(server, "GET", `/family/invite-info/${encodeURIComponent(inviteToken)}`))
          .statusCode,
      ).toBe(200);
      await fetch(`${cairn.urls.photos}/family?inviteToken=${encodeURIComponent(inviteToken)}`);
      await familyOK(bob, "POST", "/family/accept-invite", { token: inviteToken });

      await sendUnparsableRequest(cairn.urls.api, alice.token);
      // Deleting the account mails the family's notice to bob.
      await deleteTestAccount(alice);
    } finally {
      await cairn.close();
    }

    const log = readableLog(logLines);
    // The log did capture the flow at trace level, redacted.
    expect(log).toContain('"url":"/family/invite-info/[redacted]"');
    expect(log).toContain('"url":"/users/srp/attributes?email=[redacted]"');
    expect(log).toContain('"url":"/family?inviteToken=[redacted]"');
    expect(log).toContain('"toID"');
    expect(log).toMatch(
      /client error.*"rawPacket":"\[redacted\]"|"rawPacket":"\[redacted\]".*client error/,
    );

    const lowerLog = log.toLowerCase();
    for (const email of [alice.email, bob.email]) {
      expect(lowerLog).not.toContain(email);
      expect(lowerLog).not.toContain(encodeURIComponent(email).toLowerCase());
    }
    const codes = server.mail.flatMap((mail) => /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? []);
    expect(codes.length).toBeGreaterThanOrEqual(3);
    for (const mailed of codes) {
      expect(log).not.toMatch(new RegExp(`(?<![0-9A-Za-z])${mailed}(?![0-9A-Za-z])`));
    }
    expect(tokens).toHaveLength(8);
    for (const token of tokens) {
      // Without its padding, a token is found whether or not it was percent-encoded.
      const unpadded = token.replace(/=+$/, "");
      expect(unpadded.length).toBeGreaterThan(20);
      expect(log).not.toContain(unpadded);
    }
  });
});
