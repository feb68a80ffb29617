// The fonts and global styles every app loads once, at start-up. Inter is
// bundled from @fontsource (never fetched from a font service); each weight's
// CSS lists its unicode-range subsets, so a browser downloads only the
// subsets a page uses.
import "@fontsource/inter/400.css";
import "@fontsource/inter/500.css";
import "@fontsource/inter/600.css";
import "@fontsource/inter/700.css";
import "./tokens.css";
import "./base.css";
