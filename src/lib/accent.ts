// The owner's accent colour, always readable (docs/PRODUCT.md §27, decision
// 074): from one #rrggbb the page derives its accent shades for light and
// dark, moving only the lightness (hue and saturation stay) until text in the
// accent keeps 4.5:1 against every background a theme may use, which also
// gives controls and focus rings their 3:1. Pure functions: the page renderer
// writes the result into the HTML, the Appearance screen shows it.

type Rgb = [number, number, number]
export type Mode = 'light' | 'dark'

/**
 * The lightest and darkest surfaces a theme may put text on, per mode: a
 * theme's backgrounds, cards and muted panels stay at least as light as the
 * light ones and at least as dark as the dark ones (src/themes/README.md).
 */
export const SURFACES: Record<Mode, readonly string[]> = {
  light: ['#ffffff', '#ebebeb'],
  dark: ['#000000', '#2e2e2e'],
}
export const TEXT_CONTRAST = 4.5
export const CONTROL_CONTRAST = 3

const rgbOf = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb
const hexOf = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`

const luminance = (hex: string) => {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

function hslOf(hex: string): Rgb {
  const [r, g, b] = rgbOf(hex).map((c) => c / 255) as Rgb
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const l = (max + min) / 2
  if (max === min) return [0, 0, l]
  const d = max - min
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min)
  const h =
    max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4
  return [h * 60, s, l]
}

function hexOfHsl([h, s, l]: Rgb): string {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))
  return hexOf([f(0) * 255, f(8) * 255, f(4) * 255])
}

const readableOn = (hex: string, mode: Mode) =>
  SURFACES[mode].every((surface) => contrast(hex, surface) >= TEXT_CONTRAST)

/**
 * `hex` as it may be used as text in `mode`: itself when readable, else the
 * nearest lightness that is (darker in light mode, lighter in dark mode).
 * Each channel grows with HSL lightness, so the contrast does too: a bisection finds it.
 */
export function readableShade(hex: string, mode: Mode): string {
  if (readableOn(hex, mode)) return hex
  const [h, s, l] = hslOf(hex)
  // light: the lightest shade in [0, l] that is readable; dark: the darkest in [l, 1].
  let [lo, hi] = mode === 'light' ? [0, l] : [l, 1]
  for (let i = 0; i < 24; i++) {
    const mid = (lo + hi) / 2
    const ok = readableOn(hexOfHsl([h, s, mid]), mode)
    if (mode === 'light') [lo, hi] = ok ? [mid, hi] : [lo, mid]
    else [lo, hi] = ok ? [lo, mid] : [mid, hi]
  }
  const found = hexOfHsl([h, s, mode === 'light' ? lo : hi])
  // Rounding to 8 bits may land a hair short: step once more past it.
  return readableOn(found, mode)
    ? found
    : hexOfHsl([h, s, mode === 'light' ? lo - 0.01 : hi + 0.01])
}

const mix = (a: string, b: string, share: number) => {
  const [x, y] = [rgbOf(a), rgbOf(b)]
  return hexOf(x.map((c, i) => c * share + y[i]! * (1 - share)) as Rgb)
}

export interface AccentShades {
  /** Buttons, links, the gradient's first stop, focus rings. */
  primary: string
  /** Text on `primary`: white or near black, whichever reads better. */
  primaryForeground: string
  /** The gradient's second stop: the accent's hue turned, as readable. */
  secondary: string
  secondaryForeground: string
  /** A faint tint for hovered rows and chips. */
  tint: string
}

export interface DerivedAccent {
  light: AccentShades
  dark: AccentShades
  /** Per mode, whether the chosen colour had to change to stay readable. */
  adjusted: Record<Mode, boolean>
}

const onColour = (hex: string) =>
  contrast(hex, '#ffffff') >= contrast(hex, '#111111') ? '#ffffff' : '#111111'

function shades(accent: string, mode: Mode): AccentShades {
  const primary = readableShade(accent, mode)
  const [h, s, l] = hslOf(accent)
  const secondary = readableShade(hexOfHsl([(h + 310) % 360, s, l]), mode)
  return {
    primary,
    primaryForeground: onColour(primary),
    secondary,
    secondaryForeground: onColour(secondary),
    tint: mix(primary, SURFACES[mode][0]!, mode === 'light' ? 0.1 : 0.22),
  }
}

/** The shades of `accent` (#rrggbb) for both modes. */
export function deriveAccent(accent: string): DerivedAccent {
  const hex = accent.toLowerCase()
  const light = shades(hex, 'light')
  const dark = shades(hex, 'dark')
  return { light, dark, adjusted: { light: light.primary !== hex, dark: dark.primary !== hex } }
}

const declarations = (s: AccentShades) =>
  `--primary:${s.primary};--primary-foreground:${s.primaryForeground};--ring:${s.primary};` +
  `--secondary:${s.secondary};--secondary-foreground:${s.secondaryForeground};--accent:${s.tint};` +
  `--chart-1:${s.primary};--chart-2:${s.secondary}`

/**
 * The accent as CSS custom properties for the page's <head>: above the
 * stylesheet's defaults and the themes' (html:root outranks :root and
 * [data-theme]); dark on screen only, as the stylesheet's dark tokens.
 */
export function accentCss(accent: string): string {
  const { light, dark } = deriveAccent(accent)
  return `html:root{${declarations(light)}}@media not print{html.dark:root{${declarations(dark)}}}`
}
