import { randomBytes } from "node:crypto";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { accountEndpoints } from "../../shared/api/endpoints/accounts";
import { endpoints } from "../../shared/api/registry";
import { createAccounts, type Accounts } from "../src/accounts/create-accounts";
import type { AccountsContext } from "../src/accounts/context";
import type { ServerSecrets } from "../src/config/secrets";
import type { CairnDatabase } from "../src/db/database";
import { createApiApp } from "../src/http/create-api-app";
import { createHandlers } from "../src/http/handlers";
import { createRateLimiter } from "../src/http/rate-limits";
import type { MailMessage, Mailer } from "../src/mail/mailer";
import { startLocalBlobStore } from "./blob-stores";
import type { TestDatabaseBackend } from "./databases";
import { recordingLogger } from "./logger";

// An API app with the real account handlers over a fresh test database, a
// local blob store, a mailer that keeps what it sends, and a clock the test
// moves. Requests go through fastify's `inject`.

export const testAccountsURL = "http://localhost:3001";

export interface TestAccountsServer {
  app: FastifyInstance;
  accounts: Accounts;
  context: AccountsContext;
  database: CairnDatabase;
  mail: MailMessage[];
  /** The code of the last mail sent to `email`. */
  lastCode(email: string): string;
  clock: { nowMs: number; advanceMs(ms: number): void };
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

const testSecrets = (): ServerSecrets => ({
  jwtSecret: randomBytes(32),
  keyEncryption: randomBytes(32),
  keyHash: randomBytes(64),
  blobURLSigning: randomBytes(32),
});

export interface TestAccountsOptions {
  /** See [Note: Rate limits scale for tests]; large by default so flows never trip them. */
  rateLimitScale?: number;
  bodyLimitBytes?: number;
}

export const startTestAccountsServer = async (
  backend: TestDatabaseBackend,
  { rateLimitScale = 1000, bodyLimitBytes = 10 * 1024 * 1024 }: TestAccountsOptions = {},
): Promise<TestAccountsServer> => {
  const database = await backend.open();
  const blobs = await startLocalBlobStore();
  const mail: MailMessage[] = [];
  const mailer: Mailer = {
    kind: "outbox",
    send: (message) => {
      mail.push(message);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
  const clock = {
    nowMs: Date.now(),
    advanceMs(ms: number) {
      clock.nowMs += ms;
    },
  };
  const log = recordingLogger();
  const context: AccountsContext = {
    db: database.db,
    secrets: testSecrets(),
    mailer,
    blobStore: blobs.store,
    log,
    nowUs: () => Math.round(clock.nowMs * 1000),
    accountsURL: () => testAccountsURL,
    roadmapURL: "https://roadmap.example",
    familiesURL: "https://families.example",
    freeStorageBytes: 10 * 1024 ** 3,
    webAuthn: () => ({ rpID: "localhost", origins: [testAccountsURL] }),
  };
  const accounts = createAccounts(context, { rateLimitScale, nowMs: () => clock.nowMs });
  const app = await createApiApp({
    endpoints,
    handlers: createHandlers({ versionID: "test123", accountHandlers: accounts.handlers }),
    logger: log,
    bodyLimitBytes,
    resolvers: accounts.resolvers,
    rateLimiter: createRateLimiter(rateLimitScale, () => clock.nowMs),
    validateResponses: true,
  });
  return {
    app,
    accounts,
    context,
    database,
    mail,
    clock,
    lastCode(email) {
      const message = mail.findLast((m) => m.to === email.trim().toLowerCase());
      const code = /\b(\d{6})\b/.exec(message?.subject ?? "")?.[1];
      if (code === undefined) throw new Error(`No code was mailed to ${email}`);
      return code;
    },
    request: (options) => app.inject(options),
    close: async () => {
      await app.close();
      await blobs.close();
      await database.close();
    },
  };
};

/** Every account endpoint, for tests that walk them all. */
export const allAccountEndpoints = accountEndpoints;
