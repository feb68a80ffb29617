// Ente Auth's display data as JSON: reading the `codeDisplay` parameter of an
// entry's URI into a `CodeDisplay` and writing it back, unknown keys kept.

import { type CodeDisplay, emptyCodeDisplay } from "./entry";

// [Note: codeDisplay is Ente's JSON inside the URI]
//
// Ente Auth keeps a code's display data in its URI: the query parameter
// `codeDisplay` holds the JSON of the Flutter app's `CodeDisplay` (keys
// `pinned`, `trashed`, `lastUsedAt` in microseconds since the epoch,
// `tapCount`, `tags`, `note`, `position`, `iconSrc`, `iconID`; the app writes
// all nine every time, with defaults false/0/""/[]). Its reader takes a missing
// key as the default, so we write the same nine keys, then any key we did not
// know, so that a newer client's data survives our edit. The Flutter reader
// replaces "%2C" by "," in the decoded value before parsing (its plain-text
// export writes commas as "%2C" because commas also separate codes); we try
// the JSON as it is first and that replacement only if it does not parse, so
// a note that mentions "%2C" is not rewritten. An unparseable value is
// ignored, as the web app does (the entry keeps default display data).

const KNOWN_KEYS = new Set([
  "pinned",
  "trashed",
  "lastUsedAt",
  "tapCount",
  "tags",
  "note",
  "position",
  "iconSrc",
  "iconID",
]);

const parseJSONObject = (text: string): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
};

const finiteNumber = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

/** Reads `codeDisplay` JSON. See: [Note: codeDisplay is Ente's JSON inside the URI] */
export const codeDisplayFromJSON = (json: string): CodeDisplay | undefined => {
  const object = parseJSONObject(json) ?? parseJSONObject(json.replaceAll("%2C", ","));
  if (object === undefined) return undefined;
  return codeDisplayFromObject(object);
};

/** Reads a decoded `codeDisplay` object (also the shape of Ente's legacy JSON export's `display`). */
export const codeDisplayFromObject = (object: Record<string, unknown>): CodeDisplay => {
  const display = emptyCodeDisplay();
  if (typeof object.pinned === "boolean") display.pinned = object.pinned;
  if (typeof object.trashed === "boolean") display.trashed = object.trashed;
  if (Array.isArray(object.tags)) {
    display.tags = object.tags.filter((tag): tag is string => typeof tag === "string");
  }
  if (typeof object.note === "string") display.note = object.note;
  const position = finiteNumber(object.position);
  if (position !== undefined) display.position = position;
  const lastUsedAt = finiteNumber(object.lastUsedAt);
  if (lastUsedAt !== undefined) display.lastUsedAtUs = lastUsedAt;
  const tapCount = finiteNumber(object.tapCount);
  if (tapCount !== undefined) display.tapCount = tapCount;
  if (typeof object.iconSrc === "string") display.iconSrc = object.iconSrc;
  if (typeof object.iconID === "string") display.iconID = object.iconID;
  const unknownKeys = Object.fromEntries(
    Object.entries(object).filter(([key]) => !KNOWN_KEYS.has(key)),
  );
  if (Object.keys(unknownKeys).length > 0) display.unknownKeys = unknownKeys;
  return display;
};

/** Writes `codeDisplay` JSON as Ente does. See: [Note: codeDisplay is Ente's JSON inside the URI] */
export const codeDisplayJSON = (display: CodeDisplay): string =>
  JSON.stringify({
    pinned: display.pinned,
    trashed: display.trashed,
    lastUsedAt: display.lastUsedAtUs ?? 0,
    tapCount: display.tapCount ?? 0,
    tags: display.tags,
    note: display.note,
    position: display.position ?? 0,
    iconSrc: display.iconSrc ?? "",
    iconID: display.iconID ?? "",
    ...Object.fromEntries(
      Object.entries(display.unknownKeys ?? {}).filter(([key]) => !KNOWN_KEYS.has(key)),
    ),
  });
