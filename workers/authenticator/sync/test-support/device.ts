// One device of the sync tests: an engine over a fake server, a cipher and
// a local copy that outlives the engine (a reload makes a new engine).

import { type AuthenticatorSync, createAuthenticatorSync } from "../authenticator-sync";
import {
  type FakeAuthenticatorServer,
  fakeEntityCipher,
  MemoryLocalCopy,
} from "./fake-authenticator-server";

export interface TestDevice {
  engine: AuthenticatorSync;
  localCopy: MemoryLocalCopy;
  online: boolean;
  /** The engine of a reload: the same local copy, a new engine (loaded). */
  reload(): Promise<AuthenticatorSync>;
  plaintexts(): string[];
}

export const testDevice = async (
  server: FakeAuthenticatorServer,
  { serverTimeOffsetMs = 0 }: { serverTimeOffsetMs?: number } = {},
): Promise<TestDevice> => {
  const localCopy = new MemoryLocalCopy();
  let uuid = 0;
  const device: TestDevice = {
    engine: undefined as unknown as AuthenticatorSync,
    localCopy,
    online: true,
    async reload() {
      await device.engine.close();
      device.engine = newEngine();
      await device.engine.load();
      return device.engine;
    },
    plaintexts: () => device.engine.entries().map((entry) => entry.plaintext),
  };
  const newEngine = () =>
    createAuthenticatorSync({
      remote: server.remote(),
      cipher: fakeEntityCipher(),
      localCopy,
      nowMs: () => server.clock.nowMs,
      serverTimeOffsetMs: () => serverTimeOffsetMs,
      isOnline: () => device.online,
      newUUID: () => `uuid-${String(++uuid)}`,
    });
  device.engine = newEngine();
  await device.engine.load();
  return device;
};
