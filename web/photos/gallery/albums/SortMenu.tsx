// The albums bar's sort menu (spec §3): name, creation time ascending,
// updation time descending. The choice is persisted (`collectionSortBy`).

import { useIntl } from "react-intl";
import { collectionSortOrders } from "../../../../shared/model/library/summary-order";
import type { CollectionSortBy } from "../../../../shared/model/library/gallery-summary";
import type { MessageId } from "../../../common/i18n/messages";
import { MenuButton } from "../../../common/ui/MenuButton";

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
  return (
    <MenuButton
      label={intl.formatMessage({ id: "gallery.albums.sort" })}
      buttonClassName="cairn-albums-bar__tool"
      items={collectionSortOrders.map((order) => ({
        key: order,
        label: sortLabels[order],
        checked: order === sortBy,
        run: () => {
          onChange(order);
        },
      }))}
    />
  );
}
