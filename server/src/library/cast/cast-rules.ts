import { randomInt } from "node:crypto";
import { prettyUserAgent } from "../../accounts/user-agent";
import { microsecondsPerDay, microsecondsPerMinute } from "../../time";

// The rules of casting an album to a TV: pairing codes, how long a code and
// a session live, and what a cast device is called.

/**
 * [Note: A cast pairing lives an hour, a cast session a week of disuse]
 *
 * A TV registers its public key and shows the pairing code it got. The code
 * can be paired for an hour after registration, as the reference's: its
 * cast app polls every two seconds and registers anew once its code stops
 * answering, so a TV left on the pairing screen always shows a live code.
 * Once paired, the session lives as long as the TV uses it: a week without
 * a call ends it, as the reference's daily cleanup of sessions unused for
 * seven days does, but checked on every call rather than left to the job,
 * which only deletes the rows. A code names at most one TV: once paired it
 * cannot be paired again (409 `SESSION_ALREADY_CLAIMED`), and the TV must
 * register anew to show another album.
 */
export const pairingLifetimeUs = 60 * microsecondsPerMinute;
export const castSessionIdleLifetimeUs = 7 * microsecondsPerDay;

/**
 * A TV calls for every slide (about one every ten seconds); its last use is
 * written at most once a minute, which the device list and the week of
 * disuse need to the minute at best, instead of a write per call.
 */
export const lastUseWriteIntervalUs = microsecondsPerMinute;

/**
 * Paired cast sessions one person may have at once, the reference's bound:
 * far more screens than a household has, few enough that a client pairing in
 * a loop is stopped.
 */
export const maxCastSessionsPerCaster = 50;

/** Letters and digits, as the reference's codes: easy to read off a TV and type. */
const pairingCodeAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
export const pairingCodeLength = 6;

/** A uniformly random pairing code (36^6, about two billion, codes). */
export const newPairingCode = (): string =>
  Array.from(
    { length: pairingCodeLength },
    () => pairingCodeAlphabet[randomInt(pairingCodeAlphabet.length)],
  ).join("");

/** Whether a normalised code has a pairing code's shape; others name no device. */
export const isPairingCodeShaped = (code: string): boolean => /^[A-Z0-9]{6}$/.test(code);

/** What a cast session row is at a moment. See: [Note: A cast pairing lives an hour, a cast session a week of disuse] */
export type CastSessionState =
  | "waiting" // registered, pairable
  | "unpaired-expired" // registered over an hour ago, never paired
  | "paired" // paired and in use
  | "idle-expired"; // paired, unused for a week

export interface CastSessionTimes {
  /** Null until paired. */
  collection_id: number | null;
  created_at_us: number;
  last_used_at_us: number;
}

export const castSessionState = (row: CastSessionTimes, nowUs: number): CastSessionState => {
  if (row.collection_id === null) {
    return nowUs - row.created_at_us < pairingLifetimeUs ? "waiting" : "unpaired-expired";
  }
  return nowUs - row.last_used_at_us < castSessionIdleLifetimeUs ? "paired" : "idle-expired";
};

/** Whether a call should write the session's last use. See: `lastUseWriteIntervalUs` */
export const needsLastUseWrite = (lastUsedAtUs: number, nowUs: number): boolean =>
  nowUs - lastUsedAtUs >= lastUseWriteIntervalUs;

/**
 * How a cast device is listed to its caster: "Chromecast" for a Chromecast
 * (its receiver's user agent carries `CrKey/`), else its browser and system
 * as the sessions list names them (a TV's own browser), or, without a user
 * agent, the address it registered from (as the reference falls back to).
 */
export const castDeviceNameOf = (userAgent: string | undefined, ip: string): string => {
  const trimmed = userAgent?.trim() ?? "";
  if (trimmed === "") return ip;
  return /\bCrKey\//.test(trimmed) ? "Chromecast" : prettyUserAgent(trimmed);
};
