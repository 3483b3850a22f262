// @vitest-environment jsdom
// The Markdown renderer: GitHub's flavour, highlighted code, plain texts as
// before, and a list of hostile inputs of which nothing executes and nothing
// takes long. The HTML is parsed back with the DOM the web tests use, so
// the checks read elements and attributes, not strings.
import { describe, expect, test } from 'vitest'
import { renderMarkdown } from '../../supabase/functions/_shared/markdown/render.ts'

const dom = (html: string) =>
  new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body

/** Every attribute of every element, as name=value. */
const attributes = (body: HTMLElement) =>
  [...body.querySelectorAll('*')].flatMap((el) =>
    [...el.attributes].map((a) => `${el.tagName.toLowerCase()}[${a.name}=${a.value}]`),
  )

describe('Markdown as HTML', () => {
  test('paragraphs and line breaks of plain texts stay as they were', () => {
    const body = dom(renderMarkdown('First line\nsecond line\n\nNew paragraph'))
    expect(body.querySelectorAll('p')).toHaveLength(2)
    expect(body.querySelector('p')!.innerHTML).toBe('First line<br>\nsecond line')
  })

  test("GitHub's tables, task lists and strikethrough", () => {
    const body = dom(
      renderMarkdown(
        '| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] to do\n- plain\n\n~~gone~~',
      ),
    )
    expect(body.querySelectorAll('table td')).toHaveLength(2)
    const boxes = body.querySelectorAll<HTMLInputElement>('li.task-list-item input[type=checkbox]')
    expect([...boxes].map((b) => [b.checked, b.disabled])).toEqual([
      [true, true],
      [false, true],
    ])
    expect(body.querySelectorAll('li')[2]!.textContent).toBe('plain')
    expect(body.querySelector('s')!.textContent).toBe('gone')
  })

  test('headings get unique anchors; code is highlighted into classes, unknown languages escaped', () => {
    const body = dom(
      renderMarkdown(
        '## The Result\n\n## The Result\n\n```ts\nconst x: number = 1\n```\n\n```brainfuck\n<+>\n```',
      ),
    )
    expect([...body.querySelectorAll('h2')].map((h) => h.id)).toEqual([
      'the-result',
      'the-result-1',
    ])
    expect(body.querySelector('h2 a.heading-anchor')!.getAttribute('href')).toBe('#the-result')
    const [ts, other] = body.querySelectorAll('pre code')
    expect(ts!.className).toBe('hljs language-ts')
    expect(ts!.querySelector('.hljs-keyword')!.textContent).toBe('const')
    expect(other!.className).toBe('')
    expect(other!.textContent).toBe('<+>\n')
  })

  test('external links say noopener; mailto and fragments are links too', () => {
    const body = dom(
      renderMarkdown('[a](https://x.example) [m](mailto:me@x.example) [f](#top) [p](/cv)'),
    )
    expect(
      [...body.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.getAttribute('rel')]),
    ).toEqual([
      ['https://x.example', 'noopener noreferrer'],
      ['mailto:me@x.example', null],
      ['#top', null],
      ['/cv', null],
    ])
  })
})

describe('hostile inputs', () => {
  const hostile: [string, string][] = [
    ['raw script', '<script>alert(1)</script>'],
    [
      'raw html block',
      '<div onclick="alert(1)">x</div>\n\n<iframe src="https://evil.example"></iframe>',
    ],
    ['img onerror', '<img src=x onerror=alert(1)>'],
    ['javascript link', '[click](javascript:alert(1))'],
    [
      'javascript link, mixed case and entities',
      '[c](JaVaScRiPt:alert(1)) [d](jav&#x61;script:alert(1))',
    ],
    ['javascript autolink', '<javascript:alert(1)>'],
    ['data url link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['data url image', '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
    ['http image', '![tracker](http://evil.example/pixel.gif)'],
    ['protocol-relative', '[x](//evil.example) ![y](//evil.example/a.png)'],
    ['vbscript', '[x](vbscript:msgbox)'],
    ['attribute breakout', '[x](https://a.example/"onmouseover="alert(1))'],
    ['title breakout', '[x](https://a.example "a\\" onmouseover=\\"alert(1)")'],
    ['code language breakout', '```"><script>alert(1)</script>\ncode\n```'],
    ['svg', '<svg><script>alert(1)</script></svg>'],
  ]

  test.each(hostile)('%s: nothing executes', (_name, input) => {
    const html = renderMarkdown(input)
    const body = dom(html)
    expect(body.querySelector('script, iframe, svg, object, embed, style, div')).toBeNull()
    for (const attribute of attributes(body)) {
      expect(attribute).not.toMatch(/\[on/i)
      expect(attribute).not.toMatch(/\[(href|src)=\s*(javascript|data|vbscript):/i)
      expect(attribute).not.toMatch(/\[(href|src)=\/\//)
    }
    for (const img of body.querySelectorAll('img'))
      expect(img.getAttribute('src')).toMatch(/^https:\/\/|^\//)
  })

  test('deep nesting, pathological emphasis and a 1 MB body render quickly and stay bounded', () => {
    const inputs = [
      '> '.repeat(10_000) + 'deep quote',
      Array.from({ length: 500 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n'),
      '['.repeat(50_000) + ']'.repeat(50_000),
      '*a **b '.repeat(20_000),
      'Some *text* with `code` and [links](https://a.example). '.repeat(3_500).slice(0, 199_000),
      // Past MAX_MARKDOWN_CHARS: shown as escaped text, at once.
      '<script>alert(1)</script> *x* '.repeat(35_000),
      '```ts\n' + 'const value = { a: [1, 2, 3] } // comment\n'.repeat(25_000) + '```',
    ]
    for (const input of inputs) {
      const started = performance.now()
      const html = renderMarkdown(input)
      const took = performance.now() - started
      expect(html.length).toBeLessThan(input.length * 12 + 1000)
      expect(dom(html).querySelector('script')).toBeNull()
      // A budget far above what it takes here (tens of ms), so it holds on a busy machine.
      expect(took).toBeLessThan(2000)
    }
  })
})
