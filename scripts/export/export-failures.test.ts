import { describe, expect, it } from "vitest";
import { IncorrectPasswordError } from "../../shared/model/accounts/account-errors";
import {
  CairnError,
  NetworkError,
  NotFoundError,
  RequestTimeoutError,
  ServerError,
  TokenExpiredError,
  TooManyRequestsError,
} from "../../shared/model/errors";
import {
  IncorrectLoginCodeError,
  LoginCodeRequiredError,
  PasskeyLoginUnsupportedError,
} from "../../workers/account/node-login";
import { ExportRunStoppedError } from "../../workers/export/export-errors";
import {
  ExportRecordTooNewError,
  ExportRecordUnreadableError,
} from "../../workers/export/record/record-errors";
import { ExportUsageError } from "./export-arguments";
import { ExportExitCode } from "./export-constants";
import { exportFailureOf } from "./export-failures";
import { PromptCancelledError } from "./terminal-prompt";

const context = { apiOrigin: "http://localhost:8080", exportFolder: "/backup/Cairn Photos" };

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:8080"), {
  code: "ECONNREFUSED",
});

describe("exportFailureOf", () => {
  it.each<[unknown, ExportExitCode, string]>([
    [new ExportUsageError("The folder /x does not exist"), 2, "The folder /x does not exist"],
    [new IncorrectPasswordError(), 3, "Login failed: incorrect email or password"],
    [new LoginCodeRequiredError("totp"), 3, "or put the current code in CAIRN_TOTP_CODE"],
    [new LoginCodeRequiredError("email"), 3, "asks for a code sent by email at login"],
    [new IncorrectLoginCodeError("totp"), 3, "Login failed: The two-factor code"],
    [new PasskeyLoginUnsupportedError(), 3, "passkey"],
    [new PromptCancelledError(), 3, "Login failed: cancelled"],
    [new TokenExpiredError({ status: 401 }), 3, "the server ended the session"],
    [
      new NetworkError({ cause: new TypeError("fetch failed", { cause: refused }) }),
      5,
      "Could not reach the server at http://localhost:8080 (ECONNREFUSED)",
    ],
    [new RequestTimeoutError(30_000), 5, "Could not reach the server at http://localhost:8080:"],
    [new ServerError({ status: 503 }), 5, "failed (HTTP 503)"],
    [new TooManyRequestsError({ status: 429 }), 5, "asks to wait"],
    [new ExportRunStoppedError("stopped"), 4, "The export stopped: it was asked to stop"],
    [
      new ExportRunStoppedError("folder-missing"),
      4,
      "The export stopped: the export folder /backup/Cairn Photos is gone",
    ],
    [new ExportRunStoppedError("disk-full"), 4, "the disk is full"],
    [new ExportRunStoppedError("read-only"), 4, "cannot be written to"],
    [new ExportRunStoppedError("record-update-failed"), 4, "could not be updated"],
    [new CairnError("exportRecordJsonParsingFailed"), 4, "is not valid JSON"],
    [new ExportRecordTooNewError(9), 4, "version 9, newer than this client's"],
    [new ExportRecordUnreadableError("it is not a JSON object"), 4, "it is not a JSON object"],
    [new NotFoundError({ status: 404 }), 6, "The export failed: not found"],
    ["a string", 6, "The export failed: a string"],
  ])("maps %o to exit %i", (error, exitCode, message) => {
    const failure = exportFailureOf(error, context);
    expect(failure.exitCode).toBe(exitCode);
    expect(failure.message).toContain(message);
  });

  it("tells errors by class, not by message", () => {
    const lookalike = new Error("incorrect password");
    expect(exportFailureOf(lookalike, context).exitCode).toBe(ExportExitCode.unexpected);
  });
});
