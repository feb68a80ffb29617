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
import { startLocalBlobStore, type TestBlobStoreBackend } from "./blob-stores";
import type { TestDatabaseBackend } from "./databases";
import { createLibrary, type Library } from "../src/library/create-library";
import { createFamilies } from "../src/families/create-families";
import type { LibraryContext } from "../src/library/context";
import { recordingLogger } from "./logger";

// An API app with the real account and library handlers over a fresh test
// database, a blob store (the local folder unless a backend is given), a
// mailer that keeps what it sends, and a clock the test moves. API requests
// go through fastify's `inject`; blob URLs are real HTTP.

export const testAccountsURL = "http://localhost:3001";
/** Where the test server's public links point. */
export const testPhotosURL = "http://localhost:3000";

export interface TestAccountsServer {
  app: FastifyInstance;
  accounts: Accounts;
  context: AccountsContext;
  library: Library;
  libraryContext: LibraryContext;
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
  /** Where blobs go; the local folder by default. */
  blobStore?: TestBlobStoreBackend;
  /** The free plan's storage; 10 GiB by default. */
  freeStorageBytes?: number;
  /** The feature flags' `castUrl`; none by default. */
  castURL?: string;
}

export const startTestAccountsServer = async (
  backend: TestDatabaseBackend,
  {
    rateLimitScale = 1000,
    bodyLimitBytes = 10 * 1024 * 1024,
    blobStore,
    freeStorageBytes = 10 * 1024 ** 3,
    castURL,
  }: TestAccountsOptions = {},
): Promise<TestAccountsServer> => {
  const database = await backend.open();
  const blobs = blobStore === undefined ? await startLocalBlobStore() : await blobStore.start();
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
    dialect: database.dialect,
    secrets: testSecrets(),
    mailer,
    blobStore: blobs.store,
    log,
    nowUs: () => Math.round(clock.nowMs * 1000),
    accountsURL: () => testAccountsURL,
    roadmapURL: "https://roadmap.example",
    familiesURL: () => "https://families.example",
    freeStorageBytes,
    castURL,
    webAuthn: () => ({ rpID: "localhost", origins: [testAccountsURL] }),
  };
  const accounts = createAccounts(context, { rateLimitScale, nowMs: () => clock.nowMs });
  const libraryContext: LibraryContext = {
    db: database.db,
    dialect: database.dialect,
    blobStore: blobs.store,
    secrets: context.secrets,
    log,
    nowUs: context.nowUs,
    photosURL: () => testPhotosURL,
  };
  const library = createLibrary(libraryContext);
  const families = createFamilies({ ...libraryContext, mailer });
  const app = await createApiApp({
    endpoints,
    handlers: createHandlers({
      versionID: "test123",
      accountHandlers: accounts.handlers,
      libraryHandlers: library.handlers,
      familyHandlers: families.handlers,
    }),
    logger: log,
    bodyLimitBytes,
    resolvers: { ...accounts.resolvers, ...library.resolvers, ...families.resolvers },
    rateLimiter: createRateLimiter(rateLimitScale, () => clock.nowMs),
    validateResponses: true,
  });
  return {
    app,
    accounts,
    context,
    library,
    libraryContext,
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
