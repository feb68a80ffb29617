import { mkdir } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { sweepExpiredAccountRows } from "./accounts/cleanup";
import { createAccounts, type Accounts } from "./accounts/create-accounts";
import { emailLogIDOf } from "./accounts/server-crypto";
import { webAuthnRelyingParty } from "./accounts/relying-party";
import { endpoints } from "../../shared/api/registry";
import type { RuntimeConfig } from "../../shared/api/runtime-config";
import type { BlobStore } from "./blobs/blob-store";
import { createLocalBlobStore, type LocalBlobStore } from "./blobs/local/local-blob-store";
import { createS3BlobStore } from "./blobs/s3-blob-store";
import {
  ConfigError,
  familiesURLFor,
  loadConfig,
  publicURLsFor,
  webApps,
  type CairnConfig,
  type Environment,
  type Listener,
} from "./config/config";
import { loadOrCreateSecrets } from "./config/secrets";
import { announceListening, isClusterWorker, runClusterPrimary } from "./cluster/process-cluster";
import { openDatabase } from "./db/database";
import type { AuthResolvers } from "./http/auth";
import { createApiApp } from "./http/create-api-app";
import type { LogStream } from "./http/log-redaction";
import { createRateLimiter } from "./http/rate-limits";
import { createHandlers } from "./http/handlers";
import { createFamilies } from "./families/create-families";
import { createJobScheduler } from "./jobs/scheduler";
import { createLibrary, type Library } from "./library/create-library";
import { createMailer } from "./mail/mailer";
import { basemapExtraOrigins } from "./map/basemap-origins";
import { registerMapRoutes } from "./map/map-routes";
import { openMapBasemap } from "./map/open-map-basemap";
import { createModelsFolder } from "./models/models-folder";
import { registerModelsRoutes } from "./models/models-routes";
import type { ModelFile } from "../../shared/api/models";
import { createAppHost } from "./static/app-host";
import { webAppOriginsFor } from "./static/web-app-security-headers";
import { readVersionID } from "./system/version";

/** The repository root: where `.git` and `package.json` are. */
const rootDir = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));

/** Configuration overrides for `startCairn`, applied over the environment. */
export type StartCairnOverrides = Partial<Omit<CairnConfig, "ports">> & {
  /** 0 picks a free port. */
  ports?: Partial<Record<Listener, number>>;
};

export interface RunningCairn {
  /** The public URL of each listener, with the ports actually bound. */
  urls: Record<Listener, string>;
  config: CairnConfig;
  /** Stop accepting, finish in-flight requests, stop jobs, close the database. */
  close(): Promise<void>;
}

/**
 * How often the local blob store removes uploads that can no longer be
 * completed and temporary files of dead uploads. Both only waste disk; an
 * hour keeps that bounded without scanning the folder needlessly.
 */
const localBlobSweepIntervalMs = 60 * 60 * 1000;
/** Far above the seconds a sweep takes, far below the sweep interval. */
const localBlobSweepLockTtlMs = 10 * 60 * 1000;

/**
 * How often expired codes and login sessions are deleted. See: [Note: Expired
 * account rows are swept]. They are already ignored when expired, so an hour
 * only bounds how many accumulate.
 */
const accountRowsSweepIntervalMs = 60 * 60 * 1000;
/** Far above the milliseconds a sweep takes, far below the interval. */
const accountRowsSweepLockTtlMs = 10 * 60 * 1000;

const resolveConfig = (
  overrides: StartCairnOverrides,
  environment: Environment,
  cwd: string,
): CairnConfig => {
  // Paths derived from the data directory (database, objects, mail) must
  // follow an overridden data directory, so it goes in before derivation.
  const { dataDir, ports, ...rest } = overrides;
  const base = loadConfig(
    dataDir === undefined ? environment : { ...environment, CAIRN_DATA_DIR: dataDir },
    cwd,
  );
  return { ...base, ...rest, ports: { ...base.ports, ...ports } };
};

/**
 * Start the API server, the three web app hosts and the background jobs.
 * See: [Note: Server configuration], [Note: Each web app is served from its own port]
 */
export const startCairn = async (
  overrides: StartCairnOverrides = {},
  {
    environment = process.env,
    cwd = process.cwd(),
    resolvers,
    logStream,
    modelFiles,
  }: {
    environment?: Environment;
    cwd?: string;
    resolvers?: AuthResolvers;
    /** Where the JSON log lines go; standard output when absent. */
    logStream?: LogStream;
    /**
     * The files the models folder must hold to be served: the spec's CLIP
     * models when absent; tests give the tiny test models' (see: [Note: Tiny CLIP-shaped test models]).
     */
    modelFiles?: readonly ModelFile[];
  } = {},
): Promise<RunningCairn> => {
  const config = resolveConfig(overrides, environment, cwd);
  // Before anything is opened: a basemap the map cannot draw stops the start.
  const mapBasemap = await openMapBasemap(config.mapBasemap);
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const secrets = await loadOrCreateSecrets(config.dataDir);
  const versionID = await readVersionID(rootDir);

  // Known once every port is bound; read lazily by blob URLs and app configs.
  let urls: Record<Listener, string> | undefined;
  const currentURLs = () => {
    if (urls === undefined) throw new Error("Cairn is not listening yet");
    return urls;
  };
  // [Note: Security headers are known from the first request]
  //
  // The listeners are bound one after another (the API first), and a request
  // can reach one before the last is bound. Its security headers need only
  // what is known by then: the API's URL (bound first) for the apps'
  // `connect-src`, and whether a listener's public URL is https (configured,
  // never derived from a port). So they read the URLs of the ports bound so
  // far, where blob URLs and app configurations wait for all of them.
  const boundPorts: Partial<Record<Listener, number>> = {};
  const urlsOfBoundPorts = () => urls ?? publicURLsFor(config, { ...config.ports, ...boundPorts });

  const localBlobStore: LocalBlobStore | undefined =
    config.blobs.kind === "local"
      ? createLocalBlobStore({
          dir: config.blobs.dir,
          signingKey: secrets.blobURLSigning,
          apiURL: () => currentURLs().api,
        })
      : undefined;
  const blobStore: BlobStore =
    config.blobs.kind === "s3" ? createS3BlobStore(config.blobs) : (localBlobStore as BlobStore);

  const closers: (() => Promise<void>)[] = [];
  let log: FastifyBaseLogger | undefined;
  const closeAll = async () => {
    for (const closer of closers.splice(0).reverse()) {
      await closer().catch((error: unknown) => {
        log?.error({ err: error }, "error while shutting down");
      });
    }
  };
  closers.push(() => blobStore.close());

  try {
    const database = await openDatabase(config.database, (error, message) => {
      if (log === undefined) console.error(message, error);
      else log.error({ err: error }, message);
    });
    closers.push(() => database.close());

    // The account handlers need the mailer, which logs with the API app's
    // logger; so both are made once the app gives its logger.
    let accounts: Accounts | undefined;
    let library: Library | undefined;
    let families: ReturnType<typeof createFamilies> | undefined;
    const accountsOf = () => {
      if (accounts === undefined) throw new Error("The API app is not created yet");
      return accounts;
    };
    const api = await createApiApp({
      endpoints,
      handlers: (apiLog) => {
        const mailer = createMailer({
          config: config.mail,
          from: config.mailFrom,
          log: apiLog,
          recipientLogIDOf: (address) => emailLogIDOf(secrets, address),
        });
        closers.push(() => mailer.close());
        accounts = createAccounts(
          {
            db: database.db,
            dialect: database.dialect,
            secrets,
            mailer,
            blobStore,
            log: apiLog,
            nowUs: () => Date.now() * 1000,
            accountsURL: () => currentURLs().accounts,
            roadmapURL: config.roadmapURL,
            familiesURL: () => familiesURLFor(config, currentURLs().photos),
            freeStorageBytes: config.freeStorageBytes,
            castURL: config.castURL,
            plans: config.plans,
            webAuthn: () => webAuthnRelyingParty(config, currentURLs().accounts),
          },
          { rateLimitScale: config.rateLimitScale },
        );
        library = createLibrary({
          db: database.db,
          dialect: database.dialect,
          blobStore,
          secrets,
          log: apiLog,
          nowUs: () => Date.now() * 1000,
          photosURL: () => currentURLs().photos,
        });
        families = createFamilies({
          db: database.db,
          secrets,
          mailer,
          log: apiLog,
          nowUs: () => Date.now() * 1000,
          photosURL: () => currentURLs().photos,
        });
        return createHandlers({
          versionID,
          accountHandlers: accounts.handlers,
          libraryHandlers: library.handlers,
          familyHandlers: families.handlers,
        });
      },
      logger: config.logLevel,
      logStream,
      bodyLimitBytes: config.bodyLimitBytes,
      localBlobStore,
      publicURL: () => urlsOfBoundPorts().api,
      resolvers: resolvers ?? {
        user: (token, context) => accountsOf().resolvers.user(token, context),
        accountsToken: (token, context) => accountsOf().resolvers.accountsToken(token, context),
        familiesToken: (token, context) => {
          if (families === undefined) throw new Error("The API app is not created yet");
          return families.resolvers.familiesToken(token, context);
        },
        publicLink: (credentials, context) => {
          if (library === undefined) throw new Error("The API app is not created yet");
          return library.resolvers.publicLink(credentials, context);
        },
        castToken: (token, context) => {
          if (library === undefined) throw new Error("The API app is not created yet");
          return library.resolvers.castToken(token, context);
        },
      },
      rateLimiter: createRateLimiter(config.rateLimitScale),
      trustedProxies: config.trustedProxies,
    });
    const apiLog = api.log;
    log = apiLog;
    apiLog.info({ database: config.database.kind, blobs: config.blobs.kind }, "database ready");

    const scheduler = createJobScheduler({ db: database.db, log: apiLog });
    closers.push(() => scheduler.stop());
    scheduler.add({
      name: "account-rows-sweep",
      intervalMs: accountRowsSweepIntervalMs,
      lockTtlMs: accountRowsSweepLockTtlMs,
      run: async () => {
        const removed = await sweepExpiredAccountRows(accountsOf().services.context);
        if (removed > 0) apiLog.info({ removed }, "expired account rows swept");
      },
    });
    for (const job of library?.jobs ?? []) scheduler.add(job);
    if (localBlobStore !== undefined) {
      scheduler.add({
        name: "local-blob-sweep",
        intervalMs: localBlobSweepIntervalMs,
        lockTtlMs: localBlobSweepLockTtlMs,
        run: async () => {
          const removed = await localBlobStore.sweep();
          if (removed.removedUploads + removed.removedTemporaries > 0) {
            apiLog.info(removed, "local blob store swept");
          }
        },
      });
    }

    const runtimeConfig = (): RuntimeConfig => {
      const { api: apiOrigin, photos, accounts, auth } = currentURLs();
      return {
        apiOrigin,
        apps: { photos, accounts, auth },
        roadmapUrl: config.roadmapURL,
        familiesUrl: familiesURLFor(config, photos),
        ...(config.desktopDownloadURL === undefined
          ? {}
          : { desktopDownloadURL: config.desktopDownloadURL }),
      };
    };
    const modelsFolder = createModelsFolder({
      dir: config.modelsDir,
      ...(modelFiles === undefined ? {} : { models: modelFiles }),
    });
    // The desktop app's ML process fetches them from its server, the API: its
    // pages' own origin serves no models. See: [Note: The desktop keeps the
    // server's models on its disk]
    registerModelsRoutes(api, modelsFolder);
    // Likewise the map's basemap: the desktop app asks the API. See: [Note: The map's basemap]
    registerMapRoutes(api, mapBasemap);
    const mapOrigins = basemapExtraOrigins(config.mapBasemap);
    const servers: Record<Listener, FastifyInstance> = {
      api,
      photos: await createAppHost({
        app: "photos",
        dir: path.join(config.webDistDir, "photos"),
        runtimeConfig,
        securityOrigins: () =>
          webAppOriginsFor("photos", urlsOfBoundPorts(), config.blobs, mapOrigins),
        logger: apiLog.child({ webApp: "photos" }),
        // Semantic search and the map are the photos app's.
        models: modelsFolder,
        mapBasemap,
      }),
      accounts: await createAppHost({
        app: "accounts",
        dir: path.join(config.webDistDir, "accounts"),
        runtimeConfig,
        securityOrigins: () => webAppOriginsFor("accounts", urlsOfBoundPorts(), config.blobs),
        logger: apiLog.child({ webApp: "accounts" }),
      }),
      auth: await createAppHost({
        app: "auth",
        dir: path.join(config.webDistDir, "auth"),
        runtimeConfig,
        securityOrigins: () => webAppOriginsFor("auth", urlsOfBoundPorts(), config.blobs),
        logger: apiLog.child({ webApp: "auth" }),
      }),
    };
    // Closed first (closers run in reverse): stop taking requests, let the
    // in-flight ones finish, and only then stop jobs and close the database.
    closers.push(async () => {
      await Promise.all(Object.values(servers).map((server) => server.close()));
    });

    for (const listener of ["api", ...webApps] as const) {
      const server = servers[listener];
      await server.listen({ host: config.host, port: config.ports[listener] });
      boundPorts[listener] = (server.server.address() as AddressInfo).port;
    }
    urls = publicURLsFor(config, { ...config.ports, ...boundPorts });
    scheduler.start();
    apiLog.info({ urls, version: versionID }, "Cairn is listening");
  } catch (error) {
    await closeAll();
    throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    urls,
    config,
    close: () => (closing ??= closeAll()),
  };
};

/**
 * How long a shutdown may wait for in-flight requests (an upload can take
 * long) before the process exits anyway: orchestrators send SIGKILL after
 * 10-30 s, and a clean exit before that is better than being killed.
 */
const shutdownTimeoutMs = 10_000;

/** The lines `npm start` prints once Cairn listens. */
const listeningBanner = (urls: Record<Listener, string>): string =>
  [
    "",
    "Cairn is running:",
    `  API       ${urls.api}`,
    `  Photos    ${urls.photos}`,
    `  Accounts  ${urls.accounts}`,
    `  Auth      ${urls.auth}`,
    "",
    "",
  ].join("\n");

/**
 * What a cluster's primary does once before forking its server processes:
 * the check of the map's PMTiles archive (so a bad one is reported once,
 * not by every process), the data folder, the secrets file and the
 * database's migrations.
 * See: [Note: Several server processes share the ports]
 */
const prepareForProcesses = async (config: CairnConfig): Promise<void> => {
  await openMapBasemap(config.mapBasemap);
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  await loadOrCreateSecrets(config.dataDir);
  const database = await openDatabase(config.database);
  await database.close();
};

const runClusterPrimaryFromCommandLine = async (config: CairnConfig) => {
  await prepareForProcesses(config);
  const exitCode = await runClusterPrimary({
    processes: config.processes,
    shutdownTimeoutMs,
    onListening: (urls) => {
      process.stdout.write(
        listeningBanner(urls).replace(
          "Cairn is running:",
          `Cairn is running (${String(config.processes)} server processes):`,
        ),
      );
    },
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.exit(exitCode);
};

const runFromCommandLine = async () => {
  let running: RunningCairn;
  try {
    const config = loadConfig(process.env, process.cwd());
    if (config.processes > 1 && !isClusterWorker()) {
      await runClusterPrimaryFromCommandLine(config);
      return;
    }
    running = await startCairn();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const { urls } = running;
  if (isClusterWorker()) announceListening(urls);
  else process.stdout.write(listeningBanner(urls));
  const shutDown = (signal: string) => {
    process.stderr.write(`\n${signal}: shutting down\n`);
    const timer = setTimeout(() => {
      process.stderr.write(`Still busy after ${String(shutdownTimeoutMs)} ms, exiting anyway\n`);
      process.exit(1);
    }, shutdownTimeoutMs);
    timer.unref();
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", shutDown);
  process.once("SIGTERM", shutDown);
};

const entryScript = process.argv[1];
if (entryScript !== undefined && import.meta.url === pathToFileURL(entryScript).href) {
  await runFromCommandLine();
}
