// The 1200×630 link-preview image drawn for the site from its content
// (docs/decisions/023-server-rendered-pages.md, "The site image"): the owner,
// the hero title and, for a project without a screenshot, its name and years.
// satori lays the tree out as SVG with the text as paths, and resvg turns that
// into a PNG. Everything it needs is local: the font comes from an npm package,
// nothing is fetched while drawing. Server-only code: the browser never loads it.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { Resvg } from '@resvg/resvg-js'
import satori from 'satori'
import { SITE_IMAGE_HEIGHT, SITE_IMAGE_WIDTH } from '../src/ssr/site-image.ts'

export interface SiteImageContent {
  /** The owner's name, or the page title when there is none. */
  owner: string
  /** The hero title, both lines. */
  heroTitle: string
  /** A project's page: its name and years ('2021 – 2023', '' when unknown). */
  project?: { name: string; years: string } | null
  /** The site's host, shown small in a corner so the preview says where it leads. */
  host?: string
  /** The page's direction: right to left lines its texts up on the right (Arabic, Hebrew, …). */
  dir?: 'ltr' | 'rtl'
}

// The product's colours (src/index.css): primary pink, secondary purple, on the dark theme's background.
const COLORS = {
  background: '#1a1220',
  card: '#241a2c',
  foreground: '#fdf2f8',
  muted: '#c4b5d0',
  primary: '#ec4899',
  secondary: '#a855f7',
}

type FontOptions = Parameters<typeof satori>[1]['fonts'][number]

// Latin and Latin Extended in two weights (satori reads woff, not woff2); a glyph the
// first file lacks is looked up in the next.
// satori keeps one file per name and weight, hence a second family name for the extension.
// Arabic script comes from the CV's Noto Sans Arabic (satori shapes it and
// lays its words out right to left), so a page in Arabic has an image in Arabic.
const ARABIC = '../supabase/functions/_shared/resume/fonts'
const FONT_FILES: [file: string, name: string, weight: 400 | 700][] = [
  ['@fontsource/inter/files/inter-latin-400-normal.woff', 'Inter', 400],
  ['@fontsource/inter/files/inter-latin-700-normal.woff', 'Inter', 700],
  ['@fontsource/inter/files/inter-latin-ext-400-normal.woff', 'Inter Ext', 400],
  ['@fontsource/inter/files/inter-latin-ext-700-normal.woff', 'Inter Ext', 700],
  [`${ARABIC}/NotoSansArabic_400Regular.ttf`, 'Noto Sans Arabic', 400],
  [`${ARABIC}/NotoSansArabic_700Bold.ttf`, 'Noto Sans Arabic', 700],
]

let fonts: Promise<FontOptions[]> | null = null

function loadFonts(): Promise<FontOptions[]> {
  const require = createRequire(import.meta.url)
  fonts ??= Promise.all(
    FONT_FILES.map(async ([file, name, weight]) => {
      const bytes = await readFile(
        file.startsWith('.') ? new URL(file, import.meta.url) : require.resolve(file),
      )
      const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
      return { name, data: data as ArrayBuffer, weight, style: 'normal' as const }
    }),
  ).catch((error: unknown) => {
    fonts = null
    throw error
  })
  return fonts
}

interface Node {
  type: string
  props: { style?: Record<string, unknown>; children?: Node | string | (Node | string)[] }
}

const el = (style: Record<string, unknown>, children?: Node['props']['children']): Node => ({
  type: 'div',
  props: { style, children },
})

/** Smaller type for longer text, so a long name still fits in two lines. */
const sizeFor = (text: string, sizes: [max: number, px: number][], smallest: number) =>
  sizes.find(([max]) => text.length <= max)?.[1] ?? smallest

const clamped = (text: string, style: Record<string, unknown>) =>
  el({ display: 'block', lineClamp: 2, ...style }, text)

export function siteImageTree(content: SiteImageContent): Node {
  const { owner, heroTitle, project, host } = content
  const rtl = content.dir === 'rtl'
  // Right to left: each block lines up on the right, and a row starts there.
  const side = rtl ? { alignItems: 'flex-end', textAlign: 'right' } : {}
  const row = rtl ? 'row-reverse' : 'row'
  const main = project
    ? [
        clamped(project.name, {
          fontSize: sizeFor(
            project.name,
            [
              [18, 96],
              [32, 76],
              [56, 60],
            ],
            48,
          ),
          fontWeight: 700,
          lineHeight: 1.1,
          color: COLORS.foreground,
        }),
        project.years
          ? el(
              { display: 'flex', marginTop: 28, fontSize: 36, color: COLORS.primary },
              project.years,
            )
          : null,
      ]
    : [
        clamped(heroTitle, {
          fontSize: sizeFor(
            heroTitle,
            [
              [24, 104],
              [40, 84],
              [64, 64],
            ],
            52,
          ),
          fontWeight: 700,
          lineHeight: 1.05,
          letterSpacing: -2,
          color: COLORS.primary,
        }),
      ]
  return el(
    {
      width: SITE_IMAGE_WIDTH,
      height: SITE_IMAGE_HEIGHT,
      display: 'flex',
      flexDirection: 'column',
      backgroundColor: COLORS.background,
      backgroundImage: `linear-gradient(135deg, ${COLORS.background} 55%, ${COLORS.card} 100%)`,
      fontFamily: 'Inter, Inter Ext, Noto Sans Arabic',
      color: COLORS.foreground,
    },
    [
      el({
        display: 'flex',
        height: 14,
        backgroundImage: `linear-gradient(90deg, ${COLORS.primary}, ${COLORS.secondary})`,
      }),
      el(
        {
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          flexGrow: 1,
          padding: '64px 80px 56px',
          ...side,
        },
        [
          el({ display: 'flex', flexDirection: row, alignItems: 'center' }, [
            el({
              display: 'flex',
              width: 20,
              height: 20,
              borderRadius: 10,
              [rtl ? 'marginLeft' : 'marginRight']: 20,
              backgroundImage: `linear-gradient(135deg, ${COLORS.primary}, ${COLORS.secondary})`,
            }),
            clamped(owner, { fontSize: 40, fontWeight: 700, lineClamp: 1, maxWidth: 1000 }),
          ]),
          el(
            { display: 'flex', flexDirection: 'column', ...side },
            main.filter((n) => n !== null),
          ),
          el(
            {
              display: 'flex',
              flexDirection: row,
              alignSelf: 'stretch',
              justifyContent: 'space-between',
              alignItems: 'flex-end',
              fontSize: 28,
              color: COLORS.muted,
            },
            [
              // On a project's image the hero title says what the owner does; on the home image it is the headline already.
              el({ display: 'flex', maxWidth: 760 }, project ? heroTitle : ''),
              el({ display: 'flex' }, host ?? ''),
            ],
          ),
        ],
      ),
    ],
  )
}

/** The image as PNG bytes. */
export async function renderSiteImage(content: SiteImageContent): Promise<Uint8Array> {
  const svg = await satori(siteImageTree(content) as unknown as Parameters<typeof satori>[0], {
    width: SITE_IMAGE_WIDTH,
    height: SITE_IMAGE_HEIGHT,
    fonts: await loadFonts(),
  })
  // The text is already paths in the SVG, so resvg needs no fonts of its own (and skips looking for the system's).
  const png = new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng()
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength)
}
