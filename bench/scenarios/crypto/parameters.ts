// What the `crypto` scenario measures (performance.md): 64 MiB through
// secretstream in 4 MiB chunks, encrypted then decrypted.

const MiB = 1024 * 1024;

/** Plaintext per stream: large enough that a run lasts about a second per direction. */
export const STREAM_BYTES = 64 * MiB;
/** The Stream format's chunk size. See: [Note: Stream chunk size] */
export const CHUNK_BYTES = 4 * MiB;
/**
 * Timed runs per measurement, after one untimed warm-up; the fastest run is
 * reported, the machine being shared and noisy (every run is kept in the
 * results file).
 */
export const RUNS = 5;

/** Megabytes (10^6 bytes) per second. */
export const mbPerSecond = (bytes: number, ms: number): number => bytes / 1e6 / (ms / 1000);

/** One timed encrypt-then-decrypt of a stream. */
export interface StreamTiming {
  encryptMs: number;
  decryptMs: number;
}

/** One timed run of one or more streams in parallel. */
export interface RunTiming {
  /** From the first chunk sent to the last chunk decrypted, all streams together. */
  wallMs: number;
  streams: StreamTiming[];
}

/** What the bench page exposes to the driver. */
export interface CryptoBenchPage {
  /** Whether the SRP verifier computed in a worker (through the browser shims) matches the known one. */
  checkShims: () => Promise<boolean>;
  /** Bare libsodium in one worker, data already there. Throws if a decryption does not match. */
  runBare: () => Promise<RunTiming[]>;
  /** Bare libsodium in two workers at once, one stream each. Throws if a decryption does not match. */
  runBarePair: () => Promise<RunTiming[]>;
  /** Our pool with `workerCount` workers, one stream per worker. Throws if a decryption does not match. */
  runPool: (workerCount: number) => Promise<RunTiming[]>;
}

declare global {
  interface Window {
    cairnCryptoBench?: CryptoBenchPage;
  }
}

// The SRP known-answer vector of shared/crypto/srp.test.ts.
export const SRP_SHIM_CHECK = {
  srpUserID: "4f1b5c9e-3d2a-4b8c-9e7f-0a1b2c3d4e5f",
  srpSaltB64: "CgsMDQ4PEBESExQVFhcYGQ==",
  loginSubKeyB64: "aXC100RC/RF4ioO0tX4ecg==",
  srpVerifierB64:
    "9eTu0wio2V4HQgunhT1uU6HZ1SUNYUlhv5Mw2WRSuZ4rPoC+Jw4JTnq55i3cq7Q5jIoLjcW6mF5dcu46Mk0J+3Fo1EwrCD5pr4zu2GsdPcXQ0x4fxQPZg0TVPEB8cOQwWs64JKETsINj2urFt8BjTCWu0ZWX4fkagh36HM65ibO4X5368YfiW+BC5bVWnAIm2wqOKRAwYwJ+DmRjEz++q9LU3NWcKCvkv6OX/BSWped8+JLLAMUYVTrovujB50mbl8G8JJEG2jYCU7gv7PuH32GnXhA4AfnvhS9IGfpkmBJ2dW7XM7zTIlPDKPIV5d9k9GuL1iqcOqcZQ9s6kLYMmeKXI+p0EQK9Acm83WEDfV/VrflcSADxMKG8NcUpXnH4V7xaiPJQDK8vICBTdLL1mjjyH0SU5sBx+DACtSMoA7fADcEidX/348VM+6JzBnOBvhnOzbZNMhG7yV2KNf1lRrH1zIgGFvuW2r9uqA0AF/k0sdtdiYrlFfcTPbGcvmxSL2xkRbEX5ceoB9vcEVarm/C/D2LymnQImQaaRk+Rvl4I15688w9zD5p57bBhzYRqLkFyd+rKLV+Afl4dGaw8HlWeu9mG8/ZMMLeLbn0iSpZwkxIjWIsQLNFWW3+q1/MVYIqRm54It5wCsIhE4qPDwW3SuCHoFt5oIx7mA5OQe/Q=",
};
