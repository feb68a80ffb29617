// The ring beside a time-based code: it empties over the period, turning to
// the warning colour in the last seconds. The sweep is a CSS animation
// started at the period's start, so no frame is drawn by script.

import { isEndingSoon } from "./code-display";

const radius = 9;
const circumference = 2 * Math.PI * radius;

export function CountdownRing({
  periodSeconds,
  periodStartMs,
  nowMs,
  secondsRemaining,
}: {
  periodSeconds: number;
  periodStartMs: number;
  nowMs: number;
  secondsRemaining: number;
}) {
  const elapsedSeconds = Math.max(0, (nowMs - periodStartMs) / 1000);
  return (
    <svg
      className={
        isEndingSoon(secondsRemaining)
          ? "cairn-countdown cairn-countdown--ending"
          : "cairn-countdown"
      }
      viewBox="0 0 24 24"
      aria-hidden="true"
      data-testid="code-countdown"
    >
      <circle className="cairn-countdown__track" cx="12" cy="12" r={radius} />
      <circle
        // A new period starts the sweep again.
        key={periodStartMs}
        className="cairn-countdown__sweep"
        cx="12"
        cy="12"
        r={radius}
        strokeDasharray={circumference}
        style={{
          animationDuration: `${String(periodSeconds)}s`,
          animationDelay: `-${elapsedSeconds.toFixed(2)}s`,
        }}
      />
    </svg>
  );
}
