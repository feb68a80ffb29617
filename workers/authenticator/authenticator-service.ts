// The auth app's worker service: the codes of the account over the sync
// engine (its encrypted local copy, the server), as the page calls them.
// Every secret stays here: the page gets names, options and code values.

import type {
  AddCodeResult,
  AuthCodeSummary,
  AuthCodeValue,
  AuthenticatorCalls,
  AuthenticatorState,
  AuthenticatorStatus,
  ImportAnswer,
  ManualCodeInput,
  RefusedCodeChange,
} from "./authenticator-contract";
import {
  type AuthenticatorEntry,
  type CodeDisplay,
  codesAt,
  emptyCodeDisplay,
  entityPlaintextOf,
  entryFromEntityPlaintext,
  hotpCode,
  otpParametersFrom,
  parseOtpauthUri,
} from "./codes";
import { type DecodeToPixels, qrFromImageFile } from "./qr/qr-from-image-file";
import { qrFromPixels } from "./qr/qr-from-pixels";
import type { AuthenticatorSync } from "./sync/authenticator-sync";
import type { RefusedChange } from "./sync/push";
import { duplicateKeyOf, encryptExport, plainExport } from "./transfer";
import { importCodes } from "./import-codes";
import { inputErrorOf } from "./input-error";
import type { Sodium } from "../../shared/crypto/sodium";
import type { RGBAImage } from "../ml/clip/clip-embedder";

export interface AuthenticatorServiceDeps {
  sync: AuthenticatorSync;
  nowMs: () => number;
  isOnline: () => boolean;
  decodeToPixels: DecodeToPixels;
  sodium: () => Promise<Sodium>;
  /** Told the codes and the status after every change. */
  onState: (state: AuthenticatorState) => void;
  logError: (message: string, cause: unknown) => void;
}

export interface AuthenticatorService extends AuthenticatorCalls {
  /** Reads the local copy, tells the page, then syncs. */
  open(): Promise<void>;
  close(): Promise<void>;
}

interface ReadEntry {
  id: string;
  entry: AuthenticatorEntry;
  pending: boolean;
}

const summaryOf = ({ id, entry, pending }: ReadEntry): AuthCodeSummary => ({
  id,
  kind: entry.otp.kind,
  issuer: entry.otp.issuer,
  account: entry.otp.account,
  note: entry.display.note,
  tags: entry.display.tags,
  pinned: entry.display.pinned,
  trashed: entry.display.trashed,
  position: entry.display.position,
  lastUsedAtMs:
    entry.display.lastUsedAtUs === undefined ? undefined : entry.display.lastUsedAtUs / 1000,
  algorithm: entry.otp.algorithm,
  digits: entry.otp.digits,
  periodSeconds: entry.otp.periodSeconds,
  pending,
});

export const createAuthenticatorService = (
  deps: AuthenticatorServiceDeps,
): AuthenticatorService => {
  const { sync } = deps;
  let state: AuthenticatorStatus["state"] = "opening";
  /** Parsed entries by plaintext: an entity is parsed once, not at every change. */
  const parsed = new Map<string, AuthenticatorEntry | undefined>();
  let unreadable = 0;
  let refusedChanges: readonly RefusedCodeChange[] = [];
  let refusedCount = 0;

  const readEntries = (): ReadEntry[] => {
    const read: ReadEntry[] = [];
    const seen = new Set<string>();
    unreadable = 0;
    for (const { id, plaintext, pending } of sync.entries()) {
      seen.add(plaintext);
      if (!parsed.has(plaintext)) {
        const result = entryFromEntityPlaintext(plaintext);
        parsed.set(plaintext, result.ok ? result.value : undefined);
      }
      const entry = parsed.get(plaintext);
      if (entry === undefined) unreadable++;
      else read.push({ id, entry, pending });
    }
    for (const plaintext of parsed.keys()) if (!seen.has(plaintext)) parsed.delete(plaintext);
    return read;
  };

  const tell = () => {
    const entries = readEntries();
    deps.onState({
      codes: entries.map(summaryOf),
      status: {
        state: !deps.isOnline() && state !== "opening" ? "offline" : state,
        pendingChanges: sync.pendingCount(),
        // Codes another key sealed and codes that are not a code: neither is shown.
        undecryptable: sync.undecryptableCount() + unreadable,
        refusedChanges,
      },
    });
  };

  // [Note: A change the server refuses is named to the user]
  //
  // The server refuses a code past its limits (413 for more than 64 KiB,
  // 403 past 5,000 live codes) and would refuse it again, so the engine
  // drops it from the queue: a refused new code vanishes from the list, a
  // refused edit falls back to the server's version. Silently, that reads
  // as lost data; so each refusal is kept, named by its code, with its
  // reason, and the page shows them until the user dismisses them.
  const noticeOf = (refused: RefusedChange, key: string): RefusedCodeChange => {
    const plaintext =
      refused.plaintext ?? sync.entries().find((entry) => entry.id === refused.id)?.plaintext;
    const parsedEntry = plaintext === undefined ? undefined : entryFromEntityPlaintext(plaintext);
    const otp = parsedEntry?.ok === true ? parsedEntry.value.otp : undefined;
    return {
      key,
      kind: refused.kind,
      issuer: otp?.issuer ?? "",
      account: otp?.account ?? "",
      reason:
        refused.status === 413
          ? "too-large"
          : refused.status === 403
            ? "too-many-codes"
            : "refused",
    };
  };

  sync.onChange((event) => {
    switch (event.kind) {
      case "synced":
        state = event.outcome.offline ? "offline" : "up-to-date";
        if (event.outcome.refused.length > 0) {
          refusedChanges = [
            ...refusedChanges,
            ...event.outcome.refused.map((refused) => noticeOf(refused, `${++refusedCount}`)),
          ];
        }
        break;
      case "sync-failed":
        state = "failed";
        deps.logError("Could not sync the codes", event.error);
        break;
      case "entries-changed":
      case "id-changed":
        break;
    }
    tell();
  });

  const entryOf = (id: string): AuthenticatorEntry | undefined =>
    readEntries().find((read) => read.id === id)?.entry;

  /** Writes a changed entry; false when the code is gone. */
  const change = async (
    id: string,
    edit: (entry: AuthenticatorEntry) => AuthenticatorEntry,
  ): Promise<boolean> => {
    const entry = entryOf(id);
    if (entry === undefined) return false;
    return sync.update(id, entityPlaintextOf(edit(entry)));
  };
  const changeDisplay = (id: string, edit: (display: CodeDisplay) => CodeDisplay) =>
    change(id, (entry) => ({ ...entry, display: edit(entry.display) }));

  /** Adds an entry unless the same code is there already. */
  const add = async (entry: AuthenticatorEntry): Promise<AddCodeResult> => {
    const key = duplicateKeyOf(entry.otp);
    if (readEntries().some((read) => duplicateKeyOf(read.entry.otp) === key)) {
      return { ok: false, error: "already-present" };
    }
    return { ok: true, id: await sync.create(entityPlaintextOf(entry)) };
  };

  const addURI = async (text: string): Promise<AddCodeResult> => {
    const result = parseOtpauthUri(text.trim());
    if (!result.ok) return { ok: false, error: inputErrorOf(result.error) };
    return add(result.value);
  };

  const runImport = (file: { name: string; text: string }, password?: string) =>
    importCodes(file, password, {
      existing: () => readEntries().map(({ entry }) => entry.otp),
      add: async (entries) => {
        for (const entry of entries) await sync.create(entityPlaintextOf(entry));
      },
      sodium: deps.sodium,
    });

  /** What a QR code's text adds: a code, or Google Authenticator's export. */
  const addScanned = async (text: string): Promise<AddCodeResult | ImportAnswer> =>
    text.trim().toLowerCase().startsWith("otpauth-migration:")
      ? runImport({ name: "google-authenticator.txt", text })
      : addURI(text);

  const visibleEntries = () =>
    readEntries()
      .filter(({ entry }) => !entry.display.trashed)
      .map(({ entry }) => entry);

  return {
    async open() {
      await sync.load();
      tell();
      await this.sync();
    },

    async close() {
      await sync.close();
    },

    async codeValues(ids, atMs) {
      const byID = new Map(readEntries().map((read) => [read.id, read.entry]));
      const values: AuthCodeValue[] = [];
      for (const id of ids) {
        const entry = byID.get(id);
        if (entry === undefined || entry.otp.kind === "hotp") continue;
        try {
          const codes = await codesAt(entry.otp, atMs);
          values.push(
            codes.kind === "hotp"
              ? { id, code: codes.code }
              : {
                  id,
                  code: codes.code,
                  nextCode: codes.nextCode,
                  periodStartMs: codes.periodStartMs,
                  periodEndMs: codes.periodEndMs,
                },
          );
        } catch (error) {
          deps.logError("Could not compute a code", error);
        }
      }
      return values;
    },

    // [Note: An HOTP code advances its counter when shown]
    //
    // A counter-based code is valid once: showing it uses it. So the code at
    // the stored counter is shown and the counter moves on, saved (and sent)
    // before the code is given to the page, so the next reveal, here or on
    // another device, shows the next code and never one already shown.
    async nextHotpCode(id) {
      const entry = entryOf(id);
      if (entry?.otp.kind !== "hotp") return undefined;
      const code = await hotpCode(entry.otp);
      const saved = await sync.update(
        id,
        entityPlaintextOf({ ...entry, otp: { ...entry.otp, counter: entry.otp.counter + 1 } }),
      );
      return saved ? { id, code } : undefined;
    },

    async markUsed(id) {
      await changeDisplay(id, (display) => ({
        ...display,
        lastUsedAtUs: deps.nowMs() * 1000,
        tapCount: (display.tapCount ?? 0) + 1,
      }));
    },

    addFromURI: (text) => addURI(text),

    async addFromQRImage(bytes) {
      const scan = await qrFromImageFile(bytes, { decodeToPixels: deps.decodeToPixels });
      if (scan.kind === "not-an-image") return { ok: false, error: "not-an-image" };
      if (scan.kind === "no-code") return { ok: false, error: "no-qr-code" };
      return addScanned(scan.text);
    },

    async addFromCameraFrame(frame: RGBAImage) {
      const scan = qrFromPixels(frame);
      if (scan.kind === "no-code") return { ok: false, error: "no-qr-code" };
      return addScanned(scan.text);
    },

    async addManual(input: ManualCodeInput) {
      const otp = otpParametersFrom({
        type: input.kind,
        issuer: input.issuer,
        account: input.account,
        secret: input.secret,
        algorithm: input.algorithm,
        digits: input.digits,
        period: input.periodSeconds,
        counter: input.counter,
      });
      if (!otp.ok) return { ok: false, error: inputErrorOf(otp.error) };
      return add({
        otp: otp.value,
        display: { ...emptyCodeDisplay(), note: input.note, tags: [...input.tags] },
      });
    },

    async edit(id, changes) {
      await change(id, (entry) => ({
        ...entry,
        otp: {
          ...entry.otp,
          issuer: changes.issuer ?? entry.otp.issuer,
          account: changes.account ?? entry.otp.account,
        },
        display: {
          ...entry.display,
          note: changes.note ?? entry.display.note,
          tags: changes.tags === undefined ? entry.display.tags : [...changes.tags],
        },
      }));
    },

    async setPinned(id, pinned) {
      await changeDisplay(id, (display) => ({ ...display, pinned }));
    },

    // See: [Note: The manual order keeps new codes at its end]
    async reorder(ids) {
      const byID = new Map(readEntries().map((read) => [read.id, read.entry]));
      for (const [position, id] of ids.entries()) {
        if (byID.get(id)?.display.position === position) continue;
        await changeDisplay(id, (display) => ({ ...display, position }));
      }
    },

    async trash(ids) {
      for (const id of ids) await changeDisplay(id, (display) => ({ ...display, trashed: true }));
    },

    async restore(ids) {
      for (const id of ids) await changeDisplay(id, (display) => ({ ...display, trashed: false }));
    },

    async deleteForever(ids) {
      for (const id of ids) await sync.remove(id);
    },

    importFile: (file, password) => runImport(file, password),

    exportPlain: () => Promise.resolve(plainExport(visibleEntries())),

    async exportEncrypted(password) {
      return encryptExport(plainExport(visibleEntries()), password, await deps.sodium());
    },

    async sync() {
      state = "syncing";
      tell();
      await sync.sync();
    },

    setOnline() {
      tell();
    },

    dismissRefusedChanges() {
      refusedChanges = [];
      tell();
    },
  };
};
