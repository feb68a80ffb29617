import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordingLogger } from "../../test-support/logger";
import { createMailer, MailDeliveryError } from "./mailer";

const message = {
  to: "ana@example.org",
  subject: "Your code",
  text: "Your verification code is 123456",
};

/** Stands for the keyed hash the server logs in place of an address. */
const recipientLogIDOf = (address: string) => `recipient-${String(address.length)}`;

/** An error as pino's serializer writes it: message, stack and every own field. */
const asLogged = (error: unknown) =>
  error instanceof Error
    ? JSON.stringify({
        message: error.message,
        stack: error.stack,
        ...Object.fromEntries(Object.entries(error)),
      })
    : JSON.stringify(error);

describe("outbox mailer", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "cairn-mail-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("writes each message as a private .eml file and logs it", async () => {
    const log = recordingLogger();
    const outbox = path.join(dir, "mail");
    let nowMs = Date.UTC(2026, 0, 2, 3, 4, 5);
    const mailer = createMailer({
      config: { kind: "outbox", dir: outbox },
      from: "Cairn <noreply@localhost>",
      log,
      recipientLogIDOf,
      nowMs: () => nowMs,
    });
    await mailer.send(message);
    nowMs += 1000;
    await mailer.send({ ...message, subject: "Second" });

    const files = (await readdir(outbox)).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^2026-01-02T03-04-05-000Z-[0-9a-f]{8}\.eml$/);
    const first = await readFile(path.join(outbox, files[0] ?? ""), "utf8");
    expect(first).toContain("To: ana@example.org");
    expect(first).toContain("From: Cairn <noreply@localhost>");
    expect(first).toContain("Subject: Your code");
    expect(first).toContain("Your verification code is 123456");
    expect((await stat(path.join(outbox, files[0] ?? ""))).mode & 0o777).toBe(0o600);
    expect(await readFile(path.join(outbox, files[1] ?? ""), "utf8")).toContain("Subject: Second");

    const logged = log.entries.filter((entry) => entry.level === "info");
    expect(logged).toHaveLength(2);
    // Mail carries one-time codes: the log names the file, never the contents.
    expect(JSON.stringify(logged[0]?.args)).toContain(files[0]);
    expect(JSON.stringify(log.entries)).not.toContain("123456");
    expect(JSON.stringify(log.entries)).not.toContain("Your code");
    // The recipient appears by its log ID only, never by address.
    expect(JSON.stringify(logged[0]?.args)).toContain(recipientLogIDOf(message.to));
    expect(JSON.stringify(log.entries)).not.toContain("ana@");
  });
});

interface SMTPSession {
  from: string;
  to: string[];
  data: string;
}

/**
 * A minimal SMTP peer (RFC 5321 happy path) that records what it receives;
 * with `rejectRecipients` it refuses every recipient, naming it as real
 * servers do.
 */
const startSMTPPeer = async ({ rejectRecipients = false } = {}) => {
  const sessions: SMTPSession[] = [];
  const server = net.createServer((socket) => {
    const session: SMTPSession = { from: "", to: [], data: "" };
    let buffer = "";
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 test.local ESMTP");
    socket.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          session.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          sessions.push({ ...session });
          reply("250 2.0.0 queued");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250-test.local\r\n250 8BITMIME");
        else if (verb === "MAIL") {
          session.from = line;
          reply("250 OK");
        } else if (verb === "RCPT") {
          session.to.push(line);
          const address = /<([^>]*)>/.exec(line)?.[1] ?? "";
          reply(rejectRecipients ? `550 5.1.1 <${address}>: Recipient address rejected` : "250 OK");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 go ahead");
        } else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply("250 OK");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    sessions,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
};

describe("SMTP mailer", () => {
  it("sends the message to the SMTP server", async () => {
    const peer = await startSMTPPeer();
    const log = recordingLogger();
    const mailer = createMailer({
      config: { kind: "smtp", url: `smtp://127.0.0.1:${peer.port}` },
      from: "Cairn <noreply@cairn.test>",
      log,
      recipientLogIDOf,
    });
    try {
      await mailer.send(message);
    } finally {
      await mailer.close();
      await peer.close();
    }
    expect(peer.sessions).toHaveLength(1);
    const [session] = peer.sessions;
    expect(session?.from).toContain("<noreply@cairn.test>");
    expect(session?.to).toEqual(["RCPT TO:<ana@example.org>"]);
    expect(session?.data).toContain("Subject: Your code");
    expect(session?.data).toContain("Your verification code is 123456");
    expect(JSON.stringify(log.entries)).toContain(recipientLogIDOf(message.to));
    expect(JSON.stringify(log.entries)).not.toContain("ana@");
  });

  it("fails a refused recipient with an error that does not name the address", async () => {
    const peer = await startSMTPPeer({ rejectRecipients: true });
    const mailer = createMailer({
      config: { kind: "smtp", url: `smtp://127.0.0.1:${peer.port}` },
      from: "noreply@cairn.test",
      log: recordingLogger(),
      recipientLogIDOf,
    });
    let failure: unknown;
    try {
      await mailer.send(message);
    } catch (error) {
      failure = error;
    } finally {
      await mailer.close();
      await peer.close();
    }
    expect(failure).toBeInstanceOf(MailDeliveryError);
    expect(failure).toMatchObject({
      toID: recipientLogIDOf(message.to),
      reason: { code: "EENVELOPE", command: "RCPT TO", responseCode: 550 },
    });
    // Errors are logged (a failed family notice, a failed request).
    expect(asLogged(failure)).not.toContain("ana@");
  });

  it("fails the send when the server refuses", async () => {
    const server = net.createServer((socket) => {
      socket.end("554 no service here\r\n");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    const mailer = createMailer({
      config: { kind: "smtp", url: `smtp://127.0.0.1:${port}` },
      from: "noreply@cairn.test",
      log: recordingLogger(),
      recipientLogIDOf,
    });
    try {
      await expect(mailer.send(message)).rejects.toThrow(MailDeliveryError);
    } finally {
      await mailer.close();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    }
  });
});
