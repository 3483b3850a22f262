// A small stand-in for tailwind-merge: when two Tailwind classes set the same
// thing under the same variants (`px-4` then `px-8`, `rounded-md` then
// `rounded-full`), the later one wins and the earlier one is dropped.
//
// tailwind-merge knows every utility but adds about 8 kB gzipped to the public
// page, whose budget is 130 kB in total (docs/decisions/007-small-class-merge.md).
// This version knows only the groups below; a class outside them is always
// kept. class-merge.test.ts checks it against tailwind-merge on every class
// string the app's components combine.

type Rule = [group: string, pattern: RegExp]

const sizes = '(?:xs|sm|md|lg|xl|\\d?xl|none|full)'
const colorFree =
  '(?:inherit|current|transparent|black|white|[a-z]+(?:-[a-z]+)*(?:-\\d{2,3})?(?:\\/\\d+)?|\\[.+\\])'

const rules: Rule[] = [
  [
    'display',
    /^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|hidden|contents|table|table-row|table-cell|flow-root)$/,
  ],
  ['position', /^(static|fixed|absolute|relative|sticky)$/],
  ['text-size', new RegExp(`^text-(?:${sizes.slice(3, -1)}|base|\\[\\d.*\\])$`)],
  ['text-align', /^text-(left|center|right|justify|start|end)$/],
  ['text-wrap', /^text-(wrap|nowrap|balance|pretty)$/],
  ['text-overflow', /^(text-ellipsis|text-clip|truncate)$/],
  ['font-weight', /^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/],
  ['rounded', new RegExp(`^rounded(?:-${sizes})?$`)],
  ['shadow', new RegExp(`^shadow(?:-${sizes}|-inner)?$`)],
  ['border-width', /^border(?:-\d+)?$/],
  // A table's border model, not a border colour.
  ['border-collapse', /^border-(collapse|separate)$/],
  ['bg-image', /^bg-\[.*(gradient|url)\(.*\]$/],
  ['opacity', /^opacity-\d+$/],
  ['cursor', /^cursor-[a-z-]+$/],
  ['whitespace', /^whitespace-[a-z-]+$/],
  ['flex-direction', /^flex-(row|col)(-reverse)?$/],
  ['flex-wrap', /^flex-(wrap|nowrap|wrap-reverse)$/],
  ['justify', /^justify-(start|end|center|between|around|evenly|stretch|normal)$/],
  ['items', /^items-(start|end|center|baseline|stretch)$/],
  ['overflow', /^overflow-(auto|hidden|clip|visible|scroll)$/],
  ['overflow-x', /^overflow-x-(auto|hidden|clip|visible|scroll)$/],
  ['overflow-y', /^overflow-y-(auto|hidden|clip|visible|scroll)$/],
]

// Spacing and sizing families: same prefix, any value. Each prefix is its own
// group (px-4 does not replace p-2), which is the safe direction: it can only
// keep a class that tailwind-merge would drop, never drop one it keeps.
const families = [
  'p',
  'px',
  'py',
  'pt',
  'pr',
  'pb',
  'pl',
  'm',
  'mx',
  'my',
  'mt',
  'mr',
  'mb',
  'ml',
  'w',
  'h',
  'size',
  'min-w',
  'min-h',
  'max-w',
  'max-h',
  'gap',
  'gap-x',
  'gap-y',
  'z',
  'leading',
  'tracking',
  'top',
  'right',
  'bottom',
  'left',
  'inset',
  'inset-x',
  'inset-y',
  'grid-cols',
  'col-span',
  'duration',
]
const family = new RegExp(
  `^-?(${families.map((f) => f.replace('-', '\\-')).join('|')})-(?:\\d|\\[|px$|full$|auto$|screen$|fit$|min$|max$|none$|normal$|tight|snug|relaxed|loose|wide|wider|widest|\\d?xs$|sm$|md$|lg$|\\d?xl$|prose$)`,
)

const colorUtilities = ['text', 'bg', 'border', 'ring', 'outline', 'fill', 'stroke', 'decoration']
const color = new RegExp(`^(${colorUtilities.join('|')})-${colorFree}$`)
const notColor =
  /-(\d+|none|solid|dashed|dotted|double|hidden|inset|offset.*)$|^(ring|outline)-offset|^(bg|text)-(clip|gradient|linear|radial|conic|fixed|local|scroll|no-repeat|repeat|cover|contain|center|origin|auto)/

function groupOf(utility: string): string | null {
  // One side of a border: `border-t` (width) and `border-t-primary` (colour).
  const side = /^border-([tblrxyse])(?:-(.+))?$/.exec(utility)
  if (side)
    return side[2] === undefined || /^\d+$/.test(side[2])
      ? `border-${side[1]}-width`
      : `border-${side[1]}-color`
  for (const [group, pattern] of rules) if (pattern.test(utility)) return group
  const f = family.exec(utility)
  if (f) return f[1] ?? null
  const c = color.exec(utility)
  // `border-2`, `ring-2`, `outline-2`, `outline-none` are widths/styles, not colours.
  if (c && !notColor.test(utility)) return `${c[1]}-color`
  return null
}

// A later shorthand also overrides the longhands before it (`p-4` after `pt-0`).
const covers: Record<string, string[]> = {
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl'],
  px: ['pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml'],
  mx: ['mr', 'ml'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  gap: ['gap-x', 'gap-y'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  overflow: ['overflow-x', 'overflow-y'],
}

/** Splits `md:hover:!px-4` into its variants (`md:hover:`), important mark and utility. */
function parse(token: string) {
  let depth = 0
  let cut = 0
  for (let i = 0; i < token.length; i++) {
    const ch = token[i]
    if (ch === '[' || ch === '(') depth++
    else if (ch === ']' || ch === ')') depth--
    else if (ch === ':' && depth === 0) cut = i + 1
  }
  const variants = token.slice(0, cut)
  let utility = token.slice(cut)
  const important = utility.startsWith('!') || utility.endsWith('!')
  utility = utility.replace(/^!|!$/g, '')
  return { key: `${variants.split(':').sort().join(':')}${important ? '!' : ''}`, utility }
}

export function mergeClasses(classes: string): string {
  const tokens = classes.split(/\s+/).filter(Boolean)
  const seen = new Set<string>()
  const kept: string[] = []
  // Walk backwards: the last class of a group wins.
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i] as string
    const { key, utility } = parse(token)
    const group = groupOf(utility)
    if (group) {
      const id = `${key}|${group}`
      if (seen.has(id)) continue
      seen.add(id)
      for (const longhand of covers[group] ?? []) seen.add(`${key}|${longhand}`)
    }
    kept.push(token)
  }
  return kept.reverse().join(' ')
}
