// The "Upload" button of the view header and of the empty timeline: a menu of
// "Files" and "Folder" (and, on the timeline, "Files into an album…"), each
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
  /**
   * Files picked with "Files into an album…", offered when given: the
   * timeline's own picks go to no album. See: [Note: Uploading from the timeline needs no album]
   */
  onPickIntoAlbum?: ((picks: PickedFile[]) => void) | undefined;
  /** The empty timeline's large button in the middle of the page. */
  prominent?: boolean;
}

type ItemKey = "files" | "folder" | "files-into-album";

const allItems: readonly { key: ItemKey; label: MessageId }[] = [
  { key: "files", label: "upload.button.files" },
  { key: "folder", label: "upload.button.folder" },
  { key: "files-into-album", label: "upload.button.filesIntoAlbum" },
];

export function UploadButton({ onPick, onPickIntoAlbum, prominent = false }: UploadButtonProps) {
  const items = allItems.filter(
    (item) => item.key !== "files-into-album" || onPickIntoAlbum !== undefined,
  );
  /** The next files picked go into an album the person picks. */
  const intoAlbumRef = useRef(false);
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

  const choose = (key: ItemKey) => {
    close(true);
    intoAlbumRef.current = key === "files-into-album";
    (key === "folder" ? folderRef : filesRef).current?.click();
  };

  const takeFiles = (input: HTMLInputElement) => {
    const picks = picksOfFiles(input.files ?? []);
    // The same files can be picked again (after a cancel, say) only if the
    // input forgets this choice.
    input.value = "";
    if (picks.length === 0) return;
    if (intoAlbumRef.current && onPickIntoAlbum !== undefined) onPickIntoAlbum(picks);
    else onPick(picks);
  };

  return (
    <div className="cairn-menu cairn-upload-button" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={
          prominent
            ? "cairn-upload-button__toggle cairn-upload-button__toggle--prominent"
            : "cairn-view-header__tool cairn-upload-button__toggle"
        }
        data-testid={prominent ? "upload-invite" : "upload-button"}
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
          className={prominent ? "cairn-menu__list" : "cairn-menu__list cairn-menu__list--end"}
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
        // The header's inputs are the ones tests pick through; the empty timeline's are its own.
        data-testid={prominent ? "upload-invite-input-files" : "upload-input-files"}
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
        data-testid={prominent ? "upload-invite-input-folder" : "upload-input-folder"}
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
