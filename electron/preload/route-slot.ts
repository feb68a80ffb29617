/**
 * The single slot behind `onOpenURL`: the renderer sets (or clears) one
 * callback, the main process sends routes. A route that arrives while the
 * slot is empty (the page has loaded but the photos app has not mounted its
 * router yet) waits, and only the latest one: each route is a navigation, so
 * the last is where the user asked to be.
 * See: [Note: How a deep link reaches the photos app]
 */
export interface RouteSlot {
  set(callback: ((route: string) => void) | undefined): void;
  receive(route: string): void;
}

export function routeSlot(): RouteSlot {
  let callback: ((route: string) => void) | undefined;
  let waiting: string | undefined;
  return {
    set(next) {
      callback = next;
      if (callback === undefined || waiting === undefined) return;
      const route = waiting;
      waiting = undefined;
      callback(route);
    },
    receive(route) {
      if (callback === undefined) waiting = route;
      else callback(route);
    },
  };
}
