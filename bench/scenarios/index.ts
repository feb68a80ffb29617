// Every registered bench scenario, in the order `npm run bench` runs them.

import type { Scenario } from "../scenario";
import { cryptoScenario } from "./crypto";

export const scenarios: readonly Scenario[] = [cryptoScenario];
