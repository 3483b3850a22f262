// Limits on the shape of a JSON body, checked on its text before it is parsed
// or walked (docs/ARCHITECTURE.md, "Caching, limits and headers"). 64 kB of
// `[[[[…` is 65,000 levels: walking that recursively overflowed the stack and
// answered 500 after up to 190 ms of CPU, on public routes, before any rate
// limit. One pass over the characters, tracking only whether it is inside a
// string and how many items each open container holds, costs a few
// microseconds per kilobyte and cannot overflow anything.

/** Deeper than any payload of the contract (a project with its image details is 3 levels). */
export const MAX_JSON_DEPTH = 32
/** Ten times the longest list of the contract (technologiesIds: 100). */
export const MAX_JSON_ITEMS = 1000

const tooDeep = (depth: number) => `JSON nesting is too deep (at most ${depth} levels)`
const tooWide = (items: number) => `A JSON array or object has too many items (at most ${items})`
export const JSON_TOO_DEEP = tooDeep(MAX_JSON_DEPTH)
export const JSON_TOO_WIDE = tooWide(MAX_JSON_ITEMS)

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d

/**
 * Why `text` is refused, or null when its nesting and the size of each array
 * and object stay within the limits. The text need not be valid JSON: the
 * parser decides that afterwards; this only bounds what the parser and every
 * walk after it may meet. The work is linear in the length of the text.
 */
export function jsonShapeProblem(
  text: string,
  limits: { depth?: number; items?: number } = {},
): string | null {
  const maxDepth = limits.depth ?? MAX_JSON_DEPTH
  const maxItems = limits.items ?? MAX_JSON_ITEMS
  // Commas seen so far in each open container: n commas separate n + 1 items.
  const commas = new Uint32Array(maxDepth + 1)
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === BACKSLASH) i++
      else if (code === QUOTE) inString = false
      continue
    }
    if (code === QUOTE) inString = true
    else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (depth === maxDepth) return tooDeep(maxDepth)
      commas[++depth] = 0
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      if (depth > 0) depth--
    } else if (code === COMMA && depth > 0) {
      if (++commas[depth]! >= maxItems) return tooWide(maxItems)
    }
  }
  return null
}
