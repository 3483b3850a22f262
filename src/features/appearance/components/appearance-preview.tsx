// The live preview of the Appearance screen (docs/PRODUCT.md §27): the real
// public page in a frame of the same origin (decision 077), drawn in the
// choice not saved yet. The screen changes the framed page as the server
// would draw it: `data-theme` and `data-font` on its <html>, the theme's and
// the font pair's stylesheets, the accent's custom properties, and the
// sections' order and visibility as CSS; the `dark` class in dark mode. No
// server change, no request beyond the page and the stylesheets.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Appearance } from '@shared/contract/types.ts'
import { Button } from '@/components/ui/button'
import { accentCss } from '@/lib/accent'

// Every theme's and font pair's stylesheet, by source path: the build emits
// each as a file and gives its address; without one (the tests) the source's,
// which the development server serves as CSS (as src/ssr/appearance-head.ts).
const styleUrls = import.meta.glob<string>(['/src/themes/*/theme.css', '/src/themes/fonts/*.css'], {
  query: '?url',
  import: 'default',
  eager: true,
})
const styleUrl = (source: string) => (source in styleUrls ? styleUrls[source] || source : undefined)
const themeUrl = (theme: string) => styleUrl(`/src/themes/${theme}/theme.css`)
const fontUrl = (font: string) => styleUrl(`/src/themes/fonts/${font}.css`)

const HEX = /^#[0-9a-fA-F]{6}$/

export type PreviewMode = 'light' | 'dark'
export type PreviewWidth = 'phone' | 'desktop'

/** The framed page's widths: a phone's, and a desktop's shown at half size. */
export const PREVIEW_WIDTHS: Record<
  PreviewWidth,
  { width: number; height: number; scale: number }
> = {
  phone: { width: 390, height: 720, scale: 1 },
  desktop: { width: 1280, height: 900, scale: 0.5 },
}

/** The CSS that shows the home page's sections in `sections`' order, the hidden ones not at all. */
export function sectionsCss(sections: Appearance['sections']): string {
  // #main is a column the sections are ordered in; a theme's own grid (Sidebar's) outranks this.
  return [
    '#main{display:flex;flex-direction:column}',
    ...sections.map(({ id, visible }, i) =>
      visible ? `#main>#${id}{order:${i + 1}}` : `#main>#${id}{display:none}`,
    ),
  ].join('')
}

/** `choice` drawn on the framed page's document, in `mode`. */
export function applyPreview(doc: Document, choice: Appearance, mode: PreviewMode): void {
  const html = doc.documentElement
  html.dataset.theme = choice.theme
  html.dataset.font = choice.font
  html.classList.toggle('dark', mode === 'dark')
  html.style.colorScheme = mode
  const head = doc.head ?? html
  const sheet = (id: string, href: string | undefined) => {
    let link = doc.getElementById(id) as HTMLLinkElement | null
    if (!href) return link?.remove()
    if (!link) {
      link = doc.createElement('link')
      link.id = id
      link.rel = 'stylesheet'
      head.append(link)
    }
    if (link.getAttribute('href') !== href) link.setAttribute('href', href)
  }
  sheet('vitrine-preview-theme', themeUrl(choice.theme))
  sheet('vitrine-preview-font', choice.font === 'system' ? undefined : fontUrl(choice.font))
  const style = (id: string, css: string) => {
    let element = doc.getElementById(id)
    if (!element) {
      element = doc.createElement('style')
      element.id = id
      head.append(element)
    }
    // The accent comes after the stylesheets, as in the server's page.
    head.append(element)
    element.textContent = css
  }
  // The server's accent stays while the colour being typed is not #rrggbb yet.
  if (HEX.test(choice.accent)) style('vitrine-accent', accentCss(choice.accent))
  style('vitrine-preview-sections', sectionsCss(choice.sections))
}

function Toggle<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string
  options: [T, string][]
  value: T
  onChange: (value: T) => void
}) {
  return (
    <div role="group" aria-label={label} className="flex gap-1">
      {options.map(([option, name]) => (
        <Button
          key={option}
          type="button"
          size="sm"
          variant={value === option ? 'default' : 'outline'}
          aria-pressed={value === option}
          onClick={() => onChange(option)}
        >
          {name}
        </Button>
      ))}
    </div>
  )
}

export function AppearancePreview({ choice, src = '/' }: { choice: Appearance; src?: string }) {
  const frame = useRef<HTMLIFrameElement>(null)
  const [mode, setMode] = useState<PreviewMode>('light')
  const [width, setWidth] = useState<PreviewWidth>('phone')
  const draw = useCallback(() => {
    const doc = frame.current?.contentDocument
    if (doc?.documentElement) applyPreview(doc, choice, mode)
  }, [choice, mode])
  // Drawn again on every change, and on every load of the frame (a link followed in it too).
  useEffect(draw, [draw])
  const size = PREVIEW_WIDTHS[width]
  return (
    <section
      aria-labelledby="preview-title"
      className="grid gap-3 min-[1600px]:sticky min-[1600px]:top-4"
    >
      <div className="grid gap-1">
        <h2 id="preview-title" className="text-sm font-medium">
          Preview
        </h2>
        <p id="preview-hint" className="text-sm text-muted-foreground">
          Your public page with the choices above, before you save them.
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Toggle
          label="Preview colours"
          options={[
            ['light', 'Light'],
            ['dark', 'Dark'],
          ]}
          value={mode}
          onChange={setMode}
        />
        <Toggle
          label="Preview width"
          options={[
            ['phone', 'Phone (390 px)'],
            ['desktop', 'Desktop (1280 px)'],
          ]}
          value={width}
          onChange={setWidth}
        />
      </div>
      <div
        className="overflow-hidden rounded-lg border bg-muted"
        style={{
          width: size.width * size.scale,
          height: size.height * size.scale,
          maxWidth: '100%',
        }}
      >
        <iframe
          ref={frame}
          src={src}
          title="Preview of your public page"
          aria-describedby="preview-hint"
          data-width={width}
          onLoad={draw}
          width={size.width}
          height={size.height}
          className="origin-top-left border-0 bg-background"
          style={{ transform: size.scale === 1 ? undefined : `scale(${size.scale})` }}
        />
      </div>
    </section>
  )
}
