// The desktop app's export dialog (spec §3, §4): the export folder, the
// continuous export switch, the run going on or how the last one ended, and
// Start, Stop and Resync. What it shows is decided in `export-view.ts`.

import { Fragment, useId, useState, type CSSProperties } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Dialog } from "../../common/dialog/Dialog";
import { log } from "../../common/log/log";
import { Button } from "../../common/ui/Button";
import { SettingSwitch } from "../gallery/account/SettingSwitch";
import type { ExportController } from "./export-controller";
import {
  type ExportNote,
  type ExportView,
  exportActions,
  exportFraction,
  exportProblemMessage,
  exportView,
  pathSegments,
} from "./export-view";
import "./export.css";

export interface ExportDialogProps {
  controller: ExportController;
  onClose: () => void;
}

export function ExportDialog({ controller, onClose }: ExportDialogProps) {
  const titleID = useId();
  const resyncDescriptionID = useId();
  const [choosing, setChoosing] = useState(false);
  const view = exportView(controller.setting, controller.status);
  const actions = exportActions(view);

  const chooseFolder = () => {
    setChoosing(true);
    controller
      .chooseFolder()
      .catch((e: unknown) => {
        log.error("Choosing the export folder failed", e);
      })
      .finally(() => {
        setChoosing(false);
      });
  };

  return (
    <Dialog size="standard" labelledBy={titleID} onClose={onClose}>
      <h2 id={titleID} className="cairn-dialog__title">
        <FormattedMessage id="export.title" />
      </h2>
      {view.kind === "no-folder" ? (
        <p className="cairn-dialog__message" data-testid="export-no-folder">
          <FormattedMessage id="export.noFolder" />
        </p>
      ) : (
        <div className="cairn-export">
          <div className="cairn-export__folder-row">
            <div className="cairn-export__folder-text">
              <span className="cairn-export__label">
                <FormattedMessage id="export.folder" />
              </span>
              <span
                className="cairn-export__folder"
                data-testid="export-folder"
                title={view.folder}
              >
                {pathSegments(view.folder).map((segment, index) => (
                  // A path's segments repeat and never move: their place is their key.
                  <Fragment key={index}>
                    {index > 0 && <wbr />}
                    {segment}
                  </Fragment>
                ))}
              </span>
            </div>
            <Button
              variant="secondary"
              className="cairn-export__change"
              disabled={!actions.chooseFolder}
              busy={choosing}
              onClick={chooseFolder}
            >
              <FormattedMessage id="export.changeFolder" />
            </Button>
          </div>
          <SettingSwitch
            labelID="export.continuous"
            descriptionID="export.continuous.description"
            checked={controller.setting?.continuousExport ?? false}
            onChange={(enabled) => {
              controller.setContinuous(enabled);
            }}
            testID="export-continuous"
          />
          <ExportState view={view} />
        </div>
      )}
      <div className="cairn-dialog__buttons">
        {view.kind === "no-folder" && (
          <Button variant="accent" fullWidth busy={choosing} onClick={chooseFolder}>
            <FormattedMessage id="export.chooseFolder" />
          </Button>
        )}
        {actions.stop && (
          <Button
            variant="critical"
            fullWidth
            onClick={() => {
              controller.stop();
            }}
          >
            <FormattedMessage id="export.stop" />
          </Button>
        )}
        {view.kind !== "no-folder" && !actions.stop && (
          <>
            <Button
              variant="accent"
              fullWidth
              disabled={!actions.start}
              onClick={() => {
                controller.start();
              }}
            >
              <FormattedMessage id="export.start" />
            </Button>
            <Button
              variant="secondary"
              fullWidth
              disabled={!actions.resync}
              aria-describedby={resyncDescriptionID}
              onClick={() => {
                controller.resync();
              }}
            >
              <FormattedMessage id="export.resync" />
            </Button>
            <p id={resyncDescriptionID} className="cairn-export__hint">
              <FormattedMessage id="export.resync.description" />
            </p>
          </>
        )}
        <Button variant="secondary" fullWidth onClick={onClose}>
          <FormattedMessage id="action.close" />
        </Button>
      </div>
    </Dialog>
  );
}

/** The run going on, or the last one: when it was and how it ended. */
function ExportState({ view }: { view: Exclude<ExportView, { kind: "no-folder" }> }) {
  const intl = useIntl();
  if (view.kind === "loading") {
    return (
      <p className="cairn-export__loading" role="status" data-testid="export-loading">
        <span className="cairn-export__spinner" aria-hidden="true" />
        <FormattedMessage id="export.loading" />
      </p>
    );
  }
  const lastExport = (
    <p className="cairn-export__last" data-testid="export-last">
      <span className="cairn-export__label">
        <FormattedMessage id="export.lastExport" />
      </span>
      <span>
        {view.lastExportMs === null ? (
          <FormattedMessage id="export.lastExport.never" />
        ) : (
          intl.formatDate(view.lastExportMs, { dateStyle: "medium", timeStyle: "short" })
        )}
      </span>
    </p>
  );
  if (view.kind === "idle") {
    return (
      <>
        {lastExport}
        {view.note !== undefined && <ExportNoteText note={view.note} />}
      </>
    );
  }
  const { progress } = view;
  const percent = progress === undefined ? undefined : Math.round(exportFraction(progress) * 100);
  const stage = intl.formatMessage({ id: view.stageLabelID });
  return (
    <>
      <div className="cairn-export__progress" data-testid="export-progress">
        <p className="cairn-export__stage" role="status">
          <span>{stage}</span>
          {progress !== undefined && (
            <span className="cairn-export__counts">
              <FormattedMessage
                id="export.progress"
                values={{ success: progress.success, total: progress.total }}
              />
              {progress.failed > 0 && (
                <span className="cairn-export__failed" data-testid="export-failed">
                  <FormattedMessage
                    id="export.progress.failed"
                    values={{ failed: progress.failed }}
                  />
                </span>
              )}
            </span>
          )}
        </p>
        {/* Before the files are counted, the bar moves without a value (indeterminate). */}
        <div
          className={`cairn-export__bar${percent === undefined ? " cairn-export__bar--indeterminate" : ""}`}
          role="progressbar"
          aria-label={stage}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div
            className="cairn-export__fill"
            style={
              percent === undefined
                ? undefined
                : ({ "--cairn-export-fill": `${String(percent)}%` } as CSSProperties)
            }
          />
        </div>
      </div>
      {lastExport}
    </>
  );
}

function ExportNoteText({ note }: { note: ExportNote }) {
  switch (note.kind) {
    case "problem":
      return (
        <p className="cairn-export__note cairn-export__note--warning" role="alert">
          <FormattedMessage id={exportProblemMessage[note.problem]} />
        </p>
      );
    case "stopped":
      return (
        <p className="cairn-export__note" role="status">
          <FormattedMessage id="export.note.stopped" />
        </p>
      );
    case "files-failed":
      return (
        <p className="cairn-export__note cairn-export__note--warning" role="status">
          <FormattedMessage id="export.note.filesFailed" values={{ failed: note.failed }} />
        </p>
      );
  }
}
