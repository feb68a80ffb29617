// The order of logout (spec §4), as a pure list the service runs.

// [Note: Logout runs every step, in order, whatever fails]
//
// Spec §4: remote logout; then clear in-memory state, session storage, local
// storage, offline stores (IndexedDB), caches and HTTP auth; then feature
// flags, the download manager, CLIP, and on desktop ML, face indexing, export
// and the shell. A step that fails is logged as
// 'Ignoring error during logout (<step>)' and the next one runs: a person who
// logs out must end up logged out even when the server is unreachable or a
// store is broken. Steps that today have nothing to clear (downloads, CLIP,
// the desktop ones) stay in the list so that the issues that add those parts
// plug their clean-up in at the right place.

export const logoutStepNames = [
  "remote logout",
  "in-memory state",
  "session storage",
  "local storage",
  "offline stores",
  "caches",
  "http auth",
  "feature flags",
  "download manager",
  "CLIP",
  "ML",
  "face",
  "export",
  "shell",
] as const;

export type LogoutStepName = (typeof logoutStepNames)[number];

export type LogoutPlatform = "web" | "desktop";

/** Steps that exist only in the desktop app. */
const desktopOnlySteps: ReadonlySet<LogoutStepName> = new Set(["ML", "face", "export", "shell"]);

/** The steps of a logout on `platform`, in the order they run. See: [Note: Logout runs every step, in order, whatever fails] */
export const logoutStepsFor = (platform: LogoutPlatform): LogoutStepName[] =>
  logoutStepNames.filter((name) => platform === "desktop" || !desktopOnlySteps.has(name));

/** The log line of a step that failed. */
export const logoutStepFailureMessage = (step: LogoutStepName): string =>
  `Ignoring error during logout (${step})`;

export type LogoutOutcome =
  { step: LogoutStepName; ok: true } | { step: LogoutStepName; ok: false; error: unknown };

/**
 * Runs the steps of `platform` in order with the actions given; a step
 * without an action has nothing to clear yet. A failure is logged and the
 * next step runs. See: [Note: Logout runs every step, in order, whatever fails]
 */
export const runLogoutSteps = async (
  platform: LogoutPlatform,
  actions: Partial<Record<LogoutStepName, () => Promise<void> | void>>,
  logError: (message: string, error: unknown) => void,
): Promise<LogoutOutcome[]> => {
  const outcomes: LogoutOutcome[] = [];
  for (const step of logoutStepsFor(platform)) {
    try {
      await actions[step]?.();
      outcomes.push({ step, ok: true });
    } catch (error) {
      logError(logoutStepFailureMessage(step), error);
      outcomes.push({ step, ok: false, error });
    }
  }
  return outcomes;
};
