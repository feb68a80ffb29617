import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { MailConfig } from "../config/config";

// Mail the server sends (sign-up and login codes, notices). By default it is
// written to `<data>/mail/` as .eml files, so a fresh install works with no
// mail server; with `SMTP_URL` it goes out over SMTP. Subjects and bodies
// carry one-time codes, so the log names only the file or message ID, and
// the recipient by its log ID (a keyed hash, never the address).
// See: [Note: Logs hold no credential and no email]

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
}

export interface Mailer {
  readonly kind: MailConfig["kind"];
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** How the log names a recipient: a stable ID that does not reveal the address. */
export type RecipientLogID = (address: string) => string;

export interface MailerOptions {
  config: MailConfig;
  from: string;
  log: FastifyBaseLogger;
  recipientLogIDOf: RecipientLogID;
  nowMs?: () => number;
}

/** Build the RFC 5322 message (nodemailer's MIME builder) and keep it in the outbox folder. */
const createOutboxMailer = (
  dir: string,
  from: string,
  log: FastifyBaseLogger,
  recipientLogIDOf: RecipientLogID,
  nowMs: () => number,
): Mailer => {
  const builder = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    kind: "outbox",
    async send({ to, subject, text, html }) {
      const info = await builder.sendMail({ from, to, subject, text, html });
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // Time first so that a listing sorts by sending order.
      const file = path.join(
        dir,
        `${new Date(nowMs()).toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`,
      );
      // Mail carries one-time codes: readable by the server's user only.
      await writeFile(file, info.message, { mode: 0o600 });
      log.info({ mail: { toID: recipientLogIDOf(to), file } }, "mail written to the outbox");
    },
    close: () => Promise.resolve(),
  };
};

/**
 * A mail the SMTP server did not take. nodemailer's own error names the
 * recipients (`rejected`, and the server's reply in its message), and errors
 * end up in logs, so this one keeps only what says why: nodemailer's error
 * code, the SMTP command and reply code.
 */
export class MailDeliveryError extends Error {
  override name = "MailDeliveryError";

  constructor(
    readonly toID: string,
    readonly reason: { code?: string; command?: string; responseCode?: number },
  ) {
    super(
      `mail to ${toID} was not delivered: ${[reason.code, reason.command, reason.responseCode]
        .filter((part) => part !== undefined)
        .join(" ")}`,
    );
  }
}

const smtpReasonOf = (error: unknown): MailDeliveryError["reason"] => {
  const { code, command, responseCode } = (error ?? {}) as Record<string, unknown>;
  return {
    ...(typeof code === "string" ? { code } : {}),
    ...(typeof command === "string" ? { command } : {}),
    ...(typeof responseCode === "number" ? { responseCode } : {}),
  };
};

const createSMTPMailer = (
  url: string,
  from: string,
  log: FastifyBaseLogger,
  recipientLogIDOf: RecipientLogID,
): Mailer => {
  const transport = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send({ to, subject, text, html }) {
      const toID = recipientLogIDOf(to);
      const info = await transport
        .sendMail({ from, to, subject, text, html })
        .catch((error: unknown) => {
          throw new MailDeliveryError(toID, smtpReasonOf(error));
        });
      log.info({ mail: { toID, messageID: info.messageId } }, "mail sent");
    },
    close: () => {
      transport.close();
      return Promise.resolve();
    },
  };
};

export const createMailer = ({
  config,
  from,
  log,
  recipientLogIDOf,
  nowMs = Date.now,
}: MailerOptions): Mailer =>
  config.kind === "outbox"
    ? createOutboxMailer(config.dir, from, log, recipientLogIDOf, nowMs)
    : createSMTPMailer(config.url, from, log, recipientLogIDOf);
