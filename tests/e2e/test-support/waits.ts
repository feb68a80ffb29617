// How long the browser tests wait for what a page is about to show.
//
// [Note: Browser test waits are sized for a loaded 2-core machine]
//
// The browser suite runs where two cores are shared with other work: the
// whole suite has taken 72 minutes there, against a quarter of that on a
// quiet machine. A server round trip that answers in 100 ms on a quiet
// machine then takes seconds, and decrypting, converting or thumbnailing
// media many times longer. So a test never sleeps for a fixed time as its
// only guard: it waits for the state a person would see (a locator wait, or
// `expect.poll` on what the page shows), and the limit of that wait is three
// to four times what a quiet machine needs. A wait for the right state ends
// as soon as the state is there, so a generous limit costs nothing on a
// fast machine; a short one is a flake on a slow one. Playwright's default
// (30 s for every locator wait and navigation) is raised to `pageCatchUpMs`
// in every browser context the tests make (see `patient-browser.ts`); the
// `e2e` project of `vitest.config.ts` gives every `expect.poll`
// `pageCatchUpMs` and `pollIntervalMs` as its defaults (vitest's own, one
// second, is a flake here), each test five minutes and each hook ten. A
// file's `beforeAll` is the heaviest step: Argon2id for each sign-up and
// each browser login, libraries uploaded, browsers opened, about a minute
// on a quiet machine and more than four under load.

/**
 * A page showing the outcome of a server round trip: a save, a sync, a mail
 * arriving, a page loading its data. A quiet machine needs up to ~15 s.
 */
export const pageCatchUpMs = 60_000;

/**
 * Heavy work in the browser: uploading, converting, decrypting and
 * thumbnailing media, generating keys. A quiet machine needs up to ~45 s.
 */
export const mediaWorkMs = 180_000;

/**
 * A whole test that uploads or converts media through the browser, several
 * `mediaWorkMs` steps in a row. A quiet machine needs up to ~2 minutes.
 */
export const mediaTestMs = 600_000;

/** How often a poll looks again: often enough to add little delay, rarely enough to leave the cores to the app. */
export const pollIntervalMs = 250;
