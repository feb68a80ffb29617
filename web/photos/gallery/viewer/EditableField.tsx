import { useId, useState, type KeyboardEvent, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { MessageId } from "../../../common/i18n/messages";
import { Button } from "../../../common/ui/Button";
import { EditIcon } from "./viewer-icons";

export interface EditableFieldProps {
  label: string;
  /** What is shown when not editing. */
  display: ReactNode;
  /** The field's text when editing starts. */
  initialValue: string;
  input: "text" | "textarea" | "datetime-local";
  placeholder?: string | undefined;
  /** The message of a refused value, or undefined when it may be saved. */
  validate?: (value: string) => MessageId | undefined;
  /** Saves the value (the panel shows it at once and rolls back on refusal). */
  onSave: (value: string) => void;
  /** False: shown without an edit button (another user's file). */
  editable: boolean;
}

/** One line of the info panel that its owner may edit in place. */
export function EditableField({
  label,
  display,
  initialValue,
  input,
  placeholder,
  validate,
  onSave,
  editable,
}: EditableFieldProps) {
  const intl = useIntl();
  const inputID = useId();
  const errorID = useId();
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const error = editing === undefined ? undefined : validate?.(editing);

  if (editing === undefined) {
    return (
      <div className="gallery-viewer-info__value">
        <div className="gallery-viewer-info__display">{display}</div>
        {editable && (
          <button
            type="button"
            className="gallery-viewer-info__edit"
            aria-label={intl.formatMessage({ id: "gallery.viewer.info.edit" }, { field: label })}
            onClick={() => {
              setEditing(initialValue);
            }}
          >
            <EditIcon size={16} />
          </button>
        )}
      </div>
    );
  }

  const save = () => {
    if (error !== undefined) return;
    onSave(editing);
    setEditing(undefined);
  };
  const common = {
    id: inputID,
    className: "gallery-viewer-info__input",
    value: editing,
    placeholder,
    "aria-label": label,
    "aria-invalid": error !== undefined,
    "aria-describedby": error === undefined ? undefined : errorID,
    // Keys typed here are the field's: Escape cancels the edit, not the viewer.
    onKeyDown: (event: KeyboardEvent) => {
      event.stopPropagation();
      if (event.key === "Escape") setEditing(undefined);
      if (event.key === "Enter" && (input !== "textarea" || !event.shiftKey)) {
        event.preventDefault();
        save();
      }
    },
  };
  return (
    <form
      className="gallery-viewer-info__form"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      {input === "textarea" ? (
        <textarea
          {...common}
          rows={3}
          onChange={(event) => {
            setEditing(event.target.value);
          }}
        />
      ) : (
        <input
          {...common}
          type={input}
          step={input === "datetime-local" ? 1 : undefined}
          onChange={(event) => {
            setEditing(event.target.value);
          }}
        />
      )}
      {error !== undefined && (
        <p id={errorID} className="gallery-viewer-info__error" role="alert">
          <FormattedMessage id={error} />
        </p>
      )}
      <div className="gallery-viewer-info__form-buttons">
        <Button variant="accent" type="submit" disabled={error !== undefined}>
          <FormattedMessage id="gallery.viewer.info.save" />
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setEditing(undefined);
          }}
        >
          <FormattedMessage id="action.cancel" />
        </Button>
      </div>
    </form>
  );
}
