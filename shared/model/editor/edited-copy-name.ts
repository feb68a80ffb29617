// The name of a photo saved from the editor. Pure.

/** What the copy's name says: its original's name followed by this (before the extension). */
const editedSuffix = "-edited";

/** The editor saves JPEG, whatever the original was. */
const editedExtension = ".jpg";

/**
 * The copy's name: `IMG_0042.HEIC` → `IMG_0042-edited.jpg`. A name that
 * already says it was edited (an edit of an edit) is not suffixed again; a
 * name without an extension, or a dotfile's (`.beach`), keeps all of it.
 */
export const editedCopyName = (shownName: string): string => {
  const name = shownName.trim();
  const dot = name.lastIndexOf(".");
  const base = (dot > 0 ? name.slice(0, dot) : name).replace(/[.\s]+$/, "");
  if (base === "") return `edited${editedExtension}`;
  const said = base.toLowerCase().endsWith(editedSuffix);
  return `${base}${said ? "" : editedSuffix}${editedExtension}`;
};
