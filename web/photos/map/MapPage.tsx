// `/gallery/map`: where the photos were taken (spec §1, map view). The whole
// library's located photos, or one album's (`?collection=`), clustered with
// counts and thumbnails over the configured basemap; "Show on map" opens it
// at a place (`?at=`). The map is opt-in per account: until it is on, the
// enable dialog explains what drawing it involves (see: [Note: The map's basemap]).

import { useCallback, useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate, useSearchParams } from "react-router";
import type { GallerySummary } from "../../../shared/model/library/gallery-summary";
import type { MapArea } from "../../../shared/model/search/search-query";
import { useRuntimeConfig } from "../../common/config/runtime-config-context";
import { useMapClient } from "../../common/library/library-state";
import { Button } from "../../common/ui/Button";
import { summaryLabel } from "../gallery/albums/summary-labels";
import { galleryPagePath, viewAddress } from "../gallery/navigation/gallery-pages";
import type { ThumbnailStore } from "../gallery/thumbnails/thumbnail-store";
import { PhotoMap } from "./PhotoMap";
import { areaPhotosAddress, mapAddressOf } from "./map-address";
import { useBasemap, useMapSetting } from "./use-map-setting";
import "./map.css";

export interface MapPageProps {
  summaries: readonly GallerySummary[] | undefined;
  thumbnails: ThumbnailStore;
  /** Changes when the library does. */
  libraryVersion: unknown;
}

export function MapPage({ summaries, thumbnails, libraryVersion }: MapPageProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { collectionID, at } = mapAddressOf(searchParams);
  const { apiOrigin } = useRuntimeConfig();
  const client = useMapClient();
  const basemap = useBasemap();
  const { enabled, askToEnable, askToDisable } = useMapSetting();
  const [locatedCount, setLocatedCount] = useState<number | undefined>();
  const [visible, setVisible] = useState<{ area: MapArea; count: number } | undefined>();
  const album = summaries?.find((summary) => summary.id === collectionID);
  const leave = useCallback(() => {
    void navigate(
      collectionID === undefined ? galleryPagePath("timeline") : viewAddress(collectionID),
    );
  }, [navigate, collectionID]);

  // Off: the enable dialog, once the server has said so and the basemap is known.
  const asked = useRef(false);
  useEffect(() => {
    if (enabled !== false || basemap === undefined || asked.current) return;
    asked.current = true;
    askToEnable(basemap, leave);
  }, [enabled, basemap, askToEnable, leave]);

  const openPhotos = useCallback(
    (area: MapArea) => {
      void navigate(areaPhotosAddress(area, collectionID));
    },
    [navigate, collectionID],
  );

  const title =
    album === undefined
      ? intl.formatMessage({ id: "gallery.nav.map" })
      : summaryLabel(album, (id) => intl.formatMessage({ id }));

  return (
    <div className="cairn-map" data-testid="map-page">
      <header className="cairn-map__header">
        <div className="cairn-map__heading">
          <h1 className="cairn-map__title" data-testid="map-title">
            {title}
          </h1>
          {enabled === true && locatedCount !== undefined && (
            <p className="cairn-map__count" data-testid="map-located-count">
              <FormattedMessage id="map.locatedCount" values={{ count: locatedCount }} />
            </p>
          )}
        </div>
        {enabled === true && (
          <div className="cairn-map__tools">
            <Button
              variant="accent"
              disabled={visible === undefined || visible.count === 0}
              onClick={() => {
                if (visible !== undefined) openPhotos(visible.area);
              }}
              data-testid="map-show-area"
            >
              <FormattedMessage id="map.showArea" values={{ count: visible?.count ?? 0 }} />
            </Button>
            <button
              type="button"
              className="cairn-view-header__tool"
              onClick={() => {
                askToDisable(leave);
              }}
              data-testid="map-disable"
            >
              <FormattedMessage id="map.disable.open" />
            </button>
          </div>
        )}
      </header>
      {enabled === true && client !== undefined && basemap !== undefined ? (
        <div className="cairn-map__body">
          <PhotoMap
            client={client}
            scope={{ collectionID }}
            basemap={basemap}
            apiOrigin={apiOrigin}
            thumbnails={thumbnails}
            at={at}
            libraryVersion={libraryVersion}
            onOverview={setLocatedCount}
            onVisibleArea={(area, count) => {
              setVisible({ area, count });
            }}
            onOpenPhotos={openPhotos}
          />
          {locatedCount === 0 && (
            <p className="cairn-map__empty" role="status" data-testid="map-empty">
              <FormattedMessage id="map.empty" />
            </p>
          )}
        </div>
      ) : (
        <div className="cairn-map__body cairn-map__body--off">
          {enabled === false && (
            <p className="cairn-map__off" data-testid="map-off">
              <FormattedMessage id="map.off" />{" "}
              <button
                type="button"
                className="cairn-map__link"
                disabled={basemap === undefined}
                onClick={() => {
                  if (basemap !== undefined) askToEnable(basemap);
                }}
                data-testid="map-enable"
              >
                <FormattedMessage id="map.enable.proceed" />
              </button>
            </p>
          )}
        </div>
      )}
    </div>
  );
}
