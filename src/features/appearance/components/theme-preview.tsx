// A theme's card picture: the demo's home page in that theme, as the
// screenshot tour takes it (docs/screenshots.md; `theme-<id>.png`, 512 x 320),
// so the owner chooses from the real design. A theme that has no picture yet
// (one added since the tour last ran) shows its CSS sketch instead.
import { ThemeSketch } from './theme-sketch'

const pictures = import.meta.glob<string>('/docs/screenshots/theme-*.png', {
  eager: true,
  query: '?url',
  import: 'default',
})

/** The picture's address for `theme`, if the tour has taken one. */
export const themePicture = (theme: string): string | undefined =>
  pictures[`/docs/screenshots/theme-${theme}.png`]

export function ThemePreview({ theme, accent }: { theme: string; accent: string }) {
  const picture = themePicture(theme)
  if (!picture) return <ThemeSketch theme={theme} accent={accent} />
  return (
    <img
      src={picture}
      alt=""
      width={512}
      height={320}
      loading="lazy"
      decoding="async"
      className="h-24 w-full rounded-md border object-cover object-top"
    />
  )
}
