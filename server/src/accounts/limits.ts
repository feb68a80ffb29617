import { microsecondsPerHour, millisecondsPerHour, millisecondsPerMinute } from "../time";
import { WindowCounter } from "./window-counter";

// The in-process abuse limits of the account flows (wire-contract §0.4). Each
// base limit is multiplied by the configured scale. See: [Note: Rate limits scale for tests]
// and [Note: Fixed-window counters]

/** Wire-contract §0.4 numbers. */
export const accountLimitConstants = {
  /** Disclosing answers (already registered, not registered, ...) per hour, process-wide. */
  ottDisclosuresPerHour: 100,
  /** Unknown-email SRP attribute lookups answered with a 404 per hour, process-wide. */
  srpUnknownLookupsPerHour: 100,
  /** OTT sends in 5 minutes after which each IP may send only one per 5 minutes. */
  ottSendsBeforePerIPLimit: 50,
  /** OTT sends in 5 minutes after which all sends stop for 10 minutes. */
  ottSendsBeforeBlock: 200,
  ottBlockMs: 10 * millisecondsPerMinute,
  /** Active codes per email and app. */
  maxActiveOtts: 10,
  /** Wrong codes across the active OTTs before verification locks. */
  maxOttWrongAttempts: 20,
  /** Unverified SRP sessions per srpUserID per hour. */
  maxUnverifiedSRPSessionsPerHour: 10,
  /** Wrong M1 per SRP session. */
  maxSRPWrongAttempts: 5,
  /** Wrong TOTP codes per 2FA session. */
  maxTOTPWrongAttempts: 10,
} as const;

export const srpSessionWindowUs = microsecondsPerHour;

export class AccountLimits {
  readonly ottDisclosures: WindowCounter;
  readonly srpUnknownLookups: WindowCounter;
  readonly ottSendsGlobal: WindowCounter;
  readonly ottSendsPerIP: WindowCounter;
  #ottBlockedUntilMs = 0;

  constructor(
    readonly scale: number,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.ottDisclosures = new WindowCounter(millisecondsPerHour, nowMs);
    this.srpUnknownLookups = new WindowCounter(millisecondsPerHour, nowMs);
    this.ottSendsGlobal = new WindowCounter(5 * millisecondsPerMinute, nowMs);
    this.ottSendsPerIP = new WindowCounter(5 * millisecondsPerMinute, nowMs);
  }

  scaled(base: number): number {
    return Math.max(1, Math.ceil(base * this.scale));
  }

  /** Counts one OTT send from `ip`; false when the process-wide send limits refuse it. */
  tryOttSend(ip: string): boolean {
    const now = this.nowMs();
    if (now < this.#ottBlockedUntilMs) return false;
    const c = accountLimitConstants;
    if (!this.ottSendsGlobal.tryTake("all", Number.MAX_SAFE_INTEGER)) return false;
    const sends = this.ottSendsGlobal.count("all");
    if (sends > this.scaled(c.ottSendsBeforeBlock)) {
      this.#ottBlockedUntilMs = now + c.ottBlockMs;
      return false;
    }
    this.ottSendsPerIP.tryTake(ip, Number.MAX_SAFE_INTEGER);
    return !(sends > this.scaled(c.ottSendsBeforePerIPLimit) && this.ottSendsPerIP.count(ip) > 1);
  }
}
