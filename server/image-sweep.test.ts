import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { tinyPng } from '@test-support/api-harness.ts'
import { readConfig } from './config.ts'
import { createStack, type Stack } from './create-stack.ts'

// The local server sweeps its uploads folder as it starts (docs/decisions/020-files-after-commit.md):
// what a process that died left there, files nothing uses and half-written
// temporaries, goes once it is an hour old.
let dataDir = ''
let stack: Stack | undefined

afterAll(async () => {
  await stack?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

test('npm start removes the unused files and temporaries older than an hour, and keeps the young ones', async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-sweep-'))
  const uploads = path.join(dataDir, 'uploads')
  await mkdir(uploads, { recursive: true })
  const old = '0f0e0d0c-aaaa-4bbb-8ccc-000000000001.png'
  const young = '0f0e0d0c-aaaa-4bbb-8ccc-000000000002.png'
  const staleTemporary = `.${old}.5e6f.tmp`
  const youngTemporary = `.${young}.7a8b.tmp`
  for (const name of [old, young, staleTemporary, youngTemporary])
    await writeFile(path.join(uploads, name), tinyPng)
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000)
  for (const name of [old, staleTemporary])
    await utimes(path.join(uploads, name), twoHoursAgo, twoHoursAgo)

  stack = await createStack(readConfig({ DATA_DIR: dataDir }))
  expect((await readdir(uploads)).sort()).toEqual([youngTemporary, young].sort())
})
