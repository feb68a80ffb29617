import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import {
  type MapBasemapConfig,
  mapBasemapConfigOf,
  mapEnvironmentShape,
} from "./map-basemap-config";
import { type ConfiguredPlan, readPlansFile } from "./plans-file";

export { type ConfiguredPlan, type PlanPeriod, parsePlansFile } from "./plans-file";
export { type MapBasemapConfig, defaultMapMaxZoom } from "./map-basemap-config";

// [Note: Server configuration]
//
// Everything the server can be told comes from the environment, read once at
// start by `loadConfig` into one typed `CairnConfig`. Every variable has an
// embedded default so that `npm start` needs nothing installed or set; the
// table in server/README.md lists them. An invalid value stops the start with
// a message naming the variable, the value and what is expected, and every
// problem is reported at once rather than one per attempt.

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

/** The three web apps, each served on its own port. */
export const webApps = ["photos", "accounts", "auth"] as const;
export type WebApp = (typeof webApps)[number];

/** The four listeners of one Cairn process. */
export type Listener = "api" | WebApp;

export type DatabaseConfig = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

export type BlobStoreConfig =
  | { kind: "local"; dir: string }
  | {
      kind: "s3";
      /** Unset for AWS itself; the URL of any other S3-compatible service. */
      endpoint: string | undefined;
      region: string;
      bucket: string;
      /** Unset: the AWS SDK's default credential chain. */
      accessKeyID: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
    };

export type MailConfig = { kind: "outbox"; dir: string } | { kind: "smtp"; url: string };

export interface CairnConfig {
  dataDir: string;
  host: string;
  ports: Record<Listener, number>;
  /** Public URLs set explicitly; the others are derived from host and port (see `publicURLsFor`). */
  publicURLOverrides: Partial<Record<Listener, string>>;
  database: DatabaseConfig;
  blobs: BlobStoreConfig;
  mail: MailConfig;
  mailFrom: string;
  roadmapURL: string;
  /** `CAIRN_FAMILIES_URL`; unset: the photos app's family page (see `familiesURLFor`). */
  familiesURL: string | undefined;
  /** `CAIRN_DESKTOP_DOWNLOAD_URL`: the desktop app's download page, offered by the web app's desktop-only features. */
  desktopDownloadURL: string | undefined;
  /** `CAIRN_CAST_URL`: the cast receiver that talks to this server. See: [Note: The cast receiver's URL] */
  castURL: string | undefined;
  webDistDir: string;
  /** `CAIRN_MODELS_DIR`, else `<dataDir>/models`. See: [Note: The models folder] */
  modelsDir: string;
  /**
   * `CAIRN_MAP_TILES_URL` or `CAIRN_MAP_PMTILES`, with `CAIRN_MAP_TILES_ATTRIBUTION`
   * and `CAIRN_MAP_MAX_ZOOM`; neither: the offline basemap. See: [Note: The map's basemap]
   */
  mapBasemap: MapBasemapConfig;
  logLevel: LogLevel;
  bodyLimitBytes: number;
  /** Storage of the free plan every new account gets. */
  freeStorageBytes: number;
  /** The plans this server grants, in the file's order; empty when `CAIRN_PLANS_FILE` is unset. */
  plans: ConfiguredPlan[];
  /** Multiplies every rate limit. See: [Note: Rate limits scale for tests] */
  rateLimitScale: number;
  /** Server processes sharing the ports. See: [Note: Several server processes share the ports] */
  processes: number;
  /** Reverse proxies trusted for `X-Forwarded-For`. See: [Note: A client's address behind a proxy] */
  trustedProxies: string[];
  /** WebAuthn relying party ID; unset: the host name of the accounts app's URL. */
  webAuthnRPID: string | undefined;
  /** Origins WebAuthn ceremonies may come from; empty: the accounts app's origin. */
  webAuthnOrigins: string[];
}

export class ConfigError extends Error {
  override name = "ConfigError";
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.problems = problems;
  }
}

/**
 * Where the roadmap redirect goes when `CAIRN_ROADMAP_URL` is unset: the
 * project's issue tracker (wire-contract, "Roadmap").
 */
export const defaultRoadmapURL = "https://github.com/cairn-photos/cairn/issues";

/** The photos app's own family page, the families URL when `CAIRN_FAMILIES_URL` is unset. */
export const photosFamilyPath = "/family";

/**
 * The family page (the spec's "provider web site" for `?redirect=families`
 * and `GET /users/families-token`): `CAIRN_FAMILIES_URL` when set, else the
 * photos app's `/family`. The photos URL is known only once the server
 * listens (its port may be chosen then), hence a function of it.
 */
export const familiesURLFor = (
  config: Pick<CairnConfig, "familiesURL">,
  photosURL: string,
): string => config.familiesURL ?? `${photosURL.replace(/\/+$/, "")}${photosFamilyPath}`;

/**
 * The largest JSON request body accepted by default. The largest legitimate
 * request is a 1000-item batch (spec §9) of magic metadata, each item a few
 * KiB of base64 ciphertext: a few MiB. 10 MiB leaves room without letting
 * one request hold much memory. Blob uploads do not count: they stream to
 * disk and are limited by their signed URL.
 */
export const defaultBodyLimitBytes = 10 * 1024 * 1024;

/** The free plan's storage (wire-contract §10): 10 GiB. */
export const defaultFreeStorageBytes = 10 * 1024 ** 3;

export type Environment = Readonly<Record<string, string | undefined>>;

const portSchema = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, `${name}: must be a port number 0-65535`)
    .transform(Number)
    .refine((port) => port <= 65535, `${name}: must be a port number 0-65535`);

const urlSchema = (name: string) =>
  z
    .string()
    .refine((text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol), {
      error: `${name}: must be an absolute http(s) URL`,
    })
    .transform((text) => text.replace(/\/+$/, ""));

const booleanSchema = (name: string) =>
  z
    .enum(["true", "false", "1", "0"], { error: `${name}: must be true or false` })
    .transform((word) => word === "true" || word === "1");

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** An IP address, or one with a CIDR prefix length (`10.0.0.0/8`, `fd00::/8`). */
const isIPOrRange = (entry: string): boolean => {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
};

/** The variables, their defaults and what they mean. Keep server/README.md in sync. */
const environmentSchema = z.object({
  CAIRN_DATA_DIR: z.string().min(1).default("./data"),
  CAIRN_HOST: z.string().min(1).default("localhost"),
  CAIRN_API_PORT: portSchema("CAIRN_API_PORT").default(8080),
  CAIRN_PHOTOS_PORT: portSchema("CAIRN_PHOTOS_PORT").default(3000),
  CAIRN_ACCOUNTS_PORT: portSchema("CAIRN_ACCOUNTS_PORT").default(3001),
  CAIRN_AUTH_PORT: portSchema("CAIRN_AUTH_PORT").default(3002),
  CAIRN_API_URL: urlSchema("CAIRN_API_URL").optional(),
  CAIRN_PHOTOS_URL: urlSchema("CAIRN_PHOTOS_URL").optional(),
  CAIRN_ACCOUNTS_URL: urlSchema("CAIRN_ACCOUNTS_URL").optional(),
  CAIRN_AUTH_URL: urlSchema("CAIRN_AUTH_URL").optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL: must be a postgres:// or postgresql:// URL")
    .optional(),
  S3_ENDPOINT: urlSchema("S3_ENDPOINT").optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanSchema("S3_FORCE_PATH_STYLE").default(false),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL: must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Cairn <noreply@localhost>"),
  CAIRN_ROADMAP_URL: urlSchema("CAIRN_ROADMAP_URL").default(defaultRoadmapURL),
  CAIRN_FAMILIES_URL: urlSchema("CAIRN_FAMILIES_URL").optional(),
  CAIRN_DESKTOP_DOWNLOAD_URL: urlSchema("CAIRN_DESKTOP_DOWNLOAD_URL").optional(),
  CAIRN_CAST_URL: urlSchema("CAIRN_CAST_URL").optional(),
  CAIRN_WEB_DIST_DIR: z.string().min(1).default("dist/web"),
  CAIRN_MODELS_DIR: z.string().min(1).optional(),
  CAIRN_MAP_TILES_URL: mapEnvironmentShape.CAIRN_MAP_TILES_URL.optional(),
  CAIRN_MAP_TILES_ATTRIBUTION: mapEnvironmentShape.CAIRN_MAP_TILES_ATTRIBUTION.optional(),
  CAIRN_MAP_PMTILES: mapEnvironmentShape.CAIRN_MAP_PMTILES.optional(),
  CAIRN_MAP_MAX_ZOOM: mapEnvironmentShape.CAIRN_MAP_MAX_ZOOM.optional(),
  LOG_LEVEL: z
    .enum(logLevels, { error: `LOG_LEVEL: must be one of ${logLevels.join(", ")}` })
    .default("info"),
  CAIRN_BODY_LIMIT_BYTES: z
    .string()
    .regex(/^\d+$/, "CAIRN_BODY_LIMIT_BYTES: must be a whole number of bytes")
    .transform(Number)
    .refine((bytes) => bytes >= 1024, "CAIRN_BODY_LIMIT_BYTES: must be at least 1024")
    .default(defaultBodyLimitBytes),
  CAIRN_FREE_STORAGE_BYTES: z
    .string()
    .regex(/^\d+$/, "CAIRN_FREE_STORAGE_BYTES: must be a whole number of bytes")
    .transform(Number)
    .refine(Number.isSafeInteger, "CAIRN_FREE_STORAGE_BYTES: too large")
    .default(defaultFreeStorageBytes),
  CAIRN_PLANS_FILE: z.string().min(1).optional(),
  CAIRN_RATE_LIMIT_SCALE: z
    .string()
    .regex(/^\d+(\.\d+)?$/, "CAIRN_RATE_LIMIT_SCALE: must be a positive number")
    .transform(Number)
    .refine((scale) => scale > 0, "CAIRN_RATE_LIMIT_SCALE: must be a positive number")
    .default(1),
  CAIRN_PROCESSES: z
    .string()
    .regex(/^\d+$/, "CAIRN_PROCESSES: must be a whole number from 1 to 64")
    .transform(Number)
    .refine(
      (count) => count >= 1 && count <= 64,
      "CAIRN_PROCESSES: must be a whole number from 1 to 64",
    )
    .default(1),
  CAIRN_TRUSTED_PROXIES: z
    .string()
    .transform((text) =>
      text
        .split(",")
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ""),
    )
    .refine(
      (entries) => entries.every((entry) => isIPOrRange(entry)),
      "CAIRN_TRUSTED_PROXIES: must be comma-separated IP addresses or CIDR ranges such as 10.0.0.0/8",
    )
    .optional(),
  CAIRN_WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, "CAIRN_WEBAUTHN_RP_ID: must be a host name")
    .optional(),
  CAIRN_WEBAUTHN_ORIGINS: z
    .string()
    .transform((text) => text.split(",").map((origin) => origin.trim().replace(/\/+$/, "")))
    .refine(
      (origins) => origins.every((origin) => URL.canParse(origin)),
      "CAIRN_WEBAUTHN_ORIGINS: must be comma-separated origins such as https://accounts.example.org",
    )
    .optional(),
});

/** The variables `loadConfig` reads, for documentation and tests. */
export const configVariables = Object.keys(environmentSchema.shape);

/**
 * Read the configuration from the environment. Unset and empty variables take
 * their defaults; relative directories resolve against `cwd`.
 * See: [Note: Server configuration]
 */
export const loadConfig = (environment: Environment, cwd: string): CairnConfig => {
  const present = Object.fromEntries(
    Object.entries(environment).filter(
      ([name, value]) => configVariables.includes(name) && value !== undefined && value !== "",
    ),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        const got = present[name];
        const message = issue.message.startsWith(`${name}:`)
          ? issue.message
          : `${name}: ${issue.message}`;
        return got === undefined ? message : `${message} (got ${JSON.stringify(got)})`;
      }),
    );
  }
  const env = parsed.data;
  const problems: string[] = [];
  const dataDir = path.resolve(cwd, env.CAIRN_DATA_DIR);

  const ports: Record<Listener, number> = {
    api: env.CAIRN_API_PORT,
    photos: env.CAIRN_PHOTOS_PORT,
    accounts: env.CAIRN_ACCOUNTS_PORT,
    auth: env.CAIRN_AUTH_PORT,
  };
  const fixedPorts = Object.values(ports).filter((port) => port !== 0);
  if (new Set(fixedPorts).size !== fixedPorts.length) {
    problems.push(
      `CAIRN_API_PORT, CAIRN_PHOTOS_PORT, CAIRN_ACCOUNTS_PORT and CAIRN_AUTH_PORT must differ (got ${Object.values(ports).join(", ")})`,
    );
  }

  const s3Given = [env.S3_ENDPOINT, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY].some(
    (value) => value !== undefined,
  );
  if (env.S3_BUCKET === undefined && s3Given) {
    problems.push(
      "S3_BUCKET: must be set when other S3_* variables are (objects go to S3 only when a bucket is named)",
    );
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither");
  }
  const plans =
    env.CAIRN_PLANS_FILE === undefined
      ? { plans: [], problems: [] }
      : readPlansFile(path.resolve(cwd, env.CAIRN_PLANS_FILE));
  problems.push(...plans.problems);
  const map = mapBasemapConfigOf(env, cwd);
  problems.push(...map.problems);
  if (problems.length > 0) throw new ConfigError(problems);

  const publicURLOverrides: Partial<Record<Listener, string>> = {};
  if (env.CAIRN_API_URL !== undefined) publicURLOverrides.api = env.CAIRN_API_URL;
  if (env.CAIRN_PHOTOS_URL !== undefined) publicURLOverrides.photos = env.CAIRN_PHOTOS_URL;
  if (env.CAIRN_ACCOUNTS_URL !== undefined) publicURLOverrides.accounts = env.CAIRN_ACCOUNTS_URL;
  if (env.CAIRN_AUTH_URL !== undefined) publicURLOverrides.auth = env.CAIRN_AUTH_URL;

  return {
    dataDir,
    host: env.CAIRN_HOST,
    ports,
    publicURLOverrides,
    database:
      env.DATABASE_URL === undefined
        ? { kind: "sqlite", file: path.join(dataDir, "cairn.sqlite") }
        : { kind: "postgres", url: env.DATABASE_URL },
    blobs:
      env.S3_BUCKET === undefined
        ? { kind: "local", dir: path.join(dataDir, "objects") }
        : {
            kind: "s3",
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            bucket: env.S3_BUCKET,
            accessKeyID: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          },
    mail:
      env.SMTP_URL === undefined
        ? { kind: "outbox", dir: path.join(dataDir, "mail") }
        : { kind: "smtp", url: env.SMTP_URL },
    mailFrom: env.MAIL_FROM,
    roadmapURL: env.CAIRN_ROADMAP_URL,
    familiesURL: env.CAIRN_FAMILIES_URL,
    desktopDownloadURL: env.CAIRN_DESKTOP_DOWNLOAD_URL,
    castURL: env.CAIRN_CAST_URL,
    webDistDir: path.resolve(cwd, env.CAIRN_WEB_DIST_DIR),
    modelsDir:
      env.CAIRN_MODELS_DIR === undefined
        ? path.join(dataDir, "models")
        : path.resolve(cwd, env.CAIRN_MODELS_DIR),
    mapBasemap: map.basemap,
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.CAIRN_BODY_LIMIT_BYTES,
    freeStorageBytes: env.CAIRN_FREE_STORAGE_BYTES,
    plans: plans.plans,
    rateLimitScale: env.CAIRN_RATE_LIMIT_SCALE,
    processes: env.CAIRN_PROCESSES,
    trustedProxies: env.CAIRN_TRUSTED_PROXIES ?? [],
    webAuthnRPID: env.CAIRN_WEBAUTHN_RP_ID,
    webAuthnOrigins: env.CAIRN_WEBAUTHN_ORIGINS ?? [],
  };
};

/**
 * The host name public URLs use for a bind address: the wildcard addresses
 * are reachable as `localhost` from this machine, IPv6 literals need brackets.
 */
const publicHostFor = (host: string): string => {
  if (host === "0.0.0.0" || host === "::" || host === "[::]") return "localhost";
  if (host.includes(":") && !host.startsWith("[")) return `[${host}]`;
  return host;
};

/**
 * The public URL of each listener: the explicit override, or
 * `http://<host>:<port>` from the port actually bound (ports may be 0 in the
 * configuration, meaning "any free port").
 */
export const publicURLsFor = (
  config: Pick<CairnConfig, "host" | "publicURLOverrides">,
  boundPorts: Record<Listener, number>,
): Record<Listener, string> => {
  const derived = (listener: Listener) =>
    config.publicURLOverrides[listener] ??
    `http://${publicHostFor(config.host)}:${boundPorts[listener]}`;
  return {
    api: derived("api"),
    photos: derived("photos"),
    accounts: derived("accounts"),
    auth: derived("auth"),
  };
};
