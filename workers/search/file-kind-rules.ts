// Which search kinds a file is (pure): its type (photo, video, live photo),
// RAW by its extension, and screenshot by its name.
//
// [Note: Screenshots are known by their names]
//
// A screenshot carries no mark in its metadata that every platform writes,
// but every platform names it the same way in the language of the device
// that took it: "Screenshot_20190724-…" (Android), "Screenshot 2019-07-24
// at …" and "Screen Shot …" (macOS, iOS exports), "Bildschirmfoto …",
// "Capture d'écran …", "Captura de pantalla …", "Schermafbeelding …",
// "Captura de tela …", "Снимок экрана …", "截屏…"/"屏幕截图…". The names are
// matched folded, so accents and case do not matter.

import { FileType } from "../../shared/model/library/file-metadata";
import { extensionOf, rawImageExtensions } from "../../shared/model/media/file-kinds";
import type { SearchFileKind } from "../../shared/model/search/search-query";
import { foldForSearch } from "./fold-text";

/** One bit per kind, so an index keeps a file's kinds in a byte. */
export const fileKindBits: Readonly<Record<SearchFileKind, number>> = {
  photo: 1,
  video: 2,
  "live-photo": 4,
  raw: 8,
  screenshot: 16,
};

/** See: [Note: Screenshots are known by their names] */
const screenshotNames =
  /(^|[^a-z])(screenshot|screen shot|screen_shot|scrnshot|bildschirmfoto|bildschirmaufnahme|capture d.ecran|captura de pantalla|captura de tela|captura de ecra|schermafbeelding|schermopname|снимок экрана|скриншот)|截屏|屏幕截图|截图/u;

/** The kinds a file of `fileType` named `title` is, as bits of `fileKindBits`. */
export const fileKindBitsOf = (fileType: number, title: string): number => {
  let bits = 0;
  if (fileType === FileType.image) bits |= fileKindBits.photo;
  else if (fileType === FileType.video) bits |= fileKindBits.video;
  else if (fileType === FileType.livePhoto) bits |= fileKindBits["live-photo"];
  if (fileType === FileType.image && rawImageExtensions.has(extensionOf(title)))
    bits |= fileKindBits.raw;
  if (fileType === FileType.image && screenshotNames.test(foldForSearch(title)))
    bits |= fileKindBits.screenshot;
  return bits;
};
