// Vitest global setup of both test projects: the shared test accounts' KEK.
// See: [Note: Test accounts share one derived password key]

import { provideSharedTestKEK } from "./shared-test-kek";

export default async function setup(): Promise<void> {
  await provideSharedTestKEK();
}
