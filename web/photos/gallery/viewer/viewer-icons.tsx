// Line icons of the viewer's controls (24 × 24, stroke in the current text
// colour), drawn like the app's brand icons. Decorative: the button that
// holds one carries the accessible label.

import { Icon, type IconProps } from "../../../common/brand/icons";

/** The viewer's controls are a little larger than the shell's icons. */
const viewerIconSizePx = 22;

export const HeartIcon = (props: IconProps) => (
  <Icon size={viewerIconSizePx} {...props}>
    <path d="M12 20s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7a4.4 4.4 0 0 1 7.5 2.9C19.5 15.4 12 20 12 20Z" />
  </Icon>
);

export const DownloadIcon = (props: IconProps) => (
  <Icon size={viewerIconSizePx} {...props}>
    <path d="M12 4v11M7 10.5l5 5 5-5M5 19.5h14" />
  </Icon>
);

export const CopyIcon = (props: IconProps) => (
  <Icon size={viewerIconSizePx} {...props}>
    <rect x="8.5" y="8.5" width="11" height="11" rx="2" />
    <path d="M15.5 8.5V6.5a2 2 0 0 0-2-2h-7a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h2" />
  </Icon>
);

export const InfoIcon = (props: IconProps) => (
  <Icon size={viewerIconSizePx} {...props}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 11v5.5M12 7.6v.1" />
  </Icon>
);

export const TrashIcon = (props: IconProps) => (
  <Icon size={viewerIconSizePx} {...props}>
    <path d="M4.5 7h15M9.5 7V4.8h5V7M6.5 7l.9 12.2h9.2L17.5 7M10.3 10.5v5.5M13.7 10.5v5.5" />
  </Icon>
);

export const RestoreIcon = (props: IconProps) => (
  <Icon size={viewerIconSizePx} {...props}>
    <path d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3L4.5 9M4.5 4.5V9H9" />
  </Icon>
);

export const ArchiveIcon = (props: IconProps) => (
  <Icon size={viewerIconSizePx} {...props}>
    <rect x="3.5" y="4.5" width="17" height="4" rx="1" />
    <path d="M5 8.5v10h14v-10M10 12.5h4" />
  </Icon>
);

export const HideIcon = (props: IconProps) => (
  <Icon size={viewerIconSizePx} {...props}>
    <path d="M3 3l18 18M10.6 6.1A9.8 9.8 0 0 1 12 6c5.5 0 9 6 9 6a16 16 0 0 1-2.7 3.3M6.4 7.6C4.2 9.1 3 12 3 12s3.5 6 9 6a9 9 0 0 0 4.2-1M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </Icon>
);

export const AlbumAddIcon = (props: IconProps) => (
  <Icon size={viewerIconSizePx} {...props}>
    <rect x="3.5" y="5" width="13" height="13" rx="2" />
    <path d="M20.5 9v10a2 2 0 0 1-2 2h-10M10 8.5v6M7 11.5h6" />
  </Icon>
);

export const CoverIcon = (props: IconProps) => (
  <Icon size={viewerIconSizePx} {...props}>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
    <path d="m3.5 16 5-5 4 4 3-3 5 5M15.5 8.5v.1" />
  </Icon>
);

export const ChevronLeftIcon = (props: IconProps) => (
  <Icon size={viewerIconSizePx} {...props}>
    <path d="m15 5-7 7 7 7" />
  </Icon>
);

export const ChevronRightIcon = (props: IconProps) => (
  <Icon size={viewerIconSizePx} {...props}>
    <path d="m9 5 7 7-7 7" />
  </Icon>
);

export const ZoomInIcon = (props: IconProps) => (
  <Icon size={viewerIconSizePx} {...props}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4 4M11 8.5v5M8.5 11h5" />
  </Icon>
);

export const ZoomOutIcon = (props: IconProps) => (
  <Icon size={viewerIconSizePx} {...props}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4 4M8.5 11h5" />
  </Icon>
);

export const LiveIcon = (props: IconProps) => (
  <Icon size={viewerIconSizePx} {...props}>
    <circle cx="12" cy="12" r="2.5" />
    <circle cx="12" cy="12" r="5.5" />
    <circle cx="12" cy="12" r="8.5" strokeDasharray="1.5 2.2" />
  </Icon>
);

export const FileIcon = (props: IconProps) => (
  <Icon size={viewerIconSizePx} {...props}>
    <path d="M6.5 3.5h7l4 4v13h-11zM13.5 3.5v4h4" />
  </Icon>
);

export const EditIcon = (props: IconProps) => (
  <Icon size={viewerIconSizePx} {...props}>
    <path d="M4.5 19.5h4l10-10-4-4-10 10zM13 7l4 4" />
  </Icon>
);

export const MoreIcon = (props: IconProps) => (
  <Icon size={viewerIconSizePx} {...props}>
    <circle cx="5.5" cy="12" r="1.3" fill="currentColor" />
    <circle cx="12" cy="12" r="1.3" fill="currentColor" />
    <circle cx="18.5" cy="12" r="1.3" fill="currentColor" />
  </Icon>
);

export const PlayIcon = (props: IconProps) => (
  <Icon size={viewerIconSizePx} {...props}>
    <path d="M8 5.5v13l10.5-6.5Z" />
  </Icon>
);

export const PauseIcon = (props: IconProps) => (
  <Icon size={viewerIconSizePx} {...props}>
    <path d="M8.5 5.5v13M15.5 5.5v13" />
  </Icon>
);
