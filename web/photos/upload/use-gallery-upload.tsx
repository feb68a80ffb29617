// The gallery's upload as the person sees it: files picked with the upload
// button or dropped anywhere on the page go to the open album of the user's at
// once, else to the album the target dialog asks for; the panel follows the
// run, a refusal that ends it shows its dialog, and "Retry failed" sends those
// files again. The run itself is the worker's, behind the page's
// `UploadClient`.

import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { FormattedMessage } from "react-intl";
import type { GallerySummary } from "../../../shared/model/library/gallery-summary";
import type { PickedFile, UploadRequest } from "../../../workers/upload/upload-contract";
import { useSessionExpiredDialog } from "../../common/account-screens/session/session-expired";
import { useMessageDialog } from "../../common/dialog/dialog-state";
import { log } from "../../common/log/log";
import { useNotify } from "../../common/shell/notification";
import { droppedPicks } from "./dropped-picks";
import { retryRequests } from "./retry-picks";
import { useUploadClient } from "./upload-client-context";
import { runEndingDisplay, type Uploader } from "./upload-messages";
import { UploadPanel } from "./UploadPanel";
import { pickShapeOf } from "./upload-picks";
import { isRunOnItsWay, runIDForRequest, UploadRunStore } from "./upload-run";
import { openUploadAlbum, uploadOffered, uploadsToLibrary } from "./upload-targets";
import { UploadTargetDialog } from "./UploadTargetDialog";
import { useFileDrop } from "./use-file-drop";
import "./upload.css";

/** The page's numbers for picks, unique in its session. See: [Note: Retrying exactly the files that failed] */
let lastPickID = 0;
const nextPickID = (): number => ++lastPickID;

export interface GalleryUploadOptions {
  /** The open view's summary: files go straight into it when it is an album of the user's. */
  openSummary: GallerySummary | undefined;
  /** The albums bar's summaries (the target dialog's albums). */
  summaries: readonly GallerySummary[];
  /** Files go into this album at once, whatever the open view (a public link's album). */
  album?: { id: number; name: string } | undefined;
  /**
   * Completes a request before it is sent (a public link's visitor gives
   * their name); undefined drops it (the person backed out).
   */
  completeRequest?: ((request: UploadRequest) => Promise<UploadRequest | undefined>) | undefined;
  /** A public link's visitor: refusals speak of the album owner's storage. */
  uploader?: Uploader | undefined;
}

export interface GalleryUpload {
  /** Uploads picked files (asking where first when needed); undefined without an upload client. */
  start: ((picks: readonly PickedFile[]) => void) | undefined;
  /**
   * Asks for an album, then uploads picked files into it: where `start`
   * would send loose files to no album. See: [Note: Uploading from the timeline needs no album]
   */
  startIntoAlbum: ((picks: readonly PickedFile[]) => void) | undefined;
  /** Over the gallery column while files are dragged over the page. */
  dropOverlay: ReactNode;
  /** The target dialog, while it asks. */
  targetDialog: ReactNode;
  /** The progress panel, from a run's start until the person closes it. */
  panel: ReactNode;
  /** Files finished and in all, while a run is on its way (the header says so). */
  progress: UploadProgressCount | undefined;
}

export interface UploadProgressCount {
  finished: number;
  total: number;
}

export function useGalleryUpload({
  openSummary,
  summaries,
  album,
  completeRequest,
  uploader = "account",
}: GalleryUploadOptions): GalleryUpload {
  const client = useUploadClient();
  const [store] = useState(() => new UploadRunStore());
  const run = useSyncExternalStore(store.subscribe, store.getState);
  const [asking, setAsking] = useState<readonly PickedFile[] | undefined>();
  const { showMessageDialog, showErrorDialog } = useMessageDialog();
  const showSessionExpired = useSessionExpiredDialog();
  const notify = useNotify();
  const openAlbum = album ?? openUploadAlbum(openSummary);
  const toLibrary = album === undefined && uploadsToLibrary(openSummary);
  // See `uploadOffered`: a public link's album (`album`) decides for itself.
  const offered = album !== undefined || uploadOffered(openSummary);

  const sendNow = useCallback(
    (asked: UploadRequest) => {
      if (client === undefined) return;
      // See: [Note: Retrying exactly the files that failed]
      const request: UploadRequest = {
        ...asked,
        files: asked.files.map((pick) => ({ ...pick, pickID: nextPickID() })),
      };
      // The request joins the run on its way, as the worker does: both are
      // decided here, before any other request can change the store.
      const runID = runIDForRequest(store.getState());
      store.dispatch({
        kind: "requested",
        picks: request.files.map((pick) => ({ pick, target: request.target })),
      });
      Promise.resolve()
        .then(() =>
          client.upload(request, (snapshot) => {
            store.dispatch({ kind: "progress", runID, snapshot });
          }),
        )
        .then(
          (snapshot) => {
            store.dispatch({ kind: "answered", runID, snapshot });
          },
          (error: unknown) => {
            log.error("The upload run failed", error);
            store.dispatch({ kind: "failed", runID });
          },
        );
    },
    [client, store],
  );

  const send = useCallback(
    (asked: UploadRequest) => {
      if (completeRequest === undefined) {
        sendNow(asked);
        return;
      }
      completeRequest(asked).then(
        (completed) => {
          if (completed !== undefined) sendNow(completed);
        },
        (error: unknown) => {
          log.error("Could not prepare an upload", error);
        },
      );
    },
    [completeRequest, sendNow],
  );

  const start = useCallback(
    (picks: readonly PickedFile[]) => {
      const shape = pickShapeOf(picks);
      if (shape === "empty") return;
      if (shape === "mixed") {
        // See: [Note: Loose files and folders are not uploaded together]
        showMessageDialog({
          title: <FormattedMessage id="upload.mixed.title" />,
          message: <FormattedMessage id="upload.mixed.message" />,
        });
        return;
      }
      if (openAlbum !== undefined) {
        send({ files: picks, target: { kind: "album", collectionID: openAlbum.id } });
      } else if (toLibrary && shape === "loose-files") {
        // See: [Note: Uploading from the timeline needs no album]
        send({ files: picks, target: { kind: "library" } });
      } else {
        setAsking(picks);
      }
    },
    [openAlbum, toLibrary, send, showMessageDialog],
  );

  const startIntoAlbum = useCallback((picks: readonly PickedFile[]) => {
    if (picks.length > 0) setAsking(picks);
  }, []);

  const takeDrop = useCallback(
    (data: DataTransfer) => {
      droppedPicks(data).then(
        ({ picks, unreadable }) => {
          if (unreadable.length > 0) {
            log.warn(
              `Left out ${String(unreadable.length)} dropped entries that could not be read`,
            );
            notify(
              <FormattedMessage id="upload.unreadable" values={{ count: unreadable.length }} />,
              { variant: "critical" },
            );
          }
          start(picks);
        },
        (error: unknown) => {
          log.error("Could not read a drop", error);
          showErrorDialog();
        },
      );
    },
    [notify, start, showErrorDialog],
  );

  const dragging = useFileDrop(
    client === undefined || !offered ? undefined : takeDrop,
    asking === undefined,
  );

  // A refusal that ended the run says so once, as soon as it is known.
  const endedBy = run.snapshot?.endedBy;
  const explainedRunRef = useRef(0);
  useEffect(() => {
    if (endedBy === undefined || explainedRunRef.current === run.runID) return;
    explainedRunRef.current = run.runID;
    const display = runEndingDisplay(endedBy, uploader);
    if (display.kind === "session-expired") {
      showSessionExpired();
    } else {
      showMessageDialog({
        title: <FormattedMessage id={display.title} />,
        message: <FormattedMessage id={display.message} />,
      });
    }
  }, [endedBy, run.runID, showMessageDialog, showSessionExpired, uploader]);

  const confirmCancel = () => {
    showMessageDialog({
      title: <FormattedMessage id="upload.cancel.title" />,
      message: <FormattedMessage id="upload.cancel.message" />,
      close: { label: <FormattedMessage id="upload.cancel.keep" /> },
      proceed: {
        label: <FormattedMessage id="upload.cancel" />,
        variant: "critical",
        action: () => {
          // The run may have ended while the question was open.
          if (isRunOnItsWay(store.getState())) client?.cancelUpload();
        },
      },
    });
  };

  const retry = () => {
    const { snapshot, picks } = store.getState();
    if (snapshot === undefined) return;
    for (const request of retryRequests(snapshot, picks)) send(request);
  };

  return {
    start: client === undefined || !offered ? undefined : start,
    startIntoAlbum: client === undefined || !offered || !toLibrary ? undefined : startIntoAlbum,
    progress: isRunOnItsWay(run)
      ? {
          finished: run.snapshot?.finishedCount ?? 0,
          // Before the first snapshot the worker has not counted the files: the picks stand in.
          total: run.snapshot?.totalCount ?? run.picks.length,
        }
      : undefined,
    dropOverlay: dragging && (
      <div className="cairn-upload-drop" data-testid="upload-drop-overlay">
        <div className="cairn-upload-drop__card">
          <p className="cairn-upload-drop__text">
            {openAlbum !== undefined ? (
              <FormattedMessage id="upload.drop.toAlbum" values={{ album: openAlbum.name }} />
            ) : toLibrary ? (
              <FormattedMessage id="upload.drop.toLibrary" />
            ) : (
              <FormattedMessage id="upload.drop" />
            )}
          </p>
        </div>
      </div>
    ),
    targetDialog: asking !== undefined && (
      <UploadTargetDialog
        picks={asking}
        summaries={summaries}
        onChoose={(target) => {
          setAsking(undefined);
          send({ files: asking, target });
        }}
        onClose={() => {
          setAsking(undefined);
        }}
      />
    ),
    panel: !run.closed && (
      <UploadPanel
        key={run.runID}
        run={run}
        onCancel={confirmCancel}
        onRetry={retry}
        onClose={() => {
          store.dispatch({ kind: "closed" });
        }}
      />
    ),
  };
}
