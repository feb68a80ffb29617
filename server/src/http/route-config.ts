// Per-route facts the app-wide hooks need, carried in fastify's route config.

export interface CairnRouteConfig {
  /** A redirect endpoint: its GET answers may be cached (wire-contract §0.1). */
  redirect?: boolean;
  /** A blob route of the local store: S3-like headers, no API conventions. */
  blob?: boolean;
}

declare module "fastify" {
  interface FastifyContextConfig {
    cairn?: CairnRouteConfig;
  }
}
