// No import circles among our own source files: the app (src/), the server
// (server/), the build (build/), the scripts (scripts/) and the shared server
// code (supabase/functions/_shared). A circle makes the load order decide what
// a module sees at start, and folds two modules into one that cannot be read,
// tested or moved alone. Every kind of import counts: static, `import type`,
// `export ... from` and dynamic `import()`; relative paths and the tsconfig
// aliases (@/, @shared/) are followed.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { expect, test } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const FOLDERS = ['src', 'server', 'build', 'scripts', 'supabase/functions/_shared']

/**
 * Imports a circle may still go through, each with why it is not fixed yet.
 * Written as `importer -> imported`, paths from the repository root; a listed
 * import that no longer exists fails the last test, so the list only shrinks.
 * None today.
 */
const ALLOWED: Record<string, string> = {}

/** Every .ts and .tsx file below `dir` (paths from the repository root). */
function sourceFiles(dir: string): string[] {
  const full = path.join(root, dir)
  if (!existsSync(full)) return []
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file)
    return /\.tsx?$/.test(entry.name) ? [file] : []
  })
}

/** tsconfig's paths as prefix -> folder, e.g. '@/' -> 'src/'. */
function aliases(): [string, string][] {
  const { config } = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile)
  const paths = (config?.compilerOptions?.paths ?? {}) as Record<string, string[]>
  return Object.entries(paths).map(([alias, [target = '']]) => [
    alias.replace(/\*$/, ''),
    target.replace(/\*$/, ''),
  ])
}

/** The file an import names, or undefined for a package or a file outside the repository. */
function resolve(from: string, specifier: string, alias: [string, string][]): string | undefined {
  let base: string | undefined
  if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier)
  else
    for (const [prefix, folder] of alias)
      if (specifier.startsWith(prefix)) {
        base = path.posix.join(folder, specifier.slice(prefix.length))
        break
      }
  if (base === undefined) return undefined
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ]) {
    const full = path.join(root, candidate)
    if (existsSync(full) && statSync(full).isFile()) return candidate
  }
  return undefined
}

/** Each file and the files of ours it imports, in any way. */
function importGraph(): Map<string, Set<string>> {
  const alias = aliases()
  const files = FOLDERS.flatMap(sourceFiles)
  const ours = new Set(files)
  const graph = new Map<string, Set<string>>()
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(
      readFileSync(path.join(root, file), 'utf8'),
      true,
      true,
    )
    const targets = new Set<string>()
    for (const { fileName } of importedFiles) {
      const target = resolve(file, fileName, alias)
      if (target && ours.has(target) && !ALLOWED[`${file} -> ${target}`]) targets.add(target)
    }
    graph.set(file, targets)
  }
  return graph
}

/** The strongly connected components with more than one file, or one that imports itself (Tarjan). */
function circles(graph: Map<string, Set<string>>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (file: string) => {
    index.set(file, next)
    low.set(file, next++)
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file)!, low.get(target)!))
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!))
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== file)
    if (component.length > 1 || graph.get(file)?.has(file)) found.push(component.sort())
  }
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file)
  return found
}

/** One shortest way round a component, from its first file back to it, to print. */
function loop(graph: Map<string, Set<string>>, component: string[]): string[] {
  const inside = new Set(component)
  const start = component[0]!
  const cameFrom = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.shift()!
    for (const target of graph.get(file) ?? []) {
      if (!inside.has(target)) continue
      if (target === start) {
        const way = [file]
        while (way[0] !== start) way.unshift(cameFrom.get(way[0]!)!)
        return [...way, start]
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file)
        queue.push(target)
      }
    }
  }
  return component
}

test('no file of ours imports itself through other files', () => {
  const graph = importGraph()
  expect(graph.size).toBeGreaterThan(300)
  const found = circles(graph)
  const report = found.map(
    (component) =>
      `${component.length} files: ${loop(graph, component).join('\n  -> ')}` +
      (component.length > 2 ? `\n  (all of them: ${component.join(', ')})` : ''),
  )
  if (found.length > 0) console.error(`Import circles:\n\n${report.join('\n\n')}`)
  expect(report).toEqual([])
})

test('sees type imports, re-exports, import() and aliases, and finds each circle once', () => {
  const graph = new Map([
    ['a.ts', new Set(['b.ts'])],
    ['b.ts', new Set(['c.ts'])],
    ['c.ts', new Set(['a.ts', 'd.ts'])],
    ['d.ts', new Set<string>()],
    ['e.ts', new Set(['e.ts'])],
  ])
  expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']])
  expect(loop(graph, ['a.ts', 'b.ts', 'c.ts'])).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts'])
  const { importedFiles } = ts.preProcessFile(
    "import type { A } from './a.ts'\nexport { B } from '@shared/b.ts'\nconst c = () => import('./c.ts')",
    true,
    true,
  )
  expect(importedFiles.map((file) => file.fileName)).toEqual(['./a.ts', '@shared/b.ts', './c.ts'])
  expect(resolve('server/x.ts', '@shared/context.ts', aliases())).toBe(
    'supabase/functions/_shared/context.ts',
  )
})

test('every import the list above allows is still there', () => {
  const alias = aliases()
  for (const edge of Object.keys(ALLOWED)) {
    const [from = '', to = ''] = edge.split(' -> ')
    const { importedFiles } = ts.preProcessFile(
      readFileSync(path.join(root, from), 'utf8'),
      true,
      true,
    )
    expect(
      importedFiles.some(({ fileName }) => resolve(from, fileName, alias) === to),
      `${edge} is gone: take it off the list`,
    ).toBe(true)
  }
})
