// Spec §4 FIX_TIME: set the date of a selection from each file's EXIF date
// (the §5 preference order, read by the worker) or to one date and time.

import { useId, useState, type SyntheticEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { GalleryClient } from "../../../common/library/gallery-client";
import { Button } from "../../../common/ui/Button";
import { ActionDialog } from "./ActionDialog";
import { localDateTimeToUs, usToLocalDateTime } from "./local-date-time";
import { useLibraryAction } from "./use-library-action";

export interface FixTimeDialogProps {
  fileIDs: readonly number[];
  onClose: () => void;
  /** Where the custom date starts (e.g. the first selected file's time); now when absent. */
  initialTimeUs?: number | undefined;
  client?: Pick<GalleryClient, "perform"> | undefined;
  /** Now, in µs (tests fix it). */
  nowUs?: () => number;
}

export function FixTimeDialog({
  fileIDs,
  onClose,
  initialTimeUs,
  client,
  nowUs = () => Date.now() * 1000,
}: FixTimeDialogProps) {
  const intl = useIntl();
  const perform = useLibraryAction(client);
  const inputID = useId();
  const [source, setSource] = useState<"exif" | "custom">("exif");
  const [value, setValue] = useState(() => usToLocalDateTime(initialTimeUs ?? nowUs()));
  const [busy, setBusy] = useState(false);
  const [noExifDate, setNoExifDate] = useState(false);
  const customTimeUs = localDateTimeToUs(value);
  const ready = source === "exif" || customTimeUs !== undefined;

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    const outcome = await perform(
      source === "exif"
        ? { kind: "fix-time", fileIDs: [...fileIDs], source }
        : { kind: "fix-time", fileIDs: [...fileIDs], source, timeUs: customTimeUs },
      { inlineRefusals: ["no-exif-date"] },
    );
    setBusy(false);
    if (!outcome.ok && outcome.code === "no-exif-date") setNoExifDate(true);
    else onClose();
  };

  return (
    <ActionDialog
      title={<FormattedMessage id="gallery.actions.fixTime" />}
      onClose={busy ? undefined : onClose}
    >
      {() => (
        <form className="cairn-action-form" onSubmit={(event) => void submit(event)}>
          <fieldset className="cairn-action-form__choices">
            <label>
              <input
                type="radio"
                name="fix-time-source"
                checked={source === "exif"}
                onChange={() => {
                  setSource("exif");
                }}
              />
              <FormattedMessage id="gallery.actions.fixTime.exif" />
            </label>
            <label>
              <input
                type="radio"
                name="fix-time-source"
                checked={source === "custom"}
                onChange={() => {
                  setSource("custom");
                  setNoExifDate(false);
                }}
              />
              <FormattedMessage id="gallery.actions.fixTime.custom" />
            </label>
          </fieldset>
          {source === "custom" && (
            <div className="cairn-field">
              <label className="cairn-field__label" htmlFor={inputID}>
                {intl.formatMessage({ id: "gallery.actions.fixTime.dateTime" })}
              </label>
              <input
                id={inputID}
                className="cairn-field__input"
                type="datetime-local"
                value={value}
                aria-invalid={customTimeUs === undefined ? true : undefined}
                onChange={(event) => {
                  setValue(event.target.value);
                }}
              />
            </div>
          )}
          {noExifDate && (
            <p className="cairn-field__error" role="alert">
              <FormattedMessage id="gallery.actions.error.noMetadata" />
            </p>
          )}
          <div className="cairn-dialog__buttons">
            <Button type="submit" variant="accent" fullWidth busy={busy} disabled={!ready}>
              <FormattedMessage id="gallery.actions.fixTime" />
            </Button>
            <Button variant="secondary" fullWidth disabled={busy} onClick={onClose}>
              <FormattedMessage id="action.cancel" />
            </Button>
          </div>
        </form>
      )}
    </ActionDialog>
  );
}
