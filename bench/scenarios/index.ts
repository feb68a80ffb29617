// Every registered bench scenario, in the order `npm run bench` runs them.

import type { Scenario } from "../scenario";
import { cryptoScenario } from "./crypto";
import { serverDiffScenario } from "./server-diff";
import { syncScenario } from "./sync";

export const scenarios: readonly Scenario[] = [cryptoScenario, serverDiffScenario, syncScenario];
