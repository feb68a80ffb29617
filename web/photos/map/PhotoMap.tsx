// The map itself: OpenLayers over the configured basemap, with the library
// worker's markers for the visible area. It asks for markers when a move or
// zoom ends and redraws the ones it has in between (see: [Note: The map
// clusters in the worker]). A marker that splits zooms in to its photos; one
// that does not (a single photo, or photos taken at one spot) opens them.

import { useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import OLMap from "ol/Map";
import View from "ol/View";
import { defaults as defaultControls } from "ol/control/defaults";
import { defaults as defaultInteractions } from "ol/interaction/defaults";
import { fromLonLat, transformExtent } from "ol/proj";
import type { Extent } from "ol/extent";
import "ol/ol.css";
import type { MapBasemap } from "../../../shared/api/map-basemap";
import type { MapArea } from "../../../shared/model/search/search-query";
import type { MapCluster, MapScope } from "../../../workers/map/map-contract";
import type { MapClient } from "../../common/library/map-client";
import { log } from "../../common/log/log";
import type { ThumbnailStore } from "../gallery/thumbnails/thumbnail-store";
import { basemapLayer } from "./basemap";
import { createMarkerLayer } from "./marker-layer";
import { visibleMapArea } from "./visible-area";

/** How close "Show on map" opens (a neighbourhood). */
const placeZoom = 15;
/** The deepest zoom: a street's houses. */
const maxViewZoom = 19;
/** Room around the photos' box: a marker's thumbnail and badge stand fully inside. */
const fitPaddingPx = [96, 72, 72, 72];
/** Fitting the photos' box never zooms closer than a town. */
const fitMaxZoom = 13;

export interface PhotoMapProps {
  client: MapClient;
  scope: MapScope;
  basemap: MapBasemap;
  apiOrigin: string;
  thumbnails: ThumbnailStore;
  /** Where to open (the viewer's photo); else the scope's photos fill the map. */
  at?: { latitude: number; longitude: number } | undefined;
  /** Changes when the library does: the markers are asked again. */
  libraryVersion: unknown;
  /** The located photos' count and box, once known. */
  onOverview: (locatedCount: number) => void;
  /** The visible part of the map and how many photos are in it, after each move. */
  onVisibleArea: (area: MapArea, count: number) => void;
  /** A marker that cannot split was tapped: open its photos. */
  onOpenPhotos: (area: MapArea) => void;
}

interface PlacedMarker {
  marker: MapCluster;
  /** CSS pixels from the map's top left corner. */
  x: number;
  y: number;
}

const cssColour = (element: Element, name: string, fallback: string) =>
  getComputedStyle(element).getPropertyValue(name).trim() || fallback;

const extentOfArea = ({ south, west, north, east }: MapArea): Extent =>
  transformExtent([west, south, east, north], "EPSG:4326", "EPSG:3857");

export function PhotoMap({
  client,
  scope,
  basemap,
  apiOrigin,
  thumbnails,
  at,
  libraryVersion,
  onOverview,
  onVisibleArea,
  onOpenPhotos,
}: PhotoMapProps) {
  const intl = useIntl();
  const targetRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<
    { map: OLMap; refresh: () => void; openMarker: (marker: MapCluster) => void } | undefined
  >(undefined);
  const callbacks = useRef({ onOverview, onVisibleArea, onOpenPhotos });
  useEffect(() => {
    callbacks.current = { onOverview, onVisibleArea, onOpenPhotos };
  });
  const { collectionID } = scope;
  /** The markers on screen, with where each is drawn, for the list beside the canvas. */
  const [placed, setPlaced] = useState<PlacedMarker[]>([]);
  const latitude = at?.latitude;
  const longitude = at?.longitude;

  useEffect(() => {
    const target = targetRef.current;
    if (target === null) return;
    let disposed = false;
    const view = new View({
      center: fromLonLat([0, 20]),
      zoom: 2,
      minZoom: 1,
      maxZoom: maxViewZoom,
      // North stays up: a photo map is read, not navigated.
      enableRotation: false,
      constrainResolution: false,
    });
    const markers = createMarkerLayer(
      {
        frame: cssColour(target, "--map-marker-frame", "#ffffff"),
        placeholder: cssColour(target, "--map-marker-placeholder", "#d9d9d4"),
        badgeText: cssColour(target, "--color-accent-text", "#04200f"),
        badgeFill: cssColour(target, "--color-accent", "#2fc46e"),
      },
      (fileID) => thumbnails.url(fileID),
      (count) => intl.formatNumber(count, { notation: "compact" }),
      window.devicePixelRatio,
    );
    const map = new OLMap({
      target,
      view,
      layers: [markers.layer],
      controls: defaultControls({ rotate: false, attributionOptions: { collapsible: false } }),
      interactions: defaultInteractions({ altShiftDragRotate: false, pinchRotate: false }),
      // The map's own keyboard: arrows pan, + and - zoom, once it has focus.
      keyboardEventTarget: target,
    });

    map.getLayers().insertAt(
      0,
      basemapLayer(basemap, apiOrigin, {
        land: cssColour(target, "--map-land", "#e7e4da"),
        border: cssColour(target, "--map-border", "#b9b4a5"),
        coast: cssColour(target, "--map-coast", "#a9a392"),
      }),
    );

    // Thumbnails of the markers on screen: asked for, and redrawn when they arrive.
    let subscriptions = new Map<number, () => void>();
    const followThumbnails = (fileIDs: Set<number>) => {
      const next = new Map<number, () => void>();
      for (const fileID of fileIDs) {
        const kept = subscriptions.get(fileID);
        next.set(
          fileID,
          kept ??
            thumbnails.subscribe(fileID, () => {
              markers.thumbnailChanged(fileID);
            }),
        );
        markers.thumbnailChanged(fileID);
      }
      for (const [fileID, unsubscribe] of subscriptions) if (!next.has(fileID)) unsubscribe();
      subscriptions = next;
    };

    let asked = 0;
    const refresh = () => {
      const size = map.getSize();
      const zoom = view.getZoom();
      if (size === undefined || zoom === undefined) return;
      const area = visibleMapArea(view.calculateExtent(size));
      const ask = ++asked;
      client
        .mapMarkers({ collectionID, area, zoom })
        .then(({ markers: shown, inAreaCount }) => {
          if (disposed || ask !== asked) return;
          markers.show(shown);
          followThumbnails(new Set(shown.map((marker) => marker.coverFileID)));
          target.dataset.markerCount = String(shown.length);
          setPlaced(
            shown.map((marker) => {
              const [x = 0, y = 0] = map.getPixelFromCoordinate(
                fromLonLat([marker.longitude, marker.latitude]),
              );
              return { marker, x: Math.round(x), y: Math.round(y) };
            }),
          );
          callbacks.current.onVisibleArea(area, inAreaCount);
        })
        .catch((e: unknown) => {
          log.error("Could not place the photos on the map", e);
        });
    };
    map.on("moveend", refresh);

    const openMarker = (marker: MapCluster) => {
      if (marker.expansionZoom === undefined) {
        callbacks.current.onOpenPhotos(marker.area);
        return;
      }
      view.fit(extentOfArea(marker.area), {
        padding: [80, 80, 80, 80],
        maxZoom: Math.max(marker.expansionZoom, (view.getZoom() ?? 0) + 1),
        duration: 300,
      });
    };
    map.on("click", (event) => {
      const marker = map.forEachFeatureAtPixel(
        event.pixel,
        (feature) => markers.markerOf(feature),
        {
          layerFilter: (layer) => layer === markers.layer,
          hitTolerance: 4,
        },
      );
      if (marker !== undefined) openMarker(marker);
    });
    map.on("pointermove", (event) => {
      if (event.dragging) return;
      const over = map.hasFeatureAtPixel(event.pixel, {
        layerFilter: (layer) => layer === markers.layer,
        hitTolerance: 4,
      });
      target.style.cursor = over ? "pointer" : "";
    });

    client
      .mapOverview({ collectionID })
      .then(({ locatedCount, bounds }) => {
        if (disposed) return;
        callbacks.current.onOverview(locatedCount);
        if (latitude !== undefined && longitude !== undefined) {
          view.setCenter(fromLonLat([longitude, latitude]));
          view.setZoom(placeZoom);
        } else if (bounds !== undefined) {
          view.fit(extentOfArea(bounds), { padding: fitPaddingPx, maxZoom: fitMaxZoom });
        }
        refresh();
      })
      .catch((e: unknown) => {
        log.error("Could not read the photos' places", e);
      });

    mapRef.current = { map, refresh, openMarker };
    return () => {
      disposed = true;
      for (const unsubscribe of subscriptions.values()) unsubscribe();
      map.setTarget(undefined);
      mapRef.current = undefined;
    };
    // The map is made once per scope, basemap and place; the rest is read through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, collectionID, basemap, apiOrigin, thumbnails, latitude, longitude]);

  // The library changed (a sync, an upload, a trashed photo): the markers are asked again.
  useEffect(() => {
    mapRef.current?.refresh();
  }, [libraryVersion]);

  return (
    <>
      <div
        ref={targetRef}
        className="cairn-map__canvas"
        data-testid="photo-map"
        tabIndex={0}
        aria-label={intl.formatMessage({ id: "map.canvasLabel" })}
      />
      {/* The markers as buttons, for the keyboard and screen readers (the canvas has none). */}
      <ul
        className="cairn-visually-hidden"
        aria-label={intl.formatMessage({ id: "map.markersLabel" })}
      >
        {placed.map(({ marker, x, y }) => (
          <li key={marker.key}>
            <button
              type="button"
              data-testid="map-marker"
              data-count={marker.count}
              data-x={x}
              data-y={y}
              onClick={() => {
                mapRef.current?.openMarker(marker);
              }}
            >
              {intl.formatMessage(
                {
                  id: marker.expansionZoom === undefined ? "map.marker.open" : "map.marker.zoom",
                },
                { count: marker.count },
              )}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
