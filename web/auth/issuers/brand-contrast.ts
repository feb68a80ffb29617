// Whether a brand colour stays visible on the icon's background in each
// theme. Pure.

/**
 * [Note: A brand colour too close to the theme's background is drawn in the text colour]
 *
 * A brand icon is drawn in its brand colour on the theme's
 * `--color-surface-hover` (tokens.css: #26272c dark, #efefec light). Many
 * brands are near black (GitHub #181717, X and Apple #000000, PayPal's
 * navy) and vanish on the dark theme; a few are pale (Mailchimp #FFE01B,
 * Wise #9FE870) and fade on the light one. Where the colour's contrast with
 * that background is under 1.5:1, the icon is drawn in the theme's
 * `--color-text` instead: still the brand's shape, always visible.
 *
 * Why 1.5 and not WCAG's 3:1 for graphics (1.4.11): logos are exempt from
 * it, the icon is decorative (the issuer's name is written beside it), and
 * at 3:1 half the icons lost their colour (Reddit's orange, Cloudflare's,
 * GitLab's on light; every mid blue on dark) although they read well. At
 * 1.5:1 it is the near-black and navy brands on dark (28 of the list) and
 * the yellows and limes on light (6). The backgrounds below must follow
 * tokens.css.
 */
export const minBrandContrast = 1.5;

/** `--color-surface-hover` of each theme, as in tokens.css. */
const iconBackgroundHex = { dark: "26272c", light: "efefec" } as const;

export type ThemeName = keyof typeof iconBackgroundHex;

/** WCAG relative luminance of a 6-digit hex colour (no "#"). */
const relativeLuminance = (hex: string): number => {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
};

/** WCAG contrast ratio of two hex colours, 1 to 21. */
export const contrastRatio = (hexA: string, hexB: string): number => {
  const [lighter, darker] = [relativeLuminance(hexA), relativeLuminance(hexB)].sort(
    (a, b) => b - a,
  );
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
};

/**
 * Whether `brandHex` is drawn in the text colour in `theme`.
 * See: [Note: A brand colour too close to the theme's background is drawn in the text colour]
 */
export const brandHiddenOn = (brandHex: string, theme: ThemeName): boolean =>
  contrastRatio(brandHex, iconBackgroundHex[theme]) < minBrandContrast;
