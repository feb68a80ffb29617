// The navigation's icons, one per place (24 × 24 line icons; the link that
// holds one carries the label). Favorites, archive, hidden and trash reuse
// the viewer's icons, so an action and its place look alike.

import { Icon, type IconProps } from "../../../common/brand/icons";
import { ArchiveIcon, HeartIcon, HideIcon, TrashIcon } from "../viewer/viewer-icons";
import type { NavPlace } from "./nav-entries";

const PhotosIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2.5" />
    <circle cx="9" cy="10" r="1.6" />
    <path d="m4 17 5-4.5 3.5 3 3-2.5 4.5 4" />
  </Icon>
);

const AlbumsIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3.5" y="3.5" width="7" height="7" rx="1.6" />
    <rect x="13.5" y="3.5" width="7" height="7" rx="1.6" />
    <rect x="3.5" y="13.5" width="7" height="7" rx="1.6" />
    <rect x="13.5" y="13.5" width="7" height="7" rx="1.6" />
  </Icon>
);

const SharingIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="9" cy="8.5" r="3.2" />
    <path d="M3.5 19.5a5.5 5.5 0 0 1 11 0" />
    <circle cx="17" cy="9.5" r="2.4" />
    <path d="M16 14.2a4.5 4.5 0 0 1 5 4.3" />
  </Icon>
);

/** A head and shoulders in a frame: the people in the photos. */
const PeopleIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="3" />
    <circle cx="12" cy="10" r="3.2" />
    <path d="M6.5 20a5.5 5.5 0 0 1 11 0" />
  </Icon>
);

/** A folded map with a pin: the map of the photos' places. */
export const MapIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3.5 6.5 9 4.5l6 2 5.5-2v13l-5.5 2-6-2-5.5 2z" />
    <path d="M9 4.5v13M15 6.5v13" />
  </Icon>
);

const SettingsIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2.8v2.4M12 18.8v2.4M4.6 4.6l1.7 1.7M17.7 17.7l1.7 1.7M2.8 12h2.4M18.8 12h2.4M4.6 19.4l1.7-1.7M17.7 6.3l1.7-1.7" />
  </Icon>
);

const icons: Record<NavPlace, (props: IconProps) => React.JSX.Element> = {
  photos: PhotosIcon,
  albums: AlbumsIcon,
  sharing: SharingIcon,
  people: PeopleIcon,
  map: MapIcon,
  favorites: HeartIcon,
  archive: ArchiveIcon,
  hidden: HideIcon,
  trash: TrashIcon,
  settings: SettingsIcon,
};

export function NavIcon({ place }: { place: NavPlace }) {
  const PlaceIcon = icons[place];
  return <PlaceIcon className="cairn-nav__icon" />;
}
