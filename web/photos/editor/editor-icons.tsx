// Line icons of the photo editor's controls, drawn like the viewer's.
// Decorative: the button that holds one carries the accessible label.

import { Icon, type IconProps } from "../../common/brand/icons";

const editorIconSizePx = 22;

export const UndoIcon = (props: IconProps) => (
  <Icon size={editorIconSizePx} {...props}>
    <path d="M9 14 4.5 9.5 9 5M4.5 9.5h10a5 5 0 0 1 0 10H11" />
  </Icon>
);

export const RedoIcon = (props: IconProps) => (
  <Icon size={editorIconSizePx} {...props}>
    <path d="m15 14 4.5-4.5L15 5M19.5 9.5h-10a5 5 0 0 0 0 10H13" />
  </Icon>
);

export const RotateLeftIcon = (props: IconProps) => (
  <Icon size={editorIconSizePx} {...props}>
    <path d="M4.5 4.5v5h5M5.2 9.5A7.5 7.5 0 1 1 7 17.3" />
  </Icon>
);

export const RotateRightIcon = (props: IconProps) => (
  <Icon size={editorIconSizePx} {...props}>
    <path d="M19.5 4.5v5h-5M18.8 9.5A7.5 7.5 0 1 0 17 17.3" />
  </Icon>
);

export const FlipHorizontalIcon = (props: IconProps) => (
  <Icon size={editorIconSizePx} {...props}>
    <path d="M12 3.5v17M9 6.5 3.5 17.5H9ZM15 6.5l5.5 11H15Z" />
  </Icon>
);

export const FlipVerticalIcon = (props: IconProps) => (
  <Icon size={editorIconSizePx} {...props}>
    <path d="M3.5 12h17M6.5 9 17.5 3.5V9ZM6.5 15l11 5.5V15Z" />
  </Icon>
);

export const ResetIcon = (props: IconProps) => (
  <Icon size={editorIconSizePx} {...props}>
    <path d="M5 12a7 7 0 1 0 2-4.9M7 3.5v3.8h3.8M12 9v3l2 2" />
  </Icon>
);
