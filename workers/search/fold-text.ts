// Text as search compares it (pure): case, accents and a few letters that
// have no decomposition are folded away, so "zurich" finds "Zürich",
// "strasse" finds "Straße" and "ete" finds "Été".
//
// [Note: Search forgives case and accents]
//
// People type without accents and in any case, on any keyboard. Names,
// captions, album names and the typed text are all folded the same way:
// Unicode compatibility decomposition (NFKD, which also turns full-width
// and ligature forms into plain letters), combining marks dropped,
// lower-cased, and the Latin letters that NFKD leaves whole mapped to their
// usual spelling (ß → ss, æ → ae, ø → o, œ → oe, ł → l, đ → d, þ → th).
// Cyrillic й and ё fold to и and е, as Russian readers accept. CJK text is
// unchanged by all of it.

const unsplittable: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  ø: "o",
  œ: "oe",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

const unsplittablePattern = /[ßæøœłđðþı]/g;
const combiningMarks = /\p{M}/gu;

/** `text` folded for comparison. See: [Note: Search forgives case and accents] */
export const foldForSearch = (text: string): string =>
  text
    .normalize("NFKD")
    .replace(combiningMarks, "")
    .toLowerCase()
    .replace(unsplittablePattern, (letter) => unsplittable[letter] ?? letter);

/** The words of folded text: runs of letters and digits. */
export const searchWords = (folded: string): string[] =>
  folded.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
