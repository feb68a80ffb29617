import { describe, expect, it } from "vitest";
import { EditHistory } from "./edit-history";
import { editStatesEqual, initialEditState, rotateQuarter, setAdjustment } from "./edit-state";

describe("EditHistory", () => {
  it("undoes and redoes pushed states", () => {
    let history = EditHistory.start("a");
    expect([history.current, history.canUndo, history.canRedo]).toEqual(["a", false, false]);
    history = history.push("b").push("c");
    expect([history.current, history.canUndo, history.canRedo]).toEqual(["c", true, false]);
    history = history.undo();
    expect([history.current, history.canUndo, history.canRedo]).toEqual(["b", true, true]);
    history = history.undo();
    expect([history.current, history.canUndo, history.canRedo]).toEqual(["a", false, true]);
    expect(history.undo().current).toBe("a");
    history = history.redo().redo();
    expect([history.current, history.canRedo]).toEqual(["c", false]);
    expect(history.redo().current).toBe("c");
  });

  it("drops what could be redone when a new state is pushed", () => {
    const history = EditHistory.start("a").push("b").push("c").undo().push("d");
    expect([history.current, history.canRedo]).toEqual(["d", false]);
    expect(history.undo().current).toBe("b");
  });

  it("leaves the history it was called on as it was", () => {
    const before = EditHistory.start("a").push("b");
    before.undo();
    before.push("c");
    expect(before.current).toBe("b");
  });

  it("makes one undo step of a slider drag", () => {
    const key = "adjust:brightness";
    const history = EditHistory.start(0)
      .push(10, { coalesceKey: key })
      .push(20, { coalesceKey: key })
      .push(35, { coalesceKey: key })
      .endGesture();
    expect(history.current).toBe(35);
    expect(history.undo().current).toBe(0);
    expect(history.undo().canUndo).toBe(false);
  });

  it("makes a second drag of the same slider a second step", () => {
    const key = "adjust:brightness";
    const history = EditHistory.start(0)
      .push(10, { coalesceKey: key })
      .push(20, { coalesceKey: key })
      .endGesture()
      .push(30, { coalesceKey: key })
      .push(40, { coalesceKey: key });
    expect(history.undo().current).toBe(20);
    expect(history.undo().undo().current).toBe(0);
  });

  it("ends a gesture with another key, a push without one, or an undo", () => {
    const dragged = EditHistory.start(0)
      .push(1, { coalesceKey: "a" })
      .push(2, { coalesceKey: "a" });
    expect(dragged.push(3, { coalesceKey: "b" }).undo().current).toBe(2);
    expect(dragged.push(3).undo().current).toBe(2);
    const afterUndo = dragged.undo().push(5, { coalesceKey: "a" });
    expect(afterUndo.undo().current).toBe(0);
  });

  it("leaves no step for a drag that ends where it began", () => {
    const key = "adjust:contrast";
    const history = EditHistory.start(0)
      .push(1)
      .push(5, { coalesceKey: key })
      .push(1, { coalesceKey: key })
      .endGesture();
    expect(history.current).toBe(1);
    expect(history.undo().current).toBe(0);
    expect(history.undo().canUndo).toBe(false);
  });

  it("adds no step for a state equal to the current one", () => {
    const photo = initialEditState(400, 300, 1);
    const history = EditHistory.start(photo, { equals: editStatesEqual })
      .push(setAdjustment(photo, "warmth", 0))
      .push(rotateQuarter(photo, 1))
      .push(rotateQuarter(photo, 1));
    expect(history.undo().current).toBe(photo);
    expect(history.undo().canUndo).toBe(false);
  });

  it("drops the oldest states past its capacity", () => {
    let history = EditHistory.start(0, { capacity: 5 });
    for (let value = 1; value <= 9; value++) history = history.push(value);
    const undone: number[] = [];
    while (history.canUndo) {
      history = history.undo();
      undone.push(history.current);
    }
    expect(undone).toEqual([8, 7, 6, 5]);
  });

  it("keeps a drag's start when the drag's first step overflows the capacity", () => {
    let history = EditHistory.start(0, { capacity: 3 }).push(1).push(2);
    history = history.push(3, { coalesceKey: "k" }).push(4, { coalesceKey: "k" });
    expect(history.current).toBe(4);
    expect(history.undo().current).toBe(2);
    expect(history.undo().undo().current).toBe(1);
    expect(history.undo().undo().canUndo).toBe(false);
  });

  it("keeps 100 states by default", () => {
    let history = EditHistory.start(0);
    for (let value = 1; value <= 150; value++) history = history.push(value);
    let steps = 0;
    while (history.canUndo) {
      history = history.undo();
      steps++;
    }
    expect([steps, history.current]).toEqual([99, 51]);
  });
});
