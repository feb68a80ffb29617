// The desktop app's own logout steps (spec §4: "on desktop ML, face, export
// and the shell"), registered by the parts that own them when they start;
// the tab's account service runs whichever are registered, in the spec's order.

import type { LogoutStepName } from "./logout-steps";

type DesktopStep = Extract<LogoutStepName, "ML" | "face" | "export" | "shell">;
type Hook = () => Promise<void> | void;

const registered = new Map<DesktopStep, Hook>();

/** `hook` runs at `step` of the next logouts (a later registration replaces it). */
export const onDesktopLogout = (step: DesktopStep, hook: Hook): void => {
  registered.set(step, hook);
};

/** The steps for `createLogout`, each calling what is registered at logout time. */
export const desktopLogoutHooks: Record<DesktopStep, Hook> = {
  ML: () => registered.get("ML")?.(),
  face: () => registered.get("face")?.(),
  export: () => registered.get("export")?.(),
  shell: () => registered.get("shell")?.(),
};
