// The library's start-up steps as User Timing marks on the page's timeline:
// DevTools' Performance panel shows them, and the `gallery-open` bench logs
// them for each reload, so the time before the first tiles can be told
// apart (the keyring, the first screen, the stored library).

/** The marks, in the order a reload passes them. */
export const libraryStartupMarks = {
  started: "cairn:library-started",
  keyringExposed: "cairn:library-keyring-exposed",
  firstScreenAnswered: "cairn:library-first-screen",
  opened: "cairn:library-opened",
} as const;

export type LibraryStartupMark = (typeof libraryStartupMarks)[keyof typeof libraryStartupMarks];

/** Marks `name` now, where the page has a User Timing API (not in every test environment). */
export const markLibraryStartup = (name: LibraryStartupMark): void => {
  if (typeof performance !== "undefined" && typeof performance.mark === "function") {
    performance.mark(name);
  }
};
