// llms.txt, llms-full.txt and the Markdown pages (docs/PRODUCT.md §25),
// written from a real API's visitor answers: the index follows the
// llmstxt.org format (an H1, a blockquote, sections of link lists), and no
// inactive project gets into any output.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'
import {
  cvPageMarkdown,
  homeMarkdown,
  llmsFullTxt,
  llmsTxt,
  projectPageMarkdown,
  readPortfolioTexts,
  type PortfolioTexts,
} from '../../supabase/functions/_shared/assistants/llms.ts'

const SITE = 'https://ada.example'
let t: TestContext
let texts: PortfolioTexts

const read = async <T>(path: string): Promise<T | null> => {
  const res = await t.request('GET', path)
  if (res.status === 404) return null
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`)
  return res.body as T
}

beforeAll(async () => {
  t = await createTestContext()
  const { token } = await t.registerAdmin()
  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await t.request('POST', path, { token, body })
    expect(res.status).toBe(201)
    return res.body as { id: number }
  }
  for (const [name, value] of Object.entries({
    ownerName: 'Ada Example',
    heroTitle1: 'BACKEND',
    heroTitle2: 'ENGINEER',
    heroDescription: 'I build *quiet* systems that stay up.',
    email: 'ada@example.com',
  }))
    await post('/configs', { name, value })
  await post('/projects', {
    name: 'Harbor Maps',
    description: 'Tide charts for small ports. Built with a tile cache.\n# not a heading',
    startYear: 2021,
    endYear: 2023,
    liveUrl: 'https://harbor.example',
    githubUrl: 'https://github.com/ada/harbor',
  })
  await post('/projects', {
    name: 'Secret Prototype',
    description: 'Unpublished experiments.',
    isActive: false,
  })
  await post('/experiences', {
    organization: 'Tidewater Labs',
    role: 'Backend engineer',
    location: 'Lisbon',
    startDate: '2020-01',
    description: 'Ran the database fleet.',
  })
  texts = await readPortfolioTexts(read, SITE)
}, 120_000)
afterAll(() => t.close())

/** The parts of an llms.txt, as the format defines them. */
function parseLlmsTxt(text: string) {
  const lines = text.split('\n')
  const h1 = lines.filter((line) => /^# /.test(line))
  const quote = lines.find((line) => line.startsWith('> '))
  const sections = text
    .split(/^## /m)
    .slice(1)
    .map((part) => {
      const [title, ...body] = part.split('\n')
      const links = body
        .filter((line) => line.startsWith('- '))
        .map((line) => /^- \[([^\]]+)\]\(([^)\s]+)\)(?:: (.+))?$/.exec(line))
      return { title: title!.trim(), links }
    })
  return { h1, quote, sections, firstLine: lines[0] }
}

describe("the owner's section order", () => {
  test('llms.txt and the home page in Markdown follow it and leave hidden sections out', () => {
    const ordered = { ...texts, sections: ['portfolio', 'certifications'] }
    expect(parseLlmsTxt(llmsTxt(ordered)).sections.map((s) => s.title)).toEqual([
      'Pages',
      'Projects',
      'CV',
      'Optional',
    ])
    expect(homeMarkdown(ordered)).not.toContain('## Experience')
    expect(homeMarkdown(ordered)).not.toContain('Contact:')
    // Projects before Experience, the other way round from the page's default order.
    const home = homeMarkdown({ ...texts, sections: ['portfolio', 'experience', 'contact'] })
    expect(home.indexOf('## Projects')).toBeGreaterThan(0)
    expect(home.indexOf('## Projects')).toBeLessThan(home.indexOf('## Experience'))
    expect(homeMarkdown(texts).indexOf('## Experience')).toBeLessThan(
      homeMarkdown(texts).indexOf('## Projects'),
    )
  })
})

describe('llms.txt', () => {
  test('is an H1, a blockquote and sections of links, one line each', () => {
    const parsed = parseLlmsTxt(llmsTxt(texts))
    expect(parsed.firstLine).toBe('# Ada Example')
    expect(parsed.h1).toHaveLength(1)
    expect(parsed.quote).toBe('> BACKEND ENGINEER. I build \\*quiet\\* systems that stay up.')
    // The home page's sections in its order (docs/PRODUCT.md §27): Experience before the portfolio.
    expect(parsed.sections.map((s) => s.title)).toEqual([
      'Pages',
      'Experience',
      'Projects',
      'CV',
      'Optional',
    ])
    for (const section of parsed.sections)
      for (const match of section.links) {
        expect(match, 'every list item is a link with its line').not.toBeNull()
        expect(match![2]).toMatch(/^https:\/\/ada\.example\//)
      }
    const projects = parsed.sections.find((s) => s.title === 'Projects')!.links
    expect(projects.map((m) => [m![1], m![2], m![3]])).toEqual([
      [
        'Harbor Maps',
        expect.stringMatching(/\/projects\/\d+-harbor-maps\.md$/),
        'Tide charts for small ports.',
      ],
    ])
  })
})

describe('the Markdown pages', () => {
  test('the front page, a project and the CV', () => {
    const home = homeMarkdown(texts)
    expect(home).toMatch(/^# Ada Example\n\n\*\*BACKEND ENGINEER\*\*/)
    expect(home).toContain('Backend engineer, Tidewater Labs (2020-01 – now)')
    const project = projectPageMarkdown(texts, texts.projects[0]!)
    expect(project).toContain('[Live](https://harbor.example)')
    // The owner's text cannot start a heading.
    expect(project).toContain('\\# not a heading')
    expect(cvPageMarkdown(texts)).toContain('### Backend engineer, Tidewater Labs')
  })

  test('no inactive project in any output', () => {
    const all = [
      llmsTxt(texts),
      llmsFullTxt(texts),
      homeMarkdown(texts),
      cvPageMarkdown(texts),
      ...texts.projects.map((p) => projectPageMarkdown(texts, p)),
    ].join('\n')
    expect(all).toContain('Harbor Maps')
    expect(all).not.toMatch(/Secret|Unpublished/)
  })

  test('llms-full.txt holds the front page, every project and the CV under one H1', () => {
    const full = llmsFullTxt(texts)
    expect(full.match(/^# /gm)).toHaveLength(1)
    expect(full).toContain('## Harbor Maps')
    expect(full).toContain('## Ada Example')
  })
})
