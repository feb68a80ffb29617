/** The check mark of the grid's checkboxes (a tile's, a day's), in the current text colour. */
export function CheckIcon({ sizePx = 14 }: { sizePx?: number }) {
  return (
    <svg viewBox="0 0 16 16" width={sizePx} height={sizePx} aria-hidden="true">
      <path
        d="M3.5 8.5l3 3 6-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
