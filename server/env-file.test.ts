import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadEnvFile } from './env-file.ts'

describe('the settings file npm start reads', () => {
  let folder: string
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'vitrine-env-file-'))
  })
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true })
  })

  it('adds what .env sets and keeps what the environment already has', async () => {
    await writeFile(
      path.join(folder, '.env'),
      '# a comment\nPORT=4000\nSITE_URL=https://from.file\nHOST="0.0.0.0"\n',
    )
    const env: NodeJS.ProcessEnv = { PORT: '5000' }
    const loaded = loadEnvFile(env, folder)
    expect(loaded.file).toBe(path.join(folder, '.env'))
    expect(loaded.added.sort()).toEqual(['HOST', 'SITE_URL'])
    expect(env).toEqual({ PORT: '5000', SITE_URL: 'https://from.file', HOST: '0.0.0.0' })
  })

  it('reads the file ENV_FILE names, and refuses one that is missing', async () => {
    await writeFile(path.join(folder, 'prod.env'), 'DATA_DIR=/var/lib/vitrine\n')
    const env: NodeJS.ProcessEnv = { ENV_FILE: 'prod.env' }
    expect(loadEnvFile(env, folder).added).toEqual(['DATA_DIR'])
    expect(env.DATA_DIR).toBe('/var/lib/vitrine')
    expect(() => loadEnvFile({ ENV_FILE: 'missing.env' }, folder)).toThrow(/missing\.env/)
  })

  it('leaves alone a .env it may not read, as under systemd with a root-only file', async () => {
    const file = path.join(folder, '.env')
    await writeFile(file, 'PORT=4000\n')
    const refused = () => {
      throw Object.assign(new Error(`EACCES: permission denied, open '${file}'`), {
        code: 'EACCES',
      })
    }
    const env: NodeJS.ProcessEnv = {}
    expect(loadEnvFile(env, folder, refused)).toEqual({ file: null, added: [], unreadable: file })
    expect(env).toEqual({})
    const broken = () => {
      throw Object.assign(new Error('EIO'), { code: 'EIO' })
    }
    expect(() => loadEnvFile(env, folder, broken)).toThrow('EIO')
  })

  it('loads nothing without a .env', () => {
    const env: NodeJS.ProcessEnv = {}
    expect(loadEnvFile(env, folder)).toEqual({ file: null, added: [] })
    expect(env).toEqual({})
  })
})
