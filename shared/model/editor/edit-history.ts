// Undo and redo over the editor's states, as an immutable value: each
// operation returns a new history, so a view can keep it as its state.
//
// [Note: A slider drag is one undo step]
//
// A push may carry a coalesce key naming its gesture ("adjust:brightness",
// "straighten", "crop:se"). While pushes carry the key of the push before,
// they replace the gesture's step instead of adding one, so a drag that
// sends sixty values a second is undone at once, back to the state before
// it began; and a drag that ends where it began leaves no step at all. The
// gesture ends with `endGesture()` (the pointer is released), with a push
// carrying another key or none, and with an undo or redo; a second drag of
// the same slider is then a second step.

/** Steps kept, the current state included; the oldest are dropped beyond it. */
export const defaultEditHistoryCapacity = 100;

export interface EditHistoryOptions<S> {
  /** At least 2. Default `defaultEditHistoryCapacity`. */
  readonly capacity?: number;
  /** When two states are the same edit, so that pushing one adds no step. Default `Object.is`. */
  readonly equals?: (a: S, b: S) => boolean;
}

export interface PushOptions {
  /** The gesture this push belongs to. See: [Note: A slider drag is one undo step] */
  readonly coalesceKey?: string;
}

interface OpenGesture {
  readonly key: string;
  /** The index of the state before the gesture. */
  readonly baseIndex: number;
}

interface Settings<S> {
  readonly capacity: number;
  readonly equals: (a: S, b: S) => boolean;
}

export class EditHistory<S> {
  private constructor(
    private readonly entries: readonly S[],
    private readonly index: number,
    private readonly gesture: OpenGesture | undefined,
    private readonly settings: Settings<S>,
  ) {}

  /** A history holding only `initial`. */
  static start<S>(initial: S, options: EditHistoryOptions<S> = {}): EditHistory<S> {
    const capacity = Math.max(2, Math.floor(options.capacity ?? defaultEditHistoryCapacity));
    return new EditHistory([initial], 0, undefined, {
      capacity,
      equals: options.equals ?? Object.is,
    });
  }

  get current(): S {
    return this.entries[this.index] as S;
  }

  get canUndo(): boolean {
    return this.index > 0;
  }

  get canRedo(): boolean {
    return this.index < this.entries.length - 1;
  }

  /**
   * `state` as the new current step, dropping what could be redone; with the
   * open gesture's coalesce key, it replaces the gesture's step instead.
   * A state equal to the current one adds no step.
   */
  push(state: S, { coalesceKey }: PushOptions = {}): EditHistory<S> {
    const { equals } = this.settings;
    if (coalesceKey !== undefined && coalesceKey === this.gesture?.key) {
      const { baseIndex } = this.gesture;
      const base = this.entries.slice(0, baseIndex + 1);
      const before = this.entries[baseIndex] as S;
      const entries = equals(state, before) ? base : [...base, state];
      return new EditHistory(entries, entries.length - 1, this.gesture, this.settings);
    }
    const gesture =
      coalesceKey === undefined ? undefined : { key: coalesceKey, baseIndex: this.index };
    if (equals(state, this.current)) {
      return new EditHistory(this.entries, this.index, gesture, this.settings);
    }
    const grown = [...this.entries.slice(0, this.index + 1), state];
    const dropped = Math.max(0, grown.length - this.settings.capacity);
    const entries = grown.slice(dropped);
    return new EditHistory(
      entries,
      entries.length - 1,
      gesture && { ...gesture, baseIndex: gesture.baseIndex - dropped },
      this.settings,
    );
  }

  /** The open gesture ended: the next push is a step of its own. */
  endGesture(): EditHistory<S> {
    return this.gesture === undefined
      ? this
      : new EditHistory(this.entries, this.index, undefined, this.settings);
  }

  /** One step back, if there is one. */
  undo(): EditHistory<S> {
    return this.canUndo
      ? new EditHistory(this.entries, this.index - 1, undefined, this.settings)
      : this.endGesture();
  }

  /** One step forward again, if there is one. */
  redo(): EditHistory<S> {
    return this.canRedo
      ? new EditHistory(this.entries, this.index + 1, undefined, this.settings)
      : this.endGesture();
  }
}
