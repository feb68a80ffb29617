// Sealing the auth app's local copy in its own worker: one value of a few
// KB per change does not need a pool of crypto workers.

import { decryptBlobs, encryptBlobs } from "../crypto/api-batches";
import { reviveSettled } from "../crypto/settled";
import type { SealingPool } from "../sync/local-cipher";

export const inThreadSealing: SealingPool = {
  encryptBlobs: (items) => encryptBlobs(items),
  decryptBlobs: async (items) =>
    (await decryptBlobs(items)).map((settled) => reviveSettled(settled)),
};
