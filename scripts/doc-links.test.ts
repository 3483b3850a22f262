// The README and docs/ hold together: every relative link and picture names a
// file that exists, every #anchor a heading of its page, and the README stays
// a three-minute read with each way of hosting in at most five commands.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

// Pages another change is writing at the same time; linked already. Each
// entry fails the test once its file exists, so it is removed then.
const COMING = new Set<string>([])

const pages = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file)),
]

/** The text outside fenced code blocks and inline code, where links are links. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '')
}

/** GitHub's anchors for a page's headings (lower case, punctuation dropped, spaces to hyphens, repeats numbered). */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  const withoutCode = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
  for (const [, heading] of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count ? `${slug}-${count}` : slug)
  }
  return anchors
}

function links(markdown: string): string[] {
  const text = prose(markdown)
  const inline = [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
  const html = [...text.matchAll(/<(?:img|a)\b[^>]*\b(?:src|href)="([^"]+)"/g)]
  return [...inline, ...html].map((match) => match[1]!)
}

function problemsOf(page: string): string[] {
  const markdown = readFileSync(path.join(root, page), 'utf8')
  const problems: string[] = []
  for (const link of links(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue // https:, mailto:
    const [target = '', anchor] = link.split('#')
    const file = target
      ? path.normalize(path.join(path.dirname(page), decodeURIComponent(target)))
      : page
    if (COMING.has(file)) continue
    if (!existsSync(path.join(root, file))) {
      problems.push(`${page}: ${link} (no ${file})`)
      continue
    }
    if (anchor && file.endsWith('.md') && statSync(path.join(root, file)).isFile()) {
      const anchors = anchorsOf(readFileSync(path.join(root, file), 'utf8'))
      if (!anchors.has(anchor)) problems.push(`${page}: ${link} (no heading #${anchor} in ${file})`)
    }
  }
  return problems
}

describe('the README and the docs', () => {
  it('make anchors as GitHub does', () => {
    const anchors = anchorsOf(
      '# Behind a TLS proxy (`npm start`)\n## Backups\n```sh\n# not a heading\n```\n## Backups\n## Supabase and a static host',
    )
    expect([...anchors]).toEqual([
      'behind-a-tls-proxy-npm-start',
      'backups',
      'backups-1',
      'supabase-and-a-static-host',
    ])
  })

  it('link only to files and headings that exist', () => {
    expect(pages.length).toBeGreaterThan(70)
    expect(pages.flatMap(problemsOf)).toEqual([])
  })

  it('name every picture of docs/screenshots that exists, and no other', () => {
    const named = new Set(
      pages.flatMap((page) =>
        links(readFileSync(path.join(root, page), 'utf8'))
          .filter((link) => /\.(png|jpe?g|webp|gif|svg)$/i.test(link))
          .map((link) => path.basename(link)),
      ),
    )
    const files = readdirSync(path.join(root, 'docs/screenshots'))
    expect(
      files.filter((file) => !named.has(file)),
      'pictures nobody shows',
    ).toEqual([])
  })

  it('index every decision record, once, with its status', () => {
    const index = readFileSync(path.join(root, 'docs/decisions/README.md'), 'utf8')
    const records = readdirSync(path.join(root, 'docs/decisions')).filter((file) =>
      /^\d{3}-.+\.md$/.test(file),
    )
    // | number | [title](file) | status |: the record's own row, a status filled in.
    const rows = (file: string) =>
      index.split('\n').filter((line) => {
        const cells = line.split('|').map((cell) => cell.trim())
        return Boolean(cells[2]?.includes(`](${file})`) && cells[3])
      })
    expect(
      records.filter((file) => rows(file).length !== 1),
      'add a row to docs/decisions/README.md',
    ).toEqual([])
  })

  it('keep pages that are still coming in the list only until they come', () => {
    expect([...COMING].filter((file) => existsSync(path.join(root, file)))).toEqual([])
  })
})

describe('the README', () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8')

  it('is at most 200 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(200)
  })

  it('gives the commands to run and to test it, as CI runs them', () => {
    expect(readme).toContain('npm install && npm run dev')
    expect(readme).toContain('npm install && npm test')
  })

  it('puts each way of hosting online in at most five commands', () => {
    const section = readme.slice(
      readme.indexOf('## Put it online'),
      readme.indexOf('\n## ', readme.indexOf('## Put it online') + 1),
    )
    const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) =>
      m[1]!.trim().split('\n'),
    )
    expect(blocks.length).toBeGreaterThanOrEqual(3)
    for (const commands of blocks) expect(commands.length).toBeLessThanOrEqual(5)
  })
})
