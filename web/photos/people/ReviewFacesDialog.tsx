// "Review faces": the person's faces as crops; the user selects the ones
// that are someone else and removes them from the person (the worker never
// puts them back in it).

import { useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { FaceRef } from "../../../workers/people/people-contract";
import { log } from "../../common/log/log";
import { Button } from "../../common/ui/Button";
import { ActionDialog } from "../gallery/actions/ActionDialog";
import { FaceCrop } from "./FaceCrop";

export function ReviewFacesDialog({
  loadFaces,
  onRemove,
  onClose,
}: {
  /** The person's faces to review. */
  loadFaces: () => Promise<FaceRef[]>;
  /** Removes the faces (the caller's to show a failure); the dialog closes once it settles. */
  onRemove: (faceIDs: readonly string[]) => Promise<void>;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [faces, setFaces] = useState<FaceRef[] | undefined>();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    loadFaces()
      .then((loaded) => {
        if (current) setFaces(loaded);
      })
      .catch((e: unknown) => {
        log.error("Could not read a person's faces", e);
        if (current) setFaces([]);
      });
    return () => {
      current = false;
    };
  }, [loadFaces]);

  const toggle = (faceID: string) => {
    setSelected((previous) => {
      const next = new Set(previous);
      if (!next.delete(faceID)) next.add(faceID);
      return next;
    });
  };

  return (
    <ActionDialog
      title={<FormattedMessage id="people.review" />}
      onClose={busy ? undefined : onClose}
    >
      {() => (
        <div data-testid="person-review-dialog">
          <p className="cairn-people-dialog__text" role="status">
            <FormattedMessage
              id={
                faces === undefined
                  ? "people.review.loading"
                  : faces.length === 0
                    ? "people.review.none"
                    : "people.review.description"
              }
            />
          </p>
          {faces !== undefined && faces.length > 0 && (
            <ul className="cairn-face-review">
              {faces.map((face, index) => (
                <li key={face.faceID}>
                  <button
                    type="button"
                    className="cairn-face-review__face"
                    aria-pressed={selected.has(face.faceID)}
                    aria-label={intl.formatMessage(
                      { id: "people.review.face" },
                      { index: index + 1 },
                    )}
                    disabled={busy}
                    data-testid="person-review-face"
                    data-face-id={face.faceID}
                    onClick={() => {
                      toggle(face.faceID);
                    }}
                  >
                    <FaceCrop face={face} sizePx={48} />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="cairn-dialog__buttons">
            <Button
              variant="critical"
              fullWidth
              busy={busy}
              disabled={selected.size === 0}
              data-testid="person-review-remove"
              onClick={() => {
                setBusy(true);
                void onRemove([...selected]).finally(onClose);
              }}
            >
              <FormattedMessage id="people.review.remove" values={{ count: selected.size }} />
            </Button>
            <Button variant="secondary" fullWidth disabled={busy} onClick={onClose}>
              <FormattedMessage id="action.cancel" />
            </Button>
          </div>
        </div>
      )}
    </ActionDialog>
  );
}
