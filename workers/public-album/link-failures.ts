// Why a public album cannot be shown, as the visitor is told (wire-contract
// §9's middleware order). Pure: the service turns every error
// of opening a link into one of these names, and only names cross to the
// page (Comlink would keep only an error's name and message).
// See: [Note: Errors from the sync worker keep only their name]

import { CairnError, HttpError } from "../../shared/model/errors";

export type LinkFailure =
  /** No such token (401): a mistyped or made-up link. */
  | "link-invalid"
  /** Disabled, expired, or its owner's subscription ended (410); the album deleted (404). */
  | "link-expired"
  /** 403 `LINK_DEVICE_LIMIT_EXCEEDED`: opened on as many devices as the owner allowed. */
  | "device-limit"
  /** The address has no token or no album key after `#`. */
  | "incomplete-link"
  /** The server could not be reached, or did not answer in time. */
  | "network"
  /** Anything else (a server error, an answer that does not decrypt). */
  | "unknown";

/** The server's code for a link with no room for another device (wire-contract §9). */
export const deviceLimitCode = "LINK_DEVICE_LIMIT_EXCEEDED";

/** The failure an error of opening or reading a link stands for. */
export const linkFailureOf = (error: unknown): LinkFailure => {
  if (error instanceof HttpError) {
    if (error.status === 403 && error.code === deviceLimitCode) return "device-limit";
    if (error.status === 401) return "link-invalid";
    if (error.status === 410 || error.status === 404) return "link-expired";
    return "unknown";
  }
  if (
    error instanceof CairnError &&
    (error.key === "networkError" || error.key === "requestTimeout")
  ) {
    return "network";
  }
  return "unknown";
};
