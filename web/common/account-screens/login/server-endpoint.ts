// The server a person points the app at (spec §7: the `apiEndpoint` local
// storage key), as typed into the server settings dialog.

import { apiOriginSchema } from "../../../../shared/api/runtime-config";

export type ServerEndpointInput =
  { kind: "default" } | { kind: "valid"; origin: string } | { kind: "invalid" };

/**
 * Empty text means "the default server". Otherwise an http(s) URL; its
 * trailing slashes are dropped, because the client appends paths to it.
 */
export function parseServerEndpoint(text: string): ServerEndpointInput {
  const trimmed = text.trim();
  if (trimmed === "") return { kind: "default" };
  const parsed = apiOriginSchema.safeParse(trimmed);
  return parsed.success ? { kind: "valid", origin: parsed.data } : { kind: "invalid" };
}
