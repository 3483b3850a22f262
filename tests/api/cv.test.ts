// The CV as a PDF (docs/PRODUCT.md §21): GET /cv.pdf is a real PDF whose text
// (read back with poppler's pdftotext) holds the portfolio in any script its
// embedded font (Inter) covers, runs over pages when long, and is never stale
// after a write (it is cached per content version like the other public reads).
// On the Deno target the edge function runs without the right to read the font
// files (tests/support/edge-function.ts), as deployed: its CVs are written from
// the fonts bundled as a module.
import fontkit from '@pdf-lib/fontkit'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFRawStream,
} from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { resumeSample } from '@test-support/resume-sample.ts'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

/** The owner, as the configurations say. */
const owner = {
  ownerName: 'Zoë Quiñones',
  heroTitle1: 'BACKEND',
  heroTitle2: 'ENGINEER',
  email: 'zoe@example.com',
  githubUrl: 'https://github.com/zoeq',
  location: 'Utrecht, Nederland',
  links: JSON.stringify([{ kind: 'website', url: 'https://zoe.example/' }]),
}
let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
  for (const [name, value] of Object.entries(owner)) {
    const set = await t.request('POST', '/configs', { token: r.admin.token, body: { name, value } })
    expect(set.status).toBeLessThan(300)
  }
  const imported = await t.request('POST', '/resume/import', {
    token: r.admin.token,
    body: resumeSample,
  })
  expect(imported.status).toBe(200)
})
afterAll(() => t.close())

/** The PDF's text as pdftotext reads it (words joined by single spaces). */
function pdfText(pdf: Uint8Array): string {
  const run = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf })
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr.toString()}`)
  return run.stdout.toString('utf8').replace(/\s+/g, ' ')
}
const pages = (pdf: Uint8Array) => {
  const run = spawnSync('pdfinfo', ['-'], { input: pdf })
  return Number(/Pages:\s+(\d+)/.exec(run.stdout.toString())?.[1])
}

/** The font files the CV embeds, as they ship (OFL-1.1, Inter 4.001). */
const interFile = (name: string) =>
  fontkit.create(
    readFileSync(new URL(`../../supabase/functions/_shared/resume/fonts/${name}`, import.meta.url)),
  )
const inter = { regular: interFile('Inter_400Regular.ttf'), bold: interFile('Inter_700Bold.ttf') }

/**
 * Each font the PDF embeds: its name and, for each glyph its text uses, the
 * characters it stands for (its ToUnicode map) and its outline as SVG path data.
 */
async function embeddedFonts(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf)
  const { context } = doc
  const bytesOf = (value: PDFObject | undefined) => {
    const stream = context.lookup(value)
    if (!(stream instanceof PDFRawStream)) throw new Error('expected a stream')
    return decodePDFRawStream(stream).decode()
  }
  const fonts: { name: string; glyphs: { text: string; outline: string }[] }[] = []
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Subtype')) !== PDFName.of('Type0'))
      continue
    const cidFont = context.lookup(
      context.lookup(object.get(PDFName.of('DescendantFonts')), PDFArray).get(0),
      PDFDict,
    )
    const descriptor = context.lookup(cidFont.get(PDFName.of('FontDescriptor')), PDFDict)
    const program = fontkit.create(bytesOf(descriptor.get(PDFName.of('FontFile2'))))
    const toUnicode = new TextDecoder().decode(bytesOf(object.get(PDFName.of('ToUnicode'))))
    const glyphs = [...toUnicode.matchAll(/^<([0-9a-f]+)> <([0-9a-f]+)>$/gim)].map(
      ([, id, hex]) => ({
        text: String.fromCharCode(...hex!.match(/.{4}/g)!.map((unit) => parseInt(unit, 16))),
        outline: program.getGlyph(parseInt(id!, 16)).path.toSVG(),
      }),
    )
    fonts.push({ name: String(object.get(PDFName.of('BaseFont'))), glyphs })
  }
  return fonts
}

const getCv = (token?: string) => t.request<Uint8Array>('GET', '/cv.pdf', { token, binary: true })

describe('GET /cv.pdf', () => {
  test('a PDF for visitors, inline with the owner as its file name, whose text holds the portfolio', async () => {
    const res = await getCv()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toBe('inline; filename="zoe-quinones-cv.pdf"')
    expect(new TextDecoder().decode(res.body.slice(0, 5))).toBe('%PDF-')
    const text = pdfText(res.body)
    for (const expected of [
      'Zoë Quiñones',
      // The headline, filled from the imported résumé's basics.label (it was empty).
      'Backend Engineer',
      'zoe@example.com',
      'https://github.com/zoeq',
      // The profile's place and website (docs/PRODUCT.md §3), as on the CV page.
      'Utrecht, Nederland',
      'https://zoe.example/',
      'Senior Engineer, Northwind',
      'Mar 2021 – Present',
      'MSc, Computer Science, University of Porto',
      'Ledger',
      '2022 – 2023',
      'A double-entry ledger service.',
      'Kubernetes',
      'CKA',
    ])
      expect(text).toContain(expected)
    expect(pages(res.body)).toBe(1)
  })

  test('cached per content version: a write shows in the next answer, a repeat is a 304', async () => {
    const first = await getCv()
    const etag = first.headers.get('etag')!
    expect(etag).toBeTruthy()
    const again = await t.request('GET', '/cv.pdf', {
      binary: true,
      headers: { 'if-none-match': etag },
    })
    expect(again.status).toBe(304)

    const created = await t.request('POST', '/experiences', {
      token: r.admin.token,
      body: { organization: 'Contoso', role: 'Staff Engineer', startDate: '2024-01' },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const after = await t.request<Uint8Array>('GET', '/cv.pdf', {
      binary: true,
      headers: { 'if-none-match': etag },
    })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(etag)
    expect(pdfText(after.body)).toContain('Staff Engineer, Contoso')
  })

  test('Polish, Czech, Cyrillic, Greek and Vietnamese read back exactly, drawn in the glyphs of the embedded Inter', async () => {
    const story = [
      [
        '/experiences',
        {
          organization: 'Łukasz Wróbel i Wspólnicy',
          role: 'Vývojář',
          location: 'Brno, Česká republika',
          startDate: '2023-02',
          // Inter draws ’ and the modifier letter ʼ with one glyph: it reads back as ’ even after a ʼ.
          description: 'Příliš žluťoučký kůň úpěl ďábelské ódy. Пʼять років. It’s done.',
        },
      ],
      [
        '/experiences',
        {
          organization: 'Яндекс',
          role: 'Разработчик',
          location: 'Αθήνα',
          startDate: '2022-01',
          endDate: '2022-12',
          // Typed with combining accents (NFD): written, and read back, composed.
          description: 'Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. Tiếng Việt.'.normalize('NFD'),
        },
      ],
      [
        '/education',
        {
          institution: 'Đại học Quốc gia Hà Nội',
          qualification: 'Thạc sĩ',
          field: 'Khoa học máy tính',
          startDate: '2014-09',
          endDate: '2016-06',
        },
      ],
    ] as const
    for (const [path, body] of story) {
      const res = await t.request('POST', path, { token: r.admin.token, body })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
    }
    const res = await getCv()
    expect(res.status).toBe(200)
    const text = pdfText(res.body)
    for (const expected of [
      'Zoë Quiñones',
      'Vývojář, Łukasz Wróbel i Wspólnicy',
      'Brno, Česká republika',
      'Příliš žluťoučký kůň úpěl ďábelské ódy.',
      'It’s done.',
      'Разработчик, Яндекс',
      'Αθήνα',
      'Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. Tiếng Việt.',
      'Thạc sĩ, Khoa học máy tính, Đại học Quốc gia Hà Nội',
    ])
      expect(text).toContain(expected)

    // Each glyph embedded is Inter's own for the characters it reads back as,
    // the regular and bold weights both used: none is blank, shifted or a box.
    const fonts = await embeddedFonts(res.body)
    expect(fonts.map((font) => font.name).sort()).toEqual([
      expect.stringMatching(/^\/Inter-Bold/),
      expect.stringMatching(/^\/Inter-Regular/),
    ])
    for (const font of fonts) {
      const original = font.name.startsWith('/Inter-Bold') ? inter.bold : inter.regular
      expect(font.glyphs.length).toBeGreaterThan(50)
      for (const glyph of font.glyphs) {
        const code = glyph.text.codePointAt(0)!
        expect(original.characterSet, glyph.text).toContain(code)
        expect(glyph.outline, glyph.text).toBe(original.glyphForCodePoint(code).path.toSVG())
      }
    }
  })

  test('long content runs over several pages; what the font cannot draw becomes one ? a character', async () => {
    const long = 'Built and ran services end to end, with tests and on-call. '.repeat(40)
    for (let i = 0; i < 8; i++) {
      const res = await t.request('POST', '/experiences', {
        token: r.admin.token,
        body: {
          organization: `Company ${i} 漢字`,
          role: 'Engineer 🚀 👩‍💻',
          startDate: `201${i}-01`,
          endDate: `201${i}-12`,
          description: long,
        },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
    }
    const res = await getCv(r.admin.token)
    expect(res.status).toBe(200)
    expect(pages(res.body)).toBeGreaterThan(1)
    const text = pdfText(res.body)
    // Emoji and CJK are not in Inter: each character as a reader sees it (the
    // woman technologist is three code points) is one '?', never a missing-glyph box.
    expect(text).toContain('Engineer ? ?, Company 7 ??')
    expect(text).toContain('Zoë Quiñones')
  })

  test('projects newest first, the first 40 in full and a line for the rest', async () => {
    const [now] = await t.sql<{ year: number }>(
      'select extract(year from current_date)::int as year',
    )
    await t.sql(`insert into public.projects (name, description, start_year, end_year, is_active)
      select 'Filler ' || n, 'A generated project.', 2010, 2011, true from generate_series(1, 44) as n`)
    await t.sql(
      `insert into public.projects (name, description, start_year, end_year, is_active) values
      ('Oldest Tool', 'Written long ago.', 1995, 1996, true),
      ('Ongoing Platform', 'Still being built.', $1, null, true)`,
      [now!.year],
    )
    const resume = await t.request<{ projects: { name: string }[] }>('GET', '/resume.json')
    expect(resume.body.projects[0]!.name).toBe('Ongoing Platform')
    expect(resume.body.projects.at(-1)!.name).toBe('Oldest Tool')
    const active = resume.body.projects.length
    expect(active).toBeGreaterThan(40)

    const text = pdfText((await getCv()).body)
    expect(text).toContain('Ongoing Platform')
    expect(text).not.toContain('Oldest Tool')
    expect(text).toContain(`And ${active - 40} more projects in the portfolio.`)
  })

  test("an experience's summary and a project's description are Markdown: HTML for the page, text for the PDF", async () => {
    const created = await t.request('POST', '/experiences', {
      token: r.admin.token,
      body: {
        organization: 'Fabrikam',
        role: 'Markdown Lead',
        startDate: '2025-02',
        description:
          '**Led** the [platform](https://example.com/p) team.\n\n- Shipped `v2`\n- Cut costs',
      },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    await t.request('POST', '/experiences', {
      token: r.admin.token,
      body: {
        organization: 'Plainworks',
        role: 'Plain Writer',
        startDate: '2025-01',
        description: 'First line\nsecond line\n\nAnother paragraph',
      },
    })
    type Work = { position: string; summary?: string; summaryHtml?: string }
    const resume = await t.request<{
      work: Work[]
      projects: { name: string; description?: string; descriptionHtml?: string }[]
    }>('GET', '/resume.json')
    const job = (position: string) => resume.body.work.find((w) => w.position === position)!
    // The text stays as written (JSON Resume, backups); its HTML is beside it.
    expect(job('Markdown Lead').summary).toMatch(/^\*\*Led\*\*/)
    expect(job('Markdown Lead').summaryHtml).toBe(
      '<p><strong>Led</strong> the <a href="https://example.com/p" rel="noopener noreferrer">platform</a> team.</p>\n' +
        '<ul>\n<li>Shipped <code>v2</code></li>\n<li>Cut costs</li>\n</ul>\n',
    )
    // A plain text reads as before: its paragraphs, and its line breaks.
    expect(job('Plain Writer').summaryHtml).toBe(
      '<p>First line<br>\nsecond line</p>\n<p>Another paragraph</p>\n',
    )
    const ledger = resume.body.projects.find((p) => p.name === 'Ledger')!
    expect(ledger.descriptionHtml).toBe(`<p>${ledger.description}</p>\n`)
    const text = pdfText((await getCv()).body)
    expect(text).toContain('Led the platform team.')
    expect(text).toContain('• Shipped v2')
    expect(text).not.toContain('**')
    expect(text).not.toContain('`')
  })
})
