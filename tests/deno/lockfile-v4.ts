// deno.lock for the Deno of Supabase's edge runtime (2.1.4), which reads
// lockfiles up to version 4 while the current Deno writes version 5. The hosted
// runtime does not refuse a version 5 file: supabase/edge-runtime rewrites it
// to version 4 as it reads it (downgrade_lockfile_v5_to_v4_if_needed in
// deno/args/lockfile.rs). This does the same rewrite, so the old Deno under
// test reads what the deployed function reads, from the one committed file.
//   npx tsx tests/deno/lockfile-v4.ts write <out>
//     deno.lock rewritten to version 4, into <out>;
//   npx tsx tests/deno/lockfile-v4.ts unchanged <before> <after>
//     fails unless <after> keeps every entry of <before> and adds only the
//     Node types that Deno 2.1's type checker fetches for itself (npm:@types/node).
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

type Lockfile = {
  version: string
  specifiers?: Record<string, string>
  npm?: Record<string, Record<string, unknown>>
  [key: string]: unknown
}

const committed = new URL('../../supabase/functions/api/deno.lock', import.meta.url)

/** Version 5's npm fields that version 4 lacks are dropped; optional dependencies join the rest. */
export function downgradeLockfile(lock: Lockfile): Lockfile {
  if (lock.version !== '5') return lock
  const npm: Record<string, Record<string, unknown>> = {}
  for (const [name, entry] of Object.entries(lock.npm ?? {})) {
    const {
      dependencies = [],
      optionalDependencies = [],
      optionalPeers: _optionalPeers,
      os: _os,
      cpu: _cpu,
      tarball: _tarball,
      deprecated: _deprecated,
      scripts: _scripts,
      bin: _bin,
      ...rest
    } = entry as { dependencies?: string[]; optionalDependencies?: string[] } & Record<
      string,
      unknown
    >
    const all = [...dependencies, ...optionalDependencies]
    npm[name] = all.length ? { ...rest, dependencies: all } : rest
  }
  return { ...lock, version: '4', ...(lock.npm ? { npm } : {}) }
}

/** What `after` holds beyond `before`, or a changed entry; [] when it only adds Node's types. */
export function lockfileChanges(before: Lockfile, after: Lockfile): string[] {
  const problems: string[] = []
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
  for (const section of ['specifiers', 'npm'] as const) {
    const was = before[section] ?? {}
    const is = after[section] ?? {}
    for (const key of Object.keys(was))
      if (!same(was[key], is[key])) problems.push(`${section}: ${key} changed or went`)
  }
  // The type checker's own: @types/node and what it depends on.
  const added = Object.keys(after.specifiers ?? {}).filter(
    (key) => !(key in (before.specifiers ?? {})),
  )
  for (const key of added)
    if (key !== 'npm:@types/node@*') problems.push(`specifiers: ${key} added`)
  const reachable = new Set<string>()
  const visit = (name: string) => {
    const entry = after.npm?.[name]
    if (!entry || reachable.has(name)) return
    reachable.add(name)
    for (const dep of (entry.dependencies as string[] | undefined) ?? [])
      for (const candidate of Object.keys(after.npm ?? {}))
        if (candidate.startsWith(`${dep}@`)) visit(candidate)
  }
  const types = after.specifiers?.['npm:@types/node@*']
  if (types) visit(`@types/node@${types}`)
  for (const name of Object.keys(after.npm ?? {}))
    if (!(name in (before.npm ?? {})) && !reachable.has(name)) problems.push(`npm: ${name} added`)
  return problems
}

const read = (file: string | URL) => JSON.parse(readFileSync(file, 'utf8')) as Lockfile

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, first, second] = process.argv.slice(2)
  if (command === 'write' && first) {
    writeFileSync(first, `${JSON.stringify(downgradeLockfile(read(committed)), null, 2)}\n`)
  } else if (command === 'unchanged' && first && second) {
    const problems = lockfileChanges(read(first), read(second))
    if (problems.length) {
      console.error(`deno.lock is out of date for Deno 2.1:\n  ${problems.join('\n  ')}`)
      process.exit(1)
    }
  } else {
    console.error('usage: lockfile-v4.ts write <out> | unchanged <before> <after>')
    process.exit(2)
  }
}
