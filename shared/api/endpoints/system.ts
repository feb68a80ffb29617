import { z } from "zod";
import { defineEndpoint } from "../endpoint";

/** Liveness check (wire-contract §11): `{"message":"pong","id":"<version>"}`. */
export const ping = defineEndpoint({
  method: "GET",
  path: "/ping",
  auth: "none",
  response: z.object({
    message: z.literal("pong"),
    /** The server build: the git commit's short hash, or the package version. */
    id: z.string(),
  }),
});

export const systemEndpoints = { ping };
