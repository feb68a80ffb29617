// The viewer's info panel: date and time, location, the people in it, size,
// camera, caption, file name and albums of the shown file; its owner edits caption, name and date in
// place (public magic metadata through the `edit-file` action). Edits show at
// once and roll back if refused (the refusal's message comes from
// `useLibraryAction`).

import { useEffect, useId, useState } from "react";
import { placeLabel } from "./place-label";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import type {
  CameraDetails,
  GalleryFileDetails,
  LibraryAction,
} from "../../../../workers/gallery/gallery-contract";
import { StorageSize } from "../../../common/i18n/StorageSize";
import type { MessageId } from "../../../common/i18n/messages";
import type { GalleryClient } from "../../../common/library/gallery-client";
import { log } from "../../../common/log/log";
import type { PerformLibraryAction } from "../actions/use-library-action";
import { EditableField } from "./EditableField";
import { mapPageAddress } from "../../map/map-address";
import { ViewerPeopleRow } from "../../people/ViewerPeopleRow";
import {
  cameraName,
  dateTimeLocalValue,
  dimensionsLine,
  exposureLine,
  formatCoordinates,
  timeUsOfDateTimeLocal,
} from "./info-format";

export interface ViewerInfoPanelProps {
  client: Pick<GalleryClient, "fileDetails">;
  fileID: number;
  /** Grows when the view changes, so the details are read again. */
  version: number;
  /** From the original's EXIF, once it has loaded. */
  camera: CameraDetails | undefined;
  perform: PerformLibraryAction;
}

/** Edits shown ahead of the worker's answer. */
interface PendingEdits {
  caption?: string | undefined;
  name?: string | undefined;
  timeUs?: number | undefined;
}

type EditFile = Extract<LibraryAction, { kind: "edit-file" }>;

export function ViewerInfoPanel({
  client,
  fileID,
  version,
  camera,
  perform,
}: ViewerInfoPanelProps) {
  const intl = useIntl();
  const titleID = useId();
  const [loaded, setLoaded] = useState<GalleryFileDetails | undefined>(undefined);
  const [reads, setReads] = useState(0);
  const [pending, setPending] = useState<{ fileID: number; edits: PendingEdits }>({
    fileID,
    edits: {},
  });

  useEffect(() => {
    let cancelled = false;
    client.fileDetails(fileID).then(
      (details) => {
        if (cancelled) return;
        setLoaded(details);
        // The details now hold what was saved: pending edits have done their part.
        setPending({ fileID, edits: {} });
      },
      (e: unknown) => {
        log.error("Could not read a file's details", e);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client, fileID, version, reads]);

  const details = loaded?.id === fileID ? loaded : undefined;
  const edits = pending.fileID === fileID ? pending.edits : {};

  const edit = (change: Omit<EditFile, "kind" | "fileID">, shown: PendingEdits) => {
    setPending({ fileID, edits: { ...edits, ...shown } });
    void perform({ kind: "edit-file", fileID, ...change }).then((outcome) => {
      if (outcome.ok) {
        setReads((count) => count + 1);
      } else {
        setPending((current) => (current.fileID === fileID ? { fileID, edits: {} } : current));
      }
    });
  };

  const label = (id: MessageId) => intl.formatMessage({ id });

  if (details === undefined) {
    return (
      <aside className="gallery-viewer-info" aria-labelledby={titleID} data-testid="viewer-info">
        <h2 id={titleID} className="gallery-viewer-info__title">
          <FormattedMessage id="gallery.viewer.info" />
        </h2>
      </aside>
    );
  }

  const timeUs = edits.timeUs ?? details.timeUs;
  const title = edits.name ?? details.title;
  const caption = edits.caption ?? details.caption ?? "";
  const editable = details.isOwn;
  const cameraLine = camera === undefined ? undefined : cameraName(camera);
  const exposure = camera === undefined ? undefined : exposureLine(camera);
  const dimensions = dimensionsLine(
    camera?.width ?? details.width,
    camera?.height ?? details.height,
  );

  return (
    <aside className="gallery-viewer-info" aria-labelledby={titleID} data-testid="viewer-info">
      <h2 id={titleID} className="gallery-viewer-info__title">
        <FormattedMessage id="gallery.viewer.info" />
      </h2>
      <dl className="gallery-viewer-info__list">
        <dt>
          <FormattedMessage id="gallery.viewer.info.date" />
        </dt>
        <dd data-testid="viewer-info-date">
          <EditableField
            label={label("gallery.viewer.info.date")}
            editable={editable}
            input="datetime-local"
            initialValue={dateTimeLocalValue(timeUs)}
            validate={(value) =>
              timeUsOfDateTimeLocal(value) === undefined
                ? "gallery.viewer.info.invalidDate"
                : undefined
            }
            onSave={(value) => {
              const next = timeUsOfDateTimeLocal(value);
              if (next !== undefined && next !== timeUs) edit({ timeUs: next }, { timeUs: next });
            }}
            display={
              <>
                <span>{intl.formatDate(timeUs / 1000, { dateStyle: "full" })}</span>{" "}
                <span>{intl.formatTime(timeUs / 1000, { timeStyle: "short" })}</span>
              </>
            }
          />
        </dd>

        {details.latitude !== undefined && details.longitude !== undefined && (
          <>
            <dt>
              <FormattedMessage id="gallery.viewer.info.location" />
            </dt>
            <dd data-testid="viewer-info-location">
              {details.place !== undefined && (
                <span className="gallery-viewer-info__place" data-testid="viewer-info-place">
                  {placeLabel(details.place, intl.locale, (city, country) =>
                    intl.formatMessage({ id: "search.place.inCountry" }, { city, country }),
                  )}
                </span>
              )}
              <span>{formatCoordinates(details.latitude, details.longitude)}</span>{" "}
              <Link
                to={mapPageAddress({
                  at: { latitude: details.latitude, longitude: details.longitude },
                })}
                data-testid="viewer-info-map"
              >
                <FormattedMessage id="gallery.viewer.info.openMap" />
              </Link>
            </dd>
          </>
        )}

        <ViewerPeopleRow fileID={fileID} />

        <dt>
          <FormattedMessage id="gallery.viewer.info.fileName" />
        </dt>
        <dd data-testid="viewer-info-name">
          <EditableField
            label={label("gallery.viewer.info.fileName")}
            editable={editable}
            input="text"
            initialValue={title}
            validate={(value) =>
              value.trim() === "" ? "gallery.viewer.info.emptyName" : undefined
            }
            onSave={(value) => {
              const name = value.trim();
              if (name === title) return;
              // Back to the original name clears the edit rather than storing a copy of it.
              edit({ name: name === details.originalTitle ? null : name }, { name });
            }}
            display={
              <>
                <span className="gallery-viewer-info__name">{title}</span>
                {title !== details.originalTitle && (
                  <span className="gallery-viewer-info__secondary">
                    <FormattedMessage
                      id="gallery.viewer.info.originalName"
                      values={{ name: details.originalTitle }}
                    />
                  </span>
                )}
              </>
            }
          />
        </dd>

        {details.sizeBytes !== undefined && (
          <>
            <dt>
              <FormattedMessage id="gallery.viewer.info.size" />
            </dt>
            <dd data-testid="viewer-info-size">
              <StorageSize sizeBytes={details.sizeBytes} />
              {dimensions !== undefined && (
                <span className="gallery-viewer-info__secondary">{dimensions}</span>
              )}
            </dd>
          </>
        )}

        {(cameraLine !== undefined || exposure !== undefined) && (
          <>
            <dt>
              <FormattedMessage id="gallery.viewer.info.camera" />
            </dt>
            <dd data-testid="viewer-info-camera">
              {cameraLine !== undefined && <span>{cameraLine}</span>}
              {exposure !== undefined && (
                <span className="gallery-viewer-info__secondary">{exposure}</span>
              )}
            </dd>
          </>
        )}

        {(editable || caption !== "") && (
          <>
            <dt>
              <FormattedMessage id="gallery.viewer.info.caption" />
            </dt>
            <dd data-testid="viewer-info-caption">
              <EditableField
                label={label("gallery.viewer.info.caption")}
                editable={editable}
                input="textarea"
                placeholder={label("gallery.viewer.info.captionPlaceholder")}
                initialValue={caption}
                onSave={(value) => {
                  const next = value.trim();
                  if (next === caption) return;
                  edit({ caption: next === "" ? null : next }, { caption: next });
                }}
                display={
                  caption === "" ? (
                    <span className="gallery-viewer-info__secondary">
                      <FormattedMessage id="gallery.viewer.info.captionPlaceholder" />
                    </span>
                  ) : (
                    <span className="gallery-viewer-info__caption">{caption}</span>
                  )
                }
              />
            </dd>
          </>
        )}

        <dt>
          <FormattedMessage id="gallery.viewer.info.albums" />
        </dt>
        <dd data-testid="viewer-info-albums">
          {details.albumNames.length === 0 ? (
            <span className="gallery-viewer-info__secondary">
              <FormattedMessage id="gallery.viewer.info.noAlbums" />
            </span>
          ) : (
            <ul className="gallery-viewer-info__albums">
              {details.albumNames.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          )}
        </dd>

        {details.uploaderName !== undefined && (
          <dd className="gallery-viewer-info__secondary">
            <FormattedMessage
              id="gallery.viewer.info.addedBy"
              values={{ name: details.uploaderName }}
            />
          </dd>
        )}
      </dl>
    </aside>
  );
}
