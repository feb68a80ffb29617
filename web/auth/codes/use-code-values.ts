// The values of the codes on screen, asked of the worker in one call when
// the list changes and when a shown period ends; and the clock the
// countdowns read, ticking each second.

import { useEffect, useRef, useState } from "react";
import type {
  AuthCodeSummary,
  AuthCodeValue,
} from "../../../workers/authenticator/authenticator-contract";
import type { AuthenticatorClient } from "./authenticator-client";

/** The time now, renewed every second on the second (the countdowns change then). */
export function useNowMs(): number {
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const now = Date.now();
      setNowMs(now);
      timer = setTimeout(tick, 1000 - (now % 1000) + 5);
    };
    timer = setTimeout(tick, 1000 - (Date.now() % 1000) + 5);
    return () => {
      clearTimeout(timer);
    };
  }, []);
  return nowMs;
}

const isStale = (value: AuthCodeValue | undefined, nowMs: number) =>
  value === undefined || (value.periodEndMs !== undefined && value.periodEndMs <= nowMs);

/**
 * The shown codes' values by id. Time-based codes are asked together; an
 * HOTP code has a value only once revealed (`revealed`).
 */
export function useCodeValues(
  client: AuthenticatorClient | undefined,
  codes: readonly AuthCodeSummary[],
  nowMs: number,
): {
  values: ReadonlyMap<string, AuthCodeValue>;
  revealed: (value: AuthCodeValue) => void;
} {
  const [values, setValues] = useState<ReadonlyMap<string, AuthCodeValue>>(new Map());
  const asking = useRef(false);
  const timedIDs = codes.filter((code) => code.kind !== "hotp").map((code) => code.id);
  const idsKey = timedIDs.join("\n");
  const stale = timedIDs.some((id) => isStale(values.get(id), nowMs));

  useEffect(() => {
    if (client === undefined || !stale || asking.current || timedIDs.length === 0) return;
    asking.current = true;
    client
      .codeValues(timedIDs, Date.now())
      .then((answered) => {
        setValues((previous) => {
          const next = new Map(previous);
          for (const value of answered) next.set(value.id, value);
          return next;
        });
      })
      .catch(() => undefined)
      .finally(() => {
        asking.current = false;
      });
    // `timedIDs` is read through `idsKey`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, idsKey, stale]);

  return {
    values,
    revealed: (value) => {
      setValues((previous) => new Map(previous).set(value.id, value));
    },
  };
}
