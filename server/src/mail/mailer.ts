import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { MailConfig } from "../config/config";

// Mail the server sends (sign-up and login codes, notices). By default it is
// written to `<data>/mail/` as .eml files, so a fresh install works with no
// mail server; with `SMTP_URL` it goes out over SMTP. Subjects and bodies
// carry one-time codes, so the log names only the recipient and the file.

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

export interface MailerOptions {
  config: MailConfig;
  from: string;
  log: FastifyBaseLogger;
  nowMs?: () => number;
}

/** Build the RFC 5322 message (nodemailer's MIME builder) and keep it in the outbox folder. */
const createOutboxMailer = (
  dir: string,
  from: string,
  log: FastifyBaseLogger,
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
      log.info({ mail: { to, file } }, "mail written to the outbox");
    },
    close: () => Promise.resolve(),
  };
};

const createSMTPMailer = (url: string, from: string, log: FastifyBaseLogger): Mailer => {
  const transport = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send({ to, subject, text, html }) {
      const info = await transport.sendMail({ from, to, subject, text, html });
      log.info({ mail: { to, messageID: info.messageId } }, "mail sent");
    },
    close: () => {
      transport.close();
      return Promise.resolve();
    },
  };
};

export const createMailer = ({ config, from, log, nowMs = Date.now }: MailerOptions): Mailer =>
  config.kind === "outbox"
    ? createOutboxMailer(config.dir, from, log, nowMs)
    : createSMTPMailer(config.url, from, log);
