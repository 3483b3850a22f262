// mergeClasses stands in for tailwind-merge (kept as a dev dependency for this
// test only). Every class string the app writes is combined with every base
// string of the shared UI components, the way `cn(base, className)` combines
// them, and both must keep the same classes.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { twMerge } from 'tailwind-merge'
import { expect, test } from 'vitest'
import { mergeClasses } from './class-merge'

const src = path.resolve(__dirname, '..')

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return files(full)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })
}

/** String literals that look like class lists (lowercase tokens, Tailwind punctuation). */
function classStrings(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const found = new Set<string>()
  for (const match of text.matchAll(/(['"`])([^'"`\n]{2,400}?)\1/g)) {
    const value = match[2] ?? ''
    if (/\$\{/.test(value)) continue
    const tokens = value.split(/\s+/).filter(Boolean)
    if (
      tokens.length &&
      tokens.every((t) => /^[!a-z0-9[-]/.test(t) && /^[\w\-:/.[\]()%,!&>*=#'"@+]+$/.test(t)) &&
      tokens.some((t) => t.includes('-'))
    ) {
      found.add(value)
    }
  }
  return [...found]
}

const all = files(src)
// Each distinct string once: a base written in several components (about 400
// of the 950 found) would only repeat the same comparisons.
const bases = [
  ...new Set(
    all.filter((f) => f.includes(`${path.sep}components${path.sep}`)).flatMap(classStrings),
  ),
]
const uses = [...new Set(all.flatMap(classStrings))]

test('finds the class strings it compares', () => {
  expect(bases.length).toBeGreaterThan(30)
  expect(uses.length).toBeGreaterThan(200)
})

// Across every base x className pair (most of them never meet in the app) it
// may keep a class tailwind-merge would drop (it knows fewer groups), but it
// must never drop one that tailwind-merge keeps.
test('never drops a class that tailwind-merge keeps, for any base + className pair', () => {
  const dropped: string[] = []
  for (const base of bases) {
    for (const use of uses) {
      const input = `${base} ${use}`
      const ours = mergeClasses(input).split(' ')
      const lost = twMerge(input)
        .split(' ')
        .filter((c) => !ours.includes(c))
      if (lost.length) dropped.push(`${input}\n  lost: ${lost.join(' ')}`)
    }
  }
  expect(dropped.slice(0, 5), `${dropped.length} inputs lose classes`).toEqual([])
  // Every class string of the app against every base: it grows with the app
  // (about 5 s in CI now), so it gets more than the default 5 s.
}, 60_000)

// The overrides the components really receive resolve exactly as tailwind-merge does.
test.each([
  'inline-flex h-10 px-4 py-2 rounded-md text-sm font-medium bg-primary text-primary-foreground size-10 rounded-full',
  'h-10 rounded-md px-8 text-base rounded-full px-8 font-bold',
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm h-12 bg-card',
  'rounded-xl border bg-card text-card-foreground shadow-sm border-primary/40 shadow-lg',
  'flex flex-col gap-1.5 p-6 pb-2 gap-3',
  'p-6 pt-0 p-4',
  'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium border-transparent bg-muted text-muted-foreground px-3 text-sm',
  'fixed inset-0 z-50 bg-black/60 backdrop-blur-sm',
  'hover:bg-accent hover:text-accent-foreground text-muted-foreground hover:text-foreground',
  'size-10 animate-spin rounded-full border-4 border-primary/25 border-t-primary motion-reduce:animate-none',
  'w-3/4 sm:max-w-sm max-w-xs sm:max-w-md',
])('resolves %s like tailwind-merge', (input) => {
  expect(mergeClasses(input)).toBe(twMerge(input))
})

test('the later class of a group wins, under the same variants only', () => {
  expect(mergeClasses('px-4 py-2 px-8')).toBe('py-2 px-8')
  expect(mergeClasses('rounded-md rounded-full')).toBe('rounded-full')
  expect(mergeClasses('text-sm text-primary text-lg')).toBe('text-primary text-lg')
  expect(mergeClasses('hover:bg-accent bg-card hover:bg-primary/90')).toBe(
    'bg-card hover:bg-primary/90',
  )
  expect(mergeClasses('border border-input border-t')).toBe('border border-input border-t')
})
