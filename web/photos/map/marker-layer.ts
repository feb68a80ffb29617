// The map's markers as an OpenLayers layer: each marker a rounded thumbnail
// of its newest photo with its count, drawn on the map's canvas (no DOM node
// per marker, so a pan redraws a few hundred images, not reflows; see
// [Note: A marker is one image]). The
// features are kept by marker key across answers, so a marker that stays
// does not flicker. See: [Note: The map clusters in the worker]

import Feature from "ol/Feature";
import Point from "ol/geom/Point";
import VectorLayer from "ol/layer/Vector";
import { fromLonLat } from "ol/proj";
import VectorSource from "ol/source/Vector";
import { Icon, Style } from "ol/style";
import type { MapCluster } from "../../../workers/map/map-contract";

/** A marker's thumbnail, in CSS pixels. */
export const markerSizePx = 52;
const cornerRadiusPx = 10;
const borderPx = 3;

export interface MarkerLook {
  /** The frame around a thumbnail, and the badge's background. */
  frame: string;
  /** A marker whose thumbnail has not arrived. */
  placeholder: string;
  badgeText: string;
  badgeFill: string;
}

export interface MarkerLayer {
  layer: VectorLayer<VectorSource<Feature<Point>>>;
  /** Shows these markers (features kept by key). */
  show(markers: readonly MapCluster[]): void;
  /** The marker a feature stands for. */
  markerOf(feature: unknown): MapCluster | undefined;
  /** A thumbnail arrived or changed: its markers are redrawn. */
  thumbnailChanged(fileID: number): void;
}

const markerProperty = "cairnMarker";

export const createMarkerLayer = (
  look: MarkerLook,
  thumbnailURL: (fileID: number) => string | undefined,
  formatCount: (count: number) => string,
  pixelRatio: number,
): MarkerLayer => {
  const source = new VectorSource<Feature<Point>>({ wrapX: true });
  const features = new Map<string, Feature<Point>>();
  /** Composed marker images by file ID: a canvas each, made once the thumbnail is decoded. */
  const images = new Map<number, HTMLCanvasElement | "loading">();
  const styles = new Map<string, Style>();

  /** A rounded frame, filled with the placeholder until the thumbnail is drawn in it. */
  const frameCanvas = () => {
    const size = Math.round(markerSizePx * pixelRatio);
    const canvas = document.createElement("canvas");
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext("2d");
    if (context !== null) {
      context.fillStyle = look.frame;
      context.beginPath();
      context.roundRect(0, 0, size, size, cornerRadiusPx * pixelRatio);
      context.fill();
      const border = borderPx * pixelRatio;
      context.fillStyle = look.placeholder;
      context.beginPath();
      context.roundRect(
        border,
        border,
        size - 2 * border,
        size - 2 * border,
        (cornerRadiusPx - borderPx) * pixelRatio,
      );
      context.fill();
    }
    return { canvas, context, size };
  };
  const placeholderCanvas = frameCanvas().canvas;

  /** One redraw per frame however many thumbnails were composed in it. */
  let redrawAsked = false;
  const redraw = () => {
    if (redrawAsked) return;
    redrawAsked = true;
    requestAnimationFrame(() => {
      redrawAsked = false;
      layer.changed();
    });
  };

  // The thumbnail is decoded off the page's thread (`decode`), shrunk to
  // the marker's size (`createImageBitmap`), then drawn into its frame. An
  // image element, not `fetch`: the page's policy lets images, not
  // connections, read `blob:` addresses.
  const compose = (fileID: number, url: string) => {
    images.set(fileID, "loading");
    const innerPx = Math.round((markerSizePx - 2 * borderPx) * pixelRatio);
    const image = new Image();
    image.src = url;
    image
      .decode()
      .then(() => {
        // The middle square of the thumbnail, shrunk.
        const side = Math.min(image.naturalWidth, image.naturalHeight);
        return createImageBitmap(
          image,
          (image.naturalWidth - side) / 2,
          (image.naturalHeight - side) / 2,
          side,
          side,
          { resizeWidth: innerPx, resizeHeight: innerPx, resizeQuality: "medium" },
        );
      })
      .then((bitmap) => {
        const { canvas, context, size } = frameCanvas();
        if (context !== null) {
          const border = borderPx * pixelRatio;
          context.save();
          context.beginPath();
          context.roundRect(
            border,
            border,
            size - 2 * border,
            size - 2 * border,
            (cornerRadiusPx - borderPx) * pixelRatio,
          );
          context.clip();
          context.drawImage(bitmap, border, border, size - 2 * border, size - 2 * border);
          context.restore();
        }
        bitmap.close();
        images.set(fileID, canvas);
        redraw();
      })
      .catch(() => {
        images.delete(fileID);
      });
  };

  // [Note: A marker is one image]
  //
  // A marker's count badge was an OpenLayers `Text` with a background: each
  // redraw of the layer (every move's end) laid out and rasterised every
  // badge again, about 60 ms for a screen of markers, which the map bench
  // saw as long frames after each pan. Now the badge is drawn once into the
  // marker's own canvas (its thumbnail's frame, then the count), and the
  // layer draws one image per marker. The images are kept by cover and
  // count, the few hundred of the last screens (`keptMarkerImages`).

  /** Composed markers kept: a few screens' worth (a screen shows up to ~200). */
  const keptMarkerImages = 600;
  const badgeFontPx = 12;
  const badgeHeightPx = 18;

  /** The marker's canvas: its cover (or the placeholder) with its count drawn on it. */
  const markerCanvas = (cover: HTMLCanvasElement | undefined, count: number) => {
    const base = cover ?? placeholderCanvas;
    if (count < 2) return base;
    const canvas = document.createElement("canvas");
    canvas.width = base.width;
    canvas.height = base.height;
    const context = canvas.getContext("2d");
    if (context === null) return base;
    context.drawImage(base, 0, 0);
    const text = formatCount(count);
    context.font = `600 ${String(badgeFontPx * pixelRatio)}px system-ui, sans-serif`;
    const widthPx = Math.min(canvas.width, context.measureText(text).width + 10 * pixelRatio);
    const heightPx = badgeHeightPx * pixelRatio;
    const x = canvas.width - widthPx;
    context.fillStyle = look.frame;
    context.beginPath();
    context.roundRect(x - pixelRatio, 0, widthPx + pixelRatio, heightPx + pixelRatio, heightPx / 2);
    context.fill();
    context.fillStyle = look.badgeFill;
    context.beginPath();
    context.roundRect(x, pixelRatio, widthPx - pixelRatio, heightPx - pixelRatio, heightPx / 2);
    context.fill();
    context.fillStyle = look.badgeText;
    context.textAlign = "center";
    context.textBaseline = "middle";
    context.fillText(text, x + widthPx / 2, heightPx / 2 + pixelRatio / 2);
    return canvas;
  };

  const styleOf = (marker: MapCluster): Style => {
    const image = images.get(marker.coverFileID);
    const ready = image !== undefined && image !== "loading";
    const key = `${String(marker.coverFileID)}/${String(marker.count)}/${ready ? "image" : "none"}`;
    let style = styles.get(key);
    if (style === undefined) {
      if (!ready && image === undefined) {
        const url = thumbnailURL(marker.coverFileID);
        if (url !== undefined) compose(marker.coverFileID, url);
      }
      style = new Style({
        image: new Icon({
          img: markerCanvas(ready ? image : undefined, marker.count),
          width: markerSizePx,
          height: markerSizePx,
        }),
      });
      styles.set(key, style);
      // The oldest first: a Map keeps the order styles were made in.
      for (const old of styles.keys()) {
        if (styles.size <= keptMarkerImages) break;
        styles.delete(old);
      }
    }
    return style;
  };

  const layer = new VectorLayer({
    source,
    style: (feature) => {
      const marker = feature.get(markerProperty) as MapCluster | undefined;
      return marker === undefined ? undefined : styleOf(marker);
    },
    // During a move the markers drawn are moved with it; they are drawn
    // again when it ends (each frame redrawing them cost more than a frame).
    updateWhileAnimating: false,
    updateWhileInteracting: false,
  });

  return {
    layer,
    show(markers) {
      const next = new Set<string>();
      const added: Feature<Point>[] = [];
      for (const marker of markers) {
        next.add(marker.key);
        const existing = features.get(marker.key);
        if (existing !== undefined) {
          existing.set(markerProperty, marker, true);
          continue;
        }
        const created = new Feature({
          geometry: new Point(fromLonLat([marker.longitude, marker.latitude])),
        });
        created.set(markerProperty, marker, true);
        features.set(marker.key, created);
        added.push(created);
      }
      for (const [key, feature] of features) {
        if (next.has(key)) continue;
        source.removeFeature(feature);
        features.delete(key);
      }
      source.addFeatures(added);
      layer.changed();
    },
    markerOf: (feature) =>
      feature instanceof Feature
        ? (feature.get(markerProperty) as MapCluster | undefined)
        : undefined,
    thumbnailChanged(fileID) {
      if (images.get(fileID) !== undefined) return;
      const url = thumbnailURL(fileID);
      if (url !== undefined) compose(fileID, url);
    },
  };
};
