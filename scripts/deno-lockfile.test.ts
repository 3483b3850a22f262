// deno.lock as the edge runtime's Deno 2.1 reads it (tests/deno/lockfile-v4.ts).
import { readFile } from 'node:fs/promises'
import { expect, test } from 'vitest'
import { downgradeLockfile, lockfileChanges } from '../tests/deno/lockfile-v4.ts'

const committed = async () =>
  JSON.parse(
    await readFile(new URL('../supabase/functions/api/deno.lock', import.meta.url), 'utf8'),
  ) as Parameters<typeof downgradeLockfile>[0]

test('version 5 becomes version 4 with the same packages and hashes, optional ones joined', () => {
  const v5 = {
    version: '5',
    specifiers: { 'npm:a@1': '1.0.0' },
    npm: {
      'a@1.0.0': {
        integrity: 'sha512-a',
        dependencies: ['b'],
        optionalDependencies: ['c'],
        os: ['linux'],
        tarball: 'https://example.com/a.tgz',
      },
      'b@1.0.0': { integrity: 'sha512-b' },
    },
  }
  expect(downgradeLockfile(v5)).toEqual({
    version: '4',
    specifiers: { 'npm:a@1': '1.0.0' },
    npm: {
      'a@1.0.0': { integrity: 'sha512-a', dependencies: ['b', 'c'] },
      'b@1.0.0': { integrity: 'sha512-b' },
    },
  })
})

test("the committed deno.lock rewritten keeps every package's integrity", async () => {
  const lock = await committed()
  const v4 = downgradeLockfile(lock)
  expect(v4.version).toBe('4')
  expect(Object.keys(v4.npm ?? {})).toEqual(Object.keys(lock.npm ?? {}))
  for (const [name, entry] of Object.entries(lock.npm ?? {}))
    expect(v4.npm?.[name]?.integrity).toBe(entry.integrity)
})

test("only Node's types may be added by Deno 2.1's checker; anything else is a change", async () => {
  const before = downgradeLockfile(await committed())
  const withTypes = structuredClone(before)
  withTypes.specifiers = { ...withTypes.specifiers, 'npm:@types/node@*': '22.5.4' }
  withTypes.npm = {
    ...withTypes.npm,
    '@types/node@22.5.4': { integrity: 'sha512-t', dependencies: ['undici-types'] },
    'undici-types@6.19.8': { integrity: 'sha512-u' },
  }
  expect(lockfileChanges(before, withTypes)).toEqual([])

  const withMore = structuredClone(withTypes)
  withMore.specifiers!['npm:left-pad@1'] = '1.3.0'
  withMore.npm!['left-pad@1.3.0'] = { integrity: 'sha512-l' }
  expect(lockfileChanges(before, withMore)).toEqual([
    'specifiers: npm:left-pad@1 added',
    'npm: left-pad@1.3.0 added',
  ])
  const changed = structuredClone(before)
  const [first] = Object.keys(changed.npm!)
  changed.npm![first!] = { integrity: 'sha512-other' }
  expect(lockfileChanges(before, changed)).toEqual([`npm: ${first} changed or went`])
})
