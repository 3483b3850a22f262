// .env.example is the one list of settings (docs/operations.md, "Every
// variable"): every variable the server, the edge function, the build or a
// script reads must be in it, with a line saying what it does, and nothing in
// it may be a name nothing reads.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const sources = ['server', 'supabase/functions', 'build', 'scripts', 'src', 'vite.config.ts']

function sourceFiles(entry: string): string[] {
  const full = path.join(root, entry)
  if (/\.(ts|tsx)$/.test(entry)) return [full]
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter(
      (file) => file.isFile() && /\.tsx?$/.test(file.name) && !/\.test\.tsx?$/.test(file.name),
    )
    .map((file) => path.join(file.parentPath, file.name))
}

// The ways the code reads a variable: process.env.X, env.X, env['X'],
// import.meta.env.VITE_X, Deno.env.get('X'), and a reader function called with
// the name (value('X'), readEnv('X'), wholeSetting(value, 'X', ...)).
const READS = [
  /(?:process\.env|import\.meta\.env|\benv)\??\.([A-Z][A-Z0-9_]*)\b/g,
  /(?:process\.env|\benv)\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g,
  /Deno\.env\.get\(\s*['"]([A-Z][A-Z0-9_]*)['"]/g,
  /\b\w*(?:[vV]alue|[eE]nv|[sS]etting|[wW]hole|get)\(\s*(?:[^,()'"]*(?:\([^()]*\))?[^,()'"]*,\s*)?['"]([A-Z][A-Z0-9_]*)['"]/g,
]

/** The variable names a source text reads. */
function variablesRead(text: string): string[] {
  return [...new Set(READS.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1]!)))]
}

function readsInCode(): Map<string, string[]> {
  const reads = new Map<string, string[]>()
  for (const file of sources.flatMap(sourceFiles)) {
    for (const name of variablesRead(readFileSync(file, 'utf8')))
      reads.set(name, [...(reads.get(name) ?? []), path.relative(root, file)])
  }
  // Caddy reads {$NAME} and {$NAME:default} from its environment.
  const caddyfile = readFileSync(path.join(root, 'deploy/Caddyfile'), 'utf8')
  for (const match of caddyfile.matchAll(/\{\$([A-Z][A-Z0-9_]*)/g))
    reads.set(match[1]!, [...(reads.get(match[1]!) ?? []), 'deploy/Caddyfile'])
  return reads
}

/** Each variable of .env.example (set or commented out) and the comment above it. */
function listed(): Map<string, string> {
  const lines = readFileSync(path.join(root, '.env.example'), 'utf8').split('\n')
  const entries = new Map<string, string>()
  let comment: string[] = []
  for (const line of lines) {
    const variable = /^#?\s?([A-Z][A-Z0-9_]*)=/.exec(line)
    if (variable) {
      entries.set(variable[1]!, comment.join(' '))
      comment = []
    } else if (line.startsWith('#')) comment.push(line.slice(1).trim())
    else comment = []
  }
  return entries
}

describe('.env.example', () => {
  it('finds the ways code reads a variable', () => {
    const code = [
      'process.env.DIST_DIR?.trim()',
      "Deno.env.get('A_B')",
      'import.meta.env.VITE_X',
      "booleanSetting((name) => env[name], 'DB_PREPARE', true)",
      "wholeSetting(\n  value,\n  'STATS_RETENTION_DAYS',\n  30)",
      "readEnv('LINK_CHECK')",
      "if (code === 'CONNECTION_CLOSED') throw new HttpError(503, 'DATABASE_UNAVAILABLE')",
    ].join('\n')
    expect(variablesRead(code).sort()).toEqual(
      ['A_B', 'DB_PREPARE', 'DIST_DIR', 'LINK_CHECK', 'STATS_RETENTION_DAYS', 'VITE_X'].sort(),
    )
  })

  it('lists every variable the code reads', () => {
    const missing = [...readsInCode()]
      .filter(([name]) => !listed().has(name))
      .map(([name, files]) => `${name} (read in ${files.join(', ')})`)
    expect(missing, 'add these to .env.example, each with a line on what it does').toEqual([])
  })

  it('says for each what it does, its default and where it applies', () => {
    const vague = [...listed()]
      .filter(([, comment]) => !/\b(Node|edge|build|Caddy|scripts)\b/.test(comment))
      .map(([name]) => name)
    expect(vague).toEqual([])
    const undescribed = [...listed()].filter(([, comment]) => comment.length < 20)
    expect(undescribed.map(([name]) => name)).toEqual([])
  })

  it('lists nothing that nothing reads', () => {
    const reads = readsInCode()
    const stale = [...listed().keys()].filter((name) => !reads.has(name))
    expect(stale).toEqual([])
  })
})
