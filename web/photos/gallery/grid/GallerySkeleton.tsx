// What the grid's place shows while the library has not yet said how many
// items the open view has: the shape of a grid, quietly, never the empty
// state. See: [Note: The gallery never says "empty" before it knows]

import { useIntl } from "react-intl";

/**
 * Enough placeholder tiles to fill the tallest first screen at the smallest
 * tile size (a 4K screen: about 20 columns by 12 rows); what does not fit is
 * clipped, so no half-filled row shows.
 */
const placeholderTiles = 240;

export function GallerySkeleton() {
  const intl = useIntl();
  return (
    <div
      className="gallery-grid gallery-skeleton"
      role="status"
      aria-busy="true"
      aria-label={intl.formatMessage({ id: "gallery.grid.loadingItem" })}
      data-testid="gallery-skeleton"
    >
      <span className="gallery-skeleton__heading" />
      <div className="gallery-skeleton__tiles">
        {Array.from({ length: placeholderTiles }, (_, i) => (
          <span key={i} />
        ))}
      </div>
    </div>
  );
}
