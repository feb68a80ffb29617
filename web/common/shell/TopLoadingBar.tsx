import { useAtom } from "jotai";
import { useEffect, useLayoutEffect, useRef } from "react";
import { loadingBarAtom, loadingBarFadeMs } from "./loading-bar";

/** The thin green bar at the top of the window while something loads. */
export function TopLoadingBar() {
  const [state, setState] = useAtom(loadingBarAtom);
  const fillRef = useRef<HTMLDivElement>(null);

  // On completion the bar runs from wherever it got to across the full
  // width, then fades: read its current scale off the running CSS animation
  // and finish from there.
  useLayoutEffect(() => {
    const fill = fillRef.current;
    if (state.phase !== "complete" || !fill || typeof fill.animate !== "function") return;
    const reached = getComputedStyle(fill).transform;
    fill.animate(
      [
        { transform: reached === "none" ? "scaleX(0)" : reached, opacity: 1 },
        { transform: "scaleX(1)", opacity: 1, offset: 0.5 },
        { transform: "scaleX(1)", opacity: 0 },
      ],
      { duration: loadingBarFadeMs, easing: "ease-out", fill: "forwards" },
    );
  }, [state.phase]);

  useEffect(() => {
    if (state.phase !== "complete") return;
    const { run } = state;
    const timer = setTimeout(() => {
      setState((s) => (s.run === run && s.phase === "complete" ? { ...s, phase: "idle" } : s));
    }, loadingBarFadeMs);
    return () => {
      clearTimeout(timer);
    };
  }, [state, setState]);

  if (state.phase === "idle") return null;
  return (
    <div className="cairn-loading-bar" aria-hidden="true" data-phase={state.phase}>
      <div key={state.run} ref={fillRef} className="cairn-loading-bar__fill" />
    </div>
  );
}
