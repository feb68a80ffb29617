/**
 * The single slot behind `onOpenURL`: the renderer sets (or clears) one
 * callback, the main process sends routes. A route that arrives while the
 * slot is empty (the page has loaded but the photos app has not mounted its
 * router yet) waits, and only the latest one: each route is a navigation, so
 * the last is where the user asked to be.
 * See: [Note: How a deep link reaches the photos app]
 */
export interface LatestValueSlot<T> {
  set(callback: ((value: T) => void) | undefined): void;
  receive(value: T): void;
}

export type RouteSlot = LatestValueSlot<string>;

export function routeSlot(): RouteSlot {
  return latestValueSlot<string>();
}

/** A single callback slot that keeps the latest value sent while it is empty (routes, update offers). */
export function latestValueSlot<T>(): LatestValueSlot<T> {
  let callback: ((value: T) => void) | undefined;
  let waiting: { value: T } | undefined;
  return {
    set(next) {
      callback = next;
      if (callback === undefined || waiting === undefined) return;
      const { value } = waiting;
      waiting = undefined;
      callback(value);
    },
    receive(value) {
      if (callback === undefined) waiting = { value };
      else callback(value);
    },
  };
}
