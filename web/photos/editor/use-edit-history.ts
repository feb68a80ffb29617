// The editor's state with undo and redo, for a view: each change is a pure
// operation of the model applied to the state, and a gesture (a slider or a
// crop handle dragged) is one step. See: [Note: A slider drag is one undo step]

import { useCallback, useRef, useState } from "react";
import { EditHistory } from "../../../shared/model/editor/edit-history";
import { type EditState, editStatesEqual } from "../../../shared/model/editor/edit-state";

export interface EditHistoryControls {
  /** Undefined until the photo is open. */
  state: EditState | undefined;
  canUndo: boolean;
  canRedo: boolean;
  /** Starts over from `initial` (the photo opened). */
  start: (initial: EditState) => void;
  /**
   * Applies `change`. With a `gestureKey`, the change is applied to the state
   * as it was when the gesture began (a drag passes its total move, a slider
   * its value), and the gesture's changes make one step.
   */
  apply: (change: (state: EditState) => EditState, gestureKey?: string) => void;
  /** The gesture ended (the pointer is released). */
  endGesture: () => void;
  undo: () => void;
  redo: () => void;
}

export function useEditHistory(): EditHistoryControls {
  const [history, setHistory] = useState<EditHistory<EditState>>();
  // The state a gesture began from; updaters may run twice (React's strict
  // mode), and the second run finds the same base.
  const gestureBase = useRef<{ key: string; state: EditState } | undefined>(undefined);

  const start = useCallback((initial: EditState) => {
    gestureBase.current = undefined;
    setHistory(EditHistory.start(initial, { equals: editStatesEqual }));
  }, []);

  const apply = useCallback((change: (state: EditState) => EditState, gestureKey?: string) => {
    setHistory((current) => {
      if (current === undefined) return current;
      if (gestureKey === undefined) {
        gestureBase.current = undefined;
        return current.push(change(current.current));
      }
      if (gestureBase.current?.key !== gestureKey) {
        gestureBase.current = { key: gestureKey, state: current.current };
      }
      return current.push(change(gestureBase.current.state), { coalesceKey: gestureKey });
    });
  }, []);

  const endGesture = useCallback(() => {
    gestureBase.current = undefined;
    setHistory((current) => current?.endGesture());
  }, []);

  const undo = useCallback(() => {
    gestureBase.current = undefined;
    setHistory((current) => current?.undo());
  }, []);

  const redo = useCallback(() => {
    gestureBase.current = undefined;
    setHistory((current) => current?.redo());
  }, []);

  return {
    state: history?.current,
    canUndo: history?.canUndo ?? false,
    canRedo: history?.canRedo ?? false,
    start,
    apply,
    endGesture,
    undo,
    redo,
  };
}

/** What a tab of the editor's controls is given: the state and the changes it may make. */
export interface EditorPanelProps {
  state: EditState;
  edit: Pick<EditHistoryControls, "apply" | "endGesture">;
}
