// How a code reads on screen: digits in two groups ("123 456", "1234 5678"),
// as people read them out; a Steam code's five letters as they are.

/** The code in groups of digits (the first group the shorter); other codes unchanged. */
export const groupedCode = (code: string): string => {
  if (!/^\d{6,}$/.test(code)) return code;
  const split = Math.floor(code.length / 2);
  return `${code.slice(0, split)} ${code.slice(split)}`;
};

/** Whole seconds left in a period, counted down to 1 (never 0 while the code shows). */
export const secondsLeft = (periodEndMs: number, nowMs: number): number =>
  Math.max(1, Math.ceil((periodEndMs - nowMs) / 1000));

/**
 * [Note: The next code shows near the end of a period]
 *
 * In a period's last seconds a code may expire while it is typed, so the
 * next one shows beside it: in the last third of the period, at least the
 * last 5 s and at most the last 10 s (a 30 s code: its last 10 s).
 */
export const showsNextCode = (periodSeconds: number, secondsRemaining: number): boolean =>
  secondsRemaining <= Math.min(10, Math.max(5, Math.floor(periodSeconds / 3)));

/** The last seconds of a period, when the ring turns to the warning colour. */
export const isEndingSoon = (secondsRemaining: number): boolean => secondsRemaining <= 5;
