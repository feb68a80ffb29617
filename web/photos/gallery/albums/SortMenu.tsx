// The albums bar's sort menu (spec §3): name, creation time ascending,
// updation time descending. The choice is persisted (`collectionSortBy`).

import { useEffect, useId, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { collectionSortOrders } from "../../../../shared/model/library/summary-order";
import type { CollectionSortBy } from "../../../../workers/sync/gallery-contract";
import type { MessageId } from "../../../common/i18n/messages";

const sortLabels: Record<CollectionSortBy, MessageId> = {
  name: "gallery.albums.sort.name",
  "creation-time-asc": "gallery.albums.sort.creationTimeAsc",
  "updation-time-desc": "gallery.albums.sort.updationTimeDesc",
};

export function SortMenu({
  sortBy,
  onChange,
}: {
  sortBy: CollectionSortBy;
  onChange: (next: CollectionSortBy) => void;
}) {
  const intl = useIntl();
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
        className="cairn-albums-bar__tool"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuID : undefined}
        onClick={() => {
          setOpen((shown) => !shown);
        }}
      >
        {intl.formatMessage({ id: "gallery.albums.sort" })}
      </button>
      {open && (
        <div id={menuID} className="cairn-menu__list" role="menu">
          {collectionSortOrders.map((order) => (
            <button
              key={order}
              type="button"
              role="menuitemradio"
              aria-checked={order === sortBy}
              className="cairn-menu__item"
              onClick={() => {
                onChange(order);
                setOpen(false);
              }}
            >
              <FormattedMessage id={sortLabels[order]} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
