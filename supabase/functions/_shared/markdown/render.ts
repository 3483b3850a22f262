// The owner's long texts as HTML (docs/PRODUCT.md §26): CommonMark with
// GitHub's tables, task lists and strikethrough, rendered on the server by
// markdown-it, code highlighted by highlight.js into classes the site's CSS
// colours in both themes, so no parser or highlighter reaches the browser.
// What can never come out of it: raw HTML (it is shown as text), a link that
// is not http(s), mailto or a fragment, an image that is neither https nor
// one of our stored files, an event attribute, a style.
import MarkdownIt, { type MarkdownIt as Markdown, type Token } from 'markdown-it'
import hljs from 'highlight.js/lib/core'
import bash from 'highlight.js/lib/languages/bash'
import css from 'highlight.js/lib/languages/css'
import diff from 'highlight.js/lib/languages/diff'
import go from 'highlight.js/lib/languages/go'
import javascript from 'highlight.js/lib/languages/javascript'
import json from 'highlight.js/lib/languages/json'
import python from 'highlight.js/lib/languages/python'
import rust from 'highlight.js/lib/languages/rust'
import sql from 'highlight.js/lib/languages/sql'
import typescript from 'highlight.js/lib/languages/typescript'
import xml from 'highlight.js/lib/languages/xml'
import yaml from 'highlight.js/lib/languages/yaml'

/** The languages a code block may name (and their usual other names), highlighted; any other is plain. */
export const HIGHLIGHTED = {
  bash,
  css,
  diff,
  go,
  javascript,
  json,
  python,
  rust,
  sql,
  typescript,
  xml,
  yaml,
} as const
for (const [name, language] of Object.entries(HIGHLIGHTED)) hljs.registerLanguage(name, language)

/**
 * The longest text rendered as Markdown (a long case study is 30,000
 * characters); a longer one is shown as it is, escaped, so no text costs
 * more than about 50 ms of rendering.
 */
export const MAX_MARKDOWN_CHARS = 200_000
/** Code blocks longer than this are shown unhighlighted: highlighting is the costly part. */
const MAX_HIGHLIGHTED_CHARS = 20_000
/** Deeper lists and quotes than this are shown as text, so no input can make the output explode. */
const MAX_NESTING = 20

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Whether a link may be written: http(s), mailto, a fragment of this page, or a path on this site. */
export function isSafeLink(url: string): boolean {
  const value = url.trim()
  if (/^#[^\s]*$/.test(value)) return true
  if (/^\/(?!\/)/.test(value)) return true
  return /^(https?:\/\/[^\s/]+|mailto:[^\s@]+@[^\s@]+)/i.test(value)
}

/** Whether an image may be shown: https, or one of our stored files (a path on this site). */
export const isSafeImage = (url: string) =>
  /^https:\/\/[^\s/]+/i.test(url.trim()) || /^\/(?!\/)/.test(url.trim())

/** A heading's anchor: its text in lower case, words joined by dashes (GitHub's way), unique in the text. */
function anchorOf(text: string, taken: Map<string, number>): string {
  const base =
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s-]/gu, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 80) || 'section'
  const seen = taken.get(base) ?? 0
  taken.set(base, seen + 1)
  return seen ? `${base}-${seen}` : base
}

function createRenderer(): Markdown {
  const md = new MarkdownIt('default', {
    html: false,
    // A line break in the text is one on the page: plain texts written before Markdown read as before.
    breaks: true,
    linkify: false,
    typographer: false,
    maxNesting: MAX_NESTING,
    highlight(code, lang) {
      const language = lang.toLowerCase()
      if (code.length > MAX_HIGHLIGHTED_CHARS || !hljs.getLanguage(language)) return ''
      return hljs.highlight(code, { language, ignoreIllegals: true }).value
    },
  })
  md.validateLink = (url) => isSafeLink(url)

  const rules = md.renderer.rules
  const renderToken = md.renderer.renderToken.bind(md.renderer)

  // External links open as links do, without handing the site to the page they open.
  rules.link_open = (tokens, idx, options, _env, self) => {
    const token = tokens[idx]!
    const href = String(token.attrGet('href') ?? '')
    if (/^https?:/i.test(href)) token.attrSet('rel', 'noopener noreferrer')
    return self.renderToken(tokens, idx, options)
  }

  // An image from elsewhere than https or our files is its text alone; the others load lazily.
  rules.image = (tokens, idx) => {
    const token = tokens[idx]!
    const src = String(token.attrGet('src') ?? '')
    const alt = escapeHtml(token.content)
    if (!isSafeImage(src)) return alt
    const title = token.attrGet('title')?.toString()
    return `<img src="${escapeHtml(src)}" alt="${alt}"${title ? ` title="${escapeHtml(title)}"` : ''} loading="lazy" decoding="async">`
  }

  // Headings get an id and a link to themselves, so a section can be linked to.
  rules.heading_open = (tokens, idx, options, env) => {
    const token = tokens[idx]!
    const inline = tokens[idx + 1]
    const text = inline?.children?.map((child) => child.content).join('') ?? ''
    // render() is always given an env, where the anchors of one text are counted.
    const taken = ((env ?? {}).anchors ??= new Map()) as Map<string, number>
    const id = anchorOf(text, taken)
    token.attrSet('id', id)
    return `${renderToken(tokens, idx, options)}<a class="heading-anchor" href="#${id}" aria-hidden="true" tabindex="-1">#</a> `
  }

  // Code blocks: the language as a class the styles can read, highlighted or escaped.
  rules.fence = (tokens, idx, options) => {
    const token = tokens[idx]!
    const language = token.info.trim().split(/\s+/)[0]?.toLowerCase() ?? ''
    const highlighted =
      options.highlight?.(token.content, language, '') || escapeHtml(token.content)
    const known = hljs.getLanguage(language) ? ` class="hljs language-${language}"` : ''
    return `<pre><code${known}>${highlighted}</code></pre>\n`
  }

  // GitHub's task lists: "- [ ] to do" and "- [x] done" are disabled checkboxes.
  md.core.ruler.after('inline', 'task-lists', (state) => {
    const tokens = state.tokens
    for (let i = 2; i < tokens.length; i++) {
      const inline = tokens[i]!
      if (inline.type !== 'inline' || tokens[i - 2]?.type !== 'list_item_open') continue
      const first = inline.children?.[0]
      const match = first?.type === 'text' ? /^\[([ xX])\]\s/.exec(first.content) : null
      if (!match || !first) continue
      first.content = first.content.slice(match[0].length)
      const box = new state.Token('html_inline', '', 0)
      box.content = `<input type="checkbox" disabled${match[1] === ' ' ? '' : ' checked'}> `
      inline.children!.unshift(box)
      tokens[i - 2]!.attrJoin('class', 'task-list-item')
    }
  })
  return md
}

let renderer: Markdown | undefined

/** `text` (Markdown, or a plain text written before Markdown) as safe HTML. */
export function renderMarkdown(text: string): string {
  if (text.length > MAX_MARKDOWN_CHARS) return `<p>${escapeHtml(text)}</p>`
  return (renderer ??= createRenderer()).render(text, {})
}

/** Where a block ends in plain text: a blank line after a paragraph, a line break after the rest. */
const TEXT_BLOCK_ENDS: Record<string, string> = {
  paragraph_close: '\n\n',
  heading_close: '\n\n',
  bullet_list_close: '\n',
  ordered_list_close: '\n',
  tr_close: '\n',
  th_close: '  ',
  td_close: '  ',
  hr: '\n',
}

/**
 * `text` (Markdown, or a plain text written before Markdown) as plain text,
 * for what cannot show HTML (the CV's PDF): paragraphs and line breaks kept,
 * list items bulleted or numbered, code as written, links and images as their
 * text, every mark of emphasis gone.
 */
export function markdownText(text: string): string {
  if (text.length > MAX_MARKDOWN_CHARS) return text
  let out = ''
  for (const token of (renderer ??= createRenderer()).parse(text, {})) {
    if (token.type === 'inline')
      for (const child of token.children ?? [])
        out += /break$/.test(child.type) ? '\n' : child.type === 'html_inline' ? '' : child.content
    else if (token.type === 'fence' || token.type === 'code_block') out += `${token.content}\n`
    else if (token.type === 'list_item_open')
      out += token.info ? `${token.info}${token.markup} ` : '• '
    else if (token.type === 'paragraph_close' && token.hidden) out += '\n'
    else out += TEXT_BLOCK_ENDS[token.type] ?? ''
  }
  return out.replace(/\n{3,}/g, '\n\n').trim()
}

/**
 * The address of every image `text` (Markdown) shows, as the renderer reads
 * it: inline, by reference, or inside another image's text.
 */
export function markdownImages(text: string): string[] {
  if (text.length > MAX_MARKDOWN_CHARS) return []
  const found: string[] = []
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'image') found.push(String(token.attrGet('src') ?? ''))
      if (token.children) walk(token.children)
    }
  }
  walk((renderer ??= createRenderer()).parse(text, {}))
  return found
}
