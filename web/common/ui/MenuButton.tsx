// A button that opens a menu of actions below it (the albums bar's sort, the
// open album's actions, a code's actions in the auth app): closed by a
// choice, Escape or a press elsewhere.

import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import type { MessageId } from "../i18n/messages";
import "./MenuButton.css";

export interface MenuButtonItem {
  key: string;
  label: MessageId;
  /** Set for a choice among several (a radio item); undefined for a plain action. */
  checked?: boolean;
  run: () => void;
}

export interface MenuButtonProps {
  /** The button's text (its accessible name when it shows an icon). */
  label: string;
  /** Shown instead of the text (the label then names the button). */
  icon?: ReactNode;
  buttonClassName: string;
  items: readonly MenuButtonItem[];
  /** The list lines up with the button's end instead of its start. */
  alignEnd?: boolean;
}

export function MenuButton({
  label,
  icon,
  buttonClassName,
  items,
  alignEnd = false,
}: MenuButtonProps) {
  const menuID = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || rootRef.current?.contains(event.target) !== true) {
        setOpen(false);
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  return (
    <div className="cairn-menu" ref={rootRef}>
      <button
        type="button"
        className={buttonClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuID : undefined}
        aria-label={icon === undefined ? undefined : label}
        title={icon === undefined ? undefined : label}
        onClick={() => {
          setOpen((shown) => !shown);
        }}
      >
        {icon ?? label}
      </button>
      {open && (
        <div
          id={menuID}
          className={alignEnd ? "cairn-menu__list cairn-menu__list--end" : "cairn-menu__list"}
          role="menu"
        >
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role={item.checked === undefined ? "menuitem" : "menuitemradio"}
              aria-checked={item.checked}
              data-action={item.key}
              className="cairn-menu__item"
              onClick={() => {
                setOpen(false);
                item.run();
              }}
            >
              <FormattedMessage id={item.label} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
