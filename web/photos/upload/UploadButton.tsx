// The view header's "Upload" button: a menu of "Files" and "Folder", each
// opening the browser's picker through a hidden file input. Keyboard: the
// arrow keys move through the menu, Escape closes it and gives the focus
// back to the button.

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { FormattedMessage } from "react-intl";
import type { PickedFile } from "../../../workers/upload/upload-contract";
import { Icon } from "../../common/brand/icons";
import type { MessageId } from "../../common/i18n/messages";
import { picksOfFiles } from "./upload-picks";
import "./upload.css";

export interface UploadButtonProps {
  /** The files picked (any files: the worker tells what it supports). */
  onPick: (picks: PickedFile[]) => void;
}

const items: readonly { key: "files" | "folder"; label: MessageId }[] = [
  { key: "files", label: "upload.button.files" },
  { key: "folder", label: "upload.button.folder" },
];

export function UploadButton({ onPick }: UploadButtonProps) {
  const menuID = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const filesRef = useRef<HTMLInputElement>(null);
  const folderRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    itemRefs.current[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || rootRef.current?.contains(event.target) !== true) {
        setOpen(false);
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = itemRefs.current.filter((item) => item !== null);
    const at = buttons.findIndex((item) => item === document.activeElement);
    const moveTo = (index: number) => {
      event.preventDefault();
      buttons[(index + buttons.length) % buttons.length]?.focus();
    };
    switch (event.key) {
      case "ArrowDown":
        moveTo(at + 1);
        break;
      case "ArrowUp":
        moveTo(at - 1);
        break;
      case "Home":
        moveTo(0);
        break;
      case "End":
        moveTo(buttons.length - 1);
        break;
      case "Escape":
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case "Tab":
        close(false);
        break;
    }
  };

  const choose = (key: "files" | "folder") => {
    close(true);
    (key === "files" ? filesRef : folderRef).current?.click();
  };

  const takeFiles = (input: HTMLInputElement) => {
    const picks = picksOfFiles(input.files ?? []);
    // The same files can be picked again (after a cancel, say) only if the
    // input forgets this choice.
    input.value = "";
    if (picks.length > 0) onPick(picks);
  };

  return (
    <div className="cairn-menu cairn-upload-button" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="cairn-view-header__tool cairn-upload-button__toggle"
        data-testid="upload-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuID : undefined}
        onClick={() => {
          setOpen((shown) => !shown);
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <UploadIcon />
        <FormattedMessage id="upload.button" />
      </button>
      {open && (
        <div
          id={menuID}
          className="cairn-menu__list cairn-menu__list--end"
          role="menu"
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => (
            <button
              key={item.key}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              data-action={`upload-${item.key}`}
              className="cairn-menu__item"
              onClick={() => {
                choose(item.key);
              }}
            >
              <FormattedMessage id={item.label} />
            </button>
          ))}
        </div>
      )}
      <input
        ref={filesRef}
        type="file"
        multiple
        hidden
        data-testid="upload-input-files"
        onChange={(event) => {
          takeFiles(event.currentTarget);
        }}
      />
      <input
        ref={(input) => {
          folderRef.current = input;
          // React has no prop for it: the attribute makes the picker choose a folder.
          if (input !== null) input.webkitdirectory = true;
        }}
        type="file"
        multiple
        hidden
        data-testid="upload-input-folder"
        onChange={(event) => {
          takeFiles(event.currentTarget);
        }}
      />
    </div>
  );
}

/** An arrow rising from a tray, in the apps' icon frame. */
const UploadIcon = () => (
  <Icon size={16} className="cairn-upload-button__icon">
    <path d="M12 16V4M7 9l5-5 5 5M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
  </Icon>
);
