// Names of downloaded files and zips. Pure.

import { extensionOf } from "./media-types";

/** Splits a name into its base and its extension (with the dot; "" when none). */
const splitName = (name: string): { base: string; extension: string } => {
  const extension = extensionOf(name);
  return extension === ""
    ? { base: name, extension: "" }
    : {
        base: name.slice(0, name.length - extension.length - 1),
        extension: name.slice(-extension.length - 1),
      };
};

/**
 * A name that is safe as a zip entry and as a saved file: path separators
 * and control characters would make a zip entry a folder or an unreadable
 * name, so each becomes an underscore; an empty name becomes `file`.
 */
export const safeFileName = (name: string): string => {
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  const cleaned = name.replace(/[/\\\u0000-\u001f\u007f]/g, "_").trim();
  return cleaned === "" || cleaned === "." || cleaned === ".." ? "file" : cleaned;
};

/**
 * Gives each name of a download a distinct one: a clash gets a numeric
 * suffix before the extension, `name(1).jpg`, `name(2).jpg` (spec §5's rule
 * for export names). Names are compared ignoring case, because the folders
 * people unzip into (Windows, macOS) do.
 */
export class UniqueNames {
  readonly #taken = new Set<string>();

  /** `name` (made safe) if not taken yet, else the first free suffixed form; it is then taken. */
  claim(name: string): string {
    const safe = safeFileName(name);
    const { base, extension } = splitName(safe);
    let candidate = safe;
    for (let n = 1; this.#taken.has(candidate.toLowerCase()); n += 1) {
      candidate = `${base}(${String(n)})${extension}`;
    }
    this.#taken.add(candidate.toLowerCase());
    return candidate;
  }
}

/** The name of one half of a live photo: the photo's title with the half's own extension. */
export const livePhotoPartName = (title: string, partExtension: string): string => {
  const { base } = splitName(title);
  return partExtension === "" ? base : `${base}.${partExtension}`;
};

const twoDigits = (value: number): string => String(value).padStart(2, "0");

/**
 * The name of a zip download: the album's name when given, else
 * `Cairn-<local date>.zip` (YYYY-MM-DD, the day the download started).
 */
export const zipFileName = (nowMs: number, albumName?: string): string => {
  if (albumName !== undefined && albumName.trim() !== "") {
    const safe = safeFileName(albumName);
    return extensionOf(safe) === "zip" ? safe : `${safe}.zip`;
  }
  const now = new Date(nowMs);
  const day = `${String(now.getFullYear())}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}`;
  return `Cairn-${day}.zip`;
};
