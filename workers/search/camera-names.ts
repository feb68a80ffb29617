// A file's camera as a person names it (pure), from the EXIF Make and Model
// tags the upload keeps in the file's public magic metadata: the search bar
// suggests it and the search matches it.
//
// [Note: A camera is named by its model, with its maker when the model lacks it]
//
// Cameras write Make and Model separately, and most repeat the maker in the
// model: Canon writes "Canon" and "Canon EOS 5D Mark II", Nikon "NIKON
// CORPORATION" and "NIKON D750", Kodak "EASTMAN KODAK COMPANY" and "KODAK
// EASYSHARE C875". Joining them would read "Canon Canon EOS 5D Mark II".
// Others do not: Apple writes "Apple" and "iPhone 12", Samsung "SAMSUNG" and
// "SM-G991B". So:
//
// - both are trimmed, and runs of spaces (and the NULs some firmware pads
//   with) read as one space; a tag without a letter or digit is no tag;
// - when the model starts with the make's first word (compared folded, so
//   "NIKON" and "Nikon" are one; "HTC6500LVW" starts with "HTC" too), or its
//   first word is another word of the make ("KODAK" of "EASTMAN KODAK
//   COMPANY"; a whole word, and not a legal form: "Co-Pilot" does not
//   repeat "SANYO Electric Co.,Ltd."), the model alone names the camera;
// - otherwise the make comes first ("Apple iPhone 12"), without the legal
//   form some makers end it with ("OLYMPUS IMAGING CORP." + "E-M10" →
//   "OLYMPUS E-M10"), which nobody says or types;
// - only one of them: that one (a make alone tidied the same way); neither:
//   no camera.
//
// The name is what the bar shows; the index compares it folded, so files
// whose tags differ only in case or accents are one camera.

import { foldForSearch, searchWords } from "./fold-text";

/** Any run of spaces or control characters (cameras pad their tags with both). */
const spacing = /[\s\p{Cc}]+/gu;

/** The tag with its spacing tidied; "" when it has no letter or digit ("-", "   "). */
const tidy = (text: string | undefined): string => {
  const tidied = (text ?? "").replace(spacing, " ").trim();
  return searchWords(foldForSearch(tidied)).length === 0 ? "" : tidied;
};

/**
 * Words that end a maker's name without naming it: legal forms, and the
 * division word Olympus and Ricoh put before theirs ("IMAGING CORP.").
 * Compared folded, letters only ("Co.,Ltd." → "coltd").
 */
const makerSuffixes = new Set([
  "ag",
  "co",
  "coltd",
  "company",
  "corp",
  "corporation",
  "gmbh",
  "imaging",
  "inc",
  "limited",
  "ltd",
]);

/** The make without its trailing legal form; the make as it is when that would leave nothing. */
const makerName = (make: string): string => {
  const words = make.split(" ");
  let end = words.length;
  while (end > 1 && makerSuffixes.has(searchWords(foldForSearch(words[end - 1] ?? "")).join("")))
    end -= 1;
  return words.slice(0, end).join(" ");
};

/** The camera's name ("Canon EOS 5D Mark II", "Apple iPhone 12"), or undefined when neither tag is known. */
export const cameraNameOf = (
  make: string | undefined,
  model: string | undefined,
): string | undefined => {
  const tidyMake = tidy(make);
  const tidyModel = tidy(model);
  if (tidyMake === "") return tidyModel === "" ? undefined : tidyModel;
  if (tidyModel === "") return makerName(tidyMake);
  const maker = makerName(tidyMake);
  const makerWords = searchWords(foldForSearch(maker));
  const foldedModel = foldForSearch(tidyModel);
  const modelFirstWord = searchWords(foldedModel)[0];
  const makerFirstWord = makerWords[0];
  const repeatsMaker =
    (makerFirstWord !== undefined && foldedModel.startsWith(makerFirstWord)) ||
    (modelFirstWord !== undefined && makerWords.includes(modelFirstWord));
  return repeatsMaker ? tidyModel : `${maker} ${tidyModel}`;
};
