import { describe, expect, it } from "vitest";
import type { ErrorMessageKey } from "../../../shared/model/error-messages";
import {
  type RunEndingErrorKey,
  UploadPhase,
  uploadResultsInSummaryOrder,
} from "../../../shared/model/media/upload-outcomes";
import enUS from "../../../locales/en-US.json";
import type { MessageId } from "../../common/i18n/messages";
import {
  reasonMessage,
  resultMessages,
  type RunEndingDisplay,
  runEndingDisplay,
  runHeadingMessage,
} from "./upload-messages";
import { snapshotOf } from "./test-support/upload-runs";

describe("runHeadingMessage", () => {
  it.each<[string, Parameters<typeof snapshotOf>[0] | undefined, MessageId]>([
    ["no snapshot yet", undefined, "upload.phase.start"],
    ["start", { phase: UploadPhase.start }, "upload.phase.start"],
    [
      "reading metadata files",
      { phase: UploadPhase.readingMetadataFiles },
      "upload.phase.readingMetadataFiles",
    ],
    [
      "extracting metadata",
      { phase: UploadPhase.extractingMetadata },
      "upload.phase.extractingMetadata",
    ],
    ["uploading", { phase: UploadPhase.uploading }, "upload.phase.uploading"],
    ["cancelling", { phase: UploadPhase.cancelling, cancelled: true }, "upload.phase.cancelling"],
    [
      "finished, everything in",
      {
        phase: UploadPhase.finish,
        results: {
          uploaded: [{ id: 1, name: "a", pickIDs: [] }],
          "already-uploaded": [{ id: 2, name: "b", pickIDs: [] }],
        },
      },
      "upload.phase.finish",
    ],
    [
      "finished, something out",
      {
        phase: UploadPhase.finish,
        results: {
          uploaded: [{ id: 1, name: "a", pickIDs: [] }],
          unsupported: [{ id: 2, name: "b", pickIDs: [] }],
        },
      },
      "upload.phase.finishWithProblems",
    ],
    ["finished after a cancel", { phase: UploadPhase.finish, cancelled: true }, "upload.cancelled"],
  ])("%s: %s", (_label, fields, message) => {
    expect(runHeadingMessage(fields === undefined ? undefined : snapshotOf(fields))).toBe(message);
  });
});

describe("reasonMessage", () => {
  it.each<[ErrorMessageKey | undefined, MessageId | undefined]>([
    [undefined, undefined],
    ["unsupportedFileFormat", "error.unsupportedFileFormat"],
    ["fileTooLarge", "error.fileTooLarge"],
    ["storageQuotaExceeded", "error.storageQuotaExceeded"],
    ["subscriptionExpired", "error.subscriptionExpired"],
    ["sessionExpired", "error.sessionExpired"],
    ["networkError", "error.network"],
    ["fileConversionFailed", "upload.reason.conversionFailed"],
    ["uploadCancelled", "upload.cancelled"],
    // A blocked file's group explains it.
    ["etagMissing", undefined],
    ["notFound", "error.unknown"],
  ])("%s: %s", (key, message) => {
    expect(reasonMessage(key)).toBe(message);
  });
});

describe("the messages", () => {
  it("name every result, in the catalogue", () => {
    for (const result of uploadResultsInSummaryOrder) {
      expect(enUS[resultMessages[result]]).toContain("{count, plural");
    }
  });

  it.each<[RunEndingErrorKey, RunEndingDisplay]>([
    [
      "subscriptionExpired",
      {
        kind: "dialog",
        title: "upload.subscriptionExpired.title",
        message: "error.subscriptionExpired",
      },
    ],
    [
      "storageQuotaExceeded",
      { kind: "dialog", title: "upload.storageFull.title", message: "error.storageQuotaExceeded" },
    ],
    ["sessionExpired", { kind: "session-expired" }],
  ])("say why %s ended the run", (key, display) => {
    expect(runEndingDisplay(key)).toEqual(display);
  });
});
