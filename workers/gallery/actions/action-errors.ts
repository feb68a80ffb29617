// Why an organizing action failed, as the codes of the gallery contract
// (each shown with a message of the spec's catalogue, §8).

import {
  HttpError,
  NetworkError,
  RequestTimeoutError,
  TokenMissingError,
} from "../../../shared/model/errors";
import { StaleMagicMetadataError } from "../../library/file-operations";
import type { ActionErrorCode } from "../gallery-contract";

/** An action refused before (or instead of) asking the server, with the files it could not change. */
export class ActionRefusedError extends Error {
  override readonly name = "ActionRefusedError";

  constructor(
    readonly code: ActionErrorCode,
    readonly refusedFileIDs?: readonly number[],
  ) {
    super(`The action was refused: ${code}`);
  }
}

/** The HTTP statuses an action's calls may be refused with, and what each means. */
const codeByStatus: ReadonlyMap<number, ActionErrorCode> = new Map([
  [401, "session-expired"],
  // Another device changed the record first: the client's view is stale.
  [409, "stale"],
  [412, "stale"],
  [404, "not-found"],
  // The server refuses ownership (a file or collection that is not the user's).
  [403, "not-file-owner"],
  [426, "storage-quota-exceeded"],
]);

/** The code of an action's failure; `unknown` for anything unexpected (the caller logs the cause). */
export const actionErrorCode = (error: unknown): ActionErrorCode => {
  if (error instanceof ActionRefusedError) return error.code;
  if (error instanceof StaleMagicMetadataError) return "stale";
  if (error instanceof TokenMissingError) return "session-expired";
  if (error instanceof NetworkError || error instanceof RequestTimeoutError) return "network";
  if (error instanceof HttpError) return codeByStatus.get(error.status) ?? "unknown";
  return "unknown";
};
