// When a change handed to React is on the screen: after the next frame has
// been rendered and painted. See: [Note: Notifying during a pull takes a bounded share of the worker]

/**
 * Settles after the next paint: a task queued from the next animation frame
 * runs once that frame's style, layout and paint are done (and React's
 * render, scheduled before the frame, with them). A hidden tab paints
 * nothing and runs no animation frames, so it settles at once.
 */
export const afterNextPaint = (): Promise<void> =>
  new Promise((resolve) => {
    if (document.visibilityState === "hidden") {
      resolve();
      return;
    }
    requestAnimationFrame(() => {
      setTimeout(resolve, 0);
    });
  });
