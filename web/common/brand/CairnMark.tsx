/** The Cairn mark: three stacked stones. Colours follow the theme (`--color-mark-*`). */
export function CairnMark({ size = 32, className }: { size?: number; className?: string }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M4.5 25.2c0-2.9 4.6-4.9 11.3-4.9 6.9 0 11.7 1.9 11.7 4.7 0 2.9-5 4.8-11.6 4.8-6.8 0-11.4-1.8-11.4-4.6Z"
        fill="var(--color-mark-base)"
      />
      <path
        d="M8.2 16.4c0-2.4 3.2-4 7.4-4 4.5 0 7.8 1.5 7.8 3.8 0 2.4-3.4 3.9-7.7 3.9-4.4 0-7.5-1.4-7.5-3.7Z"
        fill="var(--color-mark-middle)"
      />
      <path
        d="M11.6 8.6c0-1.9 2.1-3.1 4.9-3.1 2.9 0 5 1.2 5 3 0 1.9-2.2 3.1-5 3.1-2.8 0-4.9-1.1-4.9-3Z"
        fill="var(--color-mark-top)"
      />
    </svg>
  );
}
