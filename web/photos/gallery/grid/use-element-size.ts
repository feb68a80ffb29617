// An element's client size, kept current by a ResizeObserver. Answers the
// element too, for hooks that attach listeners to it.

import { useCallback, useState } from "react";

export interface ElementSize {
  widthPx: number;
  heightPx: number;
}

export function useElementSize<T extends HTMLElement>(): [
  ref: (element: T | null) => (() => void) | undefined,
  size: ElementSize,
  element: T | null,
] {
  const [element, setElement] = useState<T | null>(null);
  const [size, setSize] = useState<ElementSize>({ widthPx: 0, heightPx: 0 });
  const ref = useCallback((node: T | null) => {
    setElement(node);
    if (node === null) return undefined;
    const measure = () => {
      const widthPx = node.clientWidth;
      const heightPx = node.clientHeight;
      setSize((previous) =>
        previous.widthPx === widthPx && previous.heightPx === heightPx
          ? previous
          : { widthPx, heightPx },
      );
    };
    measure();
    if (typeof ResizeObserver === "undefined") return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => {
      observer.disconnect();
    };
  }, []);
  return [ref, size, element];
}
