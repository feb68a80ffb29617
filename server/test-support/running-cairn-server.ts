import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { MailMessage } from "../src/mail/mailer";
import type { TestAccountsServer } from "./accounts";

// The account and family test clients' view of a Cairn started by
// `startCairn`: requests go over real HTTP to its API, and mail is read from
// its outbox folder (a Cairn without SMTP writes each mail there as .eml).

/** What the test clients need of a server. */
export type ClientFacingServer = Pick<TestAccountsServer, "request" | "mail" | "lastCode">;

/** The quoted-printable text of an .eml body as plain text (the outbox's mails are ASCII). */
const decodeQuotedPrintable = (text: string): string =>
  text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The parts of an outbox .eml the tests read: recipient, subject and text. */
const parseOutboxMail = (eml: string): MailMessage => {
  const [head = "", ...bodyParts] = eml.split(/\r?\n\r?\n/);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(head)?.[1] ?? "";
  const body = bodyParts.join("\n\n");
  return {
    to: header("To"),
    subject: header("Subject"),
    text: /quoted-printable/i.test(header("Content-Transfer-Encoding"))
      ? decodeQuotedPrintable(body)
      : body,
  };
};

/** Every mail of the outbox, oldest first (file names start with the sending time). */
const outboxMails = (outboxDir: string): MailMessage[] => {
  let names: string[] = [];
  try {
    names = readdirSync(outboxDir).filter((name) => name.endsWith(".eml"));
  } catch {
    // The outbox folder appears with the first mail.
  }
  return names
    .sort()
    .map((name) => parseOutboxMail(readFileSync(path.join(outboxDir, name), "utf8")));
};

/** A request of the clients, sent over HTTP; answers what the clients read of an injected answer. */
const requestOverHTTP =
  (apiURL: string) =>
  async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    if (typeof options.url !== "string") throw new Error("Only string URLs are supported");
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (typeof value === "string") headers[name] = value;
    }
    let body: string | undefined;
    if (options.payload !== undefined) {
      body = JSON.stringify(options.payload);
      headers["content-type"] = "application/json";
    }
    const response = await fetch(new URL(options.url, apiURL), {
      method: options.method ?? "GET",
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    const answer: Pick<LightMyRequestResponse, "statusCode" | "body" | "headers"> & {
      json: () => unknown;
    } = {
      statusCode: response.status,
      body: text,
      headers: Object.fromEntries(response.headers),
      json: () => JSON.parse(text) as unknown,
    };
    return answer as LightMyRequestResponse;
  };

/** The clients' view of the Cairn whose API is at `apiURL` and outbox at `outboxDir`. */
export const runningCairnServer = (apiURL: string, outboxDir: string): ClientFacingServer => ({
  request: requestOverHTTP(apiURL),
  get mail() {
    return outboxMails(outboxDir);
  },
  lastCode(email) {
    const message = outboxMails(outboxDir).findLast((m) => m.to === email.trim().toLowerCase());
    const code = /\b(\d{6})\b/.exec(message?.subject ?? "")?.[1];
    if (code === undefined) throw new Error(`No code was mailed to ${email}`);
    return code;
  },
});
