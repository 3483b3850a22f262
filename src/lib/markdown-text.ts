// Text edits the Markdown editor makes for the owner (components/markdown-editor.tsx).

/**
 * An image in Markdown. Its alternative text has no brackets or backslashes:
 * escaped, they would show as typed, since render.ts writes the alt's source.
 */
export function imageMarkdown(alt: string, url: string): string {
  const text = alt
    .replace(/\[/g, '(')
    .replace(/\]/g, ')')
    .replace(/\\/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  // A URL with spaces or parentheses is written in angle brackets, which CommonMark allows.
  const target = /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url
  return `![${text}](${target})`
}

/** A file's name as an image's first alternative text: "team-photo.png" reads "team photo". */
export function altFromFileName(name: string): string {
  return name
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim()
}

/**
 * `insert` placed at `at` (clamped to the text), on a line of its own when it
 * is a block: answers the new text and where the cursor goes after it.
 */
export function insertAt(
  text: string,
  at: number,
  insert: string,
): { text: string; cursor: number } {
  const place = Math.max(0, Math.min(at, text.length))
  const before = text.slice(0, place)
  const after = text.slice(place)
  const lead = before === '' || before.endsWith('\n') ? '' : '\n'
  const trail = after === '' || after.startsWith('\n') ? '' : '\n'
  const added = `${lead}${insert}${trail}`
  return { text: `${before}${added}${after}`, cursor: place + lead.length + insert.length }
}
