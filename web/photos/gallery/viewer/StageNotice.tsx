// The parts of the viewer's stage that stand in for a file it cannot show
// (yet): a notice saying why, over the file's blurred thumbnail.

import type { ReactNode } from "react";

export function Notice({
  title,
  detail,
  children,
}: {
  title: ReactNode;
  detail?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="gallery-viewer__notice" role="status">
      <p className="gallery-viewer__notice-title">{title}</p>
      {detail !== undefined && <p className="gallery-viewer__notice-detail">{detail}</p>}
      {children}
    </div>
  );
}

export function Placeholder({ url }: { url: string | undefined }) {
  if (url === undefined) return null;
  return (
    <img
      className="gallery-viewer__media gallery-viewer__media--placeholder"
      src={url}
      alt=""
      aria-hidden="true"
      draggable={false}
      data-testid="viewer-placeholder"
    />
  );
}
