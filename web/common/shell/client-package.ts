// The `X-Client-Package` of the photos app in this tab: the desktop app's
// when the desktop shell hosts it (wire contract §0.1: the reference's
// desktop app sends its own package too), the web app's otherwise.

import { clientPackages } from "../../../shared/api/headers";
import type { ElectronBridge } from "../../../shared/desktop/electron-bridge";

export const photosClientPackage = (
  bridge: Pick<ElectronBridge, "clientPackage"> | undefined = typeof window === "undefined"
    ? undefined
    : window.electron,
): string => bridge?.clientPackage ?? clientPackages.photosWeb;
