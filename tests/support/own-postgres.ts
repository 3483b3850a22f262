// A PostgreSQL cluster of a test's own, in a temporary folder on a free port,
// for faults that must never touch the shared server: a restart, a standby
// that turns connections away, a database closed to connections or dropped, a
// role's password or connection limit changed. It needs PostgreSQL's server
// programs (initdb, pg_ctl); initdb refuses to run as root, so as root they run
// as the `postgres` user. Its superuser is trusted on loopback; every other
// role signs in with a password (scram-sha-256), so a changed password counts.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { freePort } from './free-port.ts'

/** The folder holding initdb and pg_ctl: POSTGRES_BINDIR, initdb on PATH, or Debian's newest. */
export function postgresBinaries(): string | null {
  const named = process.env.POSTGRES_BINDIR?.trim()
  if (named) return existsSync(path.join(named, 'initdb')) ? named : null
  try {
    const found = execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim()
    if (found) return path.dirname(found)
  } catch {
    // Not on PATH.
  }
  const debian = '/usr/lib/postgresql'
  if (!existsSync(debian)) return null
  const versions = readdirSync(debian)
    .filter((version) => existsSync(path.join(debian, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length ? path.join(debian, versions[0]!, 'bin') : null
}

/** Why this machine cannot run a cluster of its own, or null when it can. */
export function ownPostgresUnavailable(): string | null {
  if (!postgresBinaries()) return 'no PostgreSQL server programs (initdb, pg_ctl) found'
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' })
    } catch {
      return 'running as root without a postgres user to run initdb as'
    }
  }
  return null
}

export interface OwnPostgres {
  /** A superuser connection to the cluster's `postgres` database. */
  admin: postgres.Sql
  /** A URL of the cluster for `database`, as `user` with `password`. */
  url(database: string, user?: string, password?: string): string
  /**
   * Stops the server (fast: open connections get 57P01) and starts it again as
   * a standby with hot_standby off, which turns every connection away with
   * 57P03 "the database system is not accepting connections".
   */
  restartAsStandby(): Promise<void>
  /** Ends recovery: the server accepts connections again. */
  promote(): Promise<void>
  /** Stops the server and removes its folder. */
  remove(): Promise<void>
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinaries()
  if (!bin) throw new Error('no PostgreSQL server programs (initdb, pg_ctl) found')
  const asRoot = process.getuid?.() === 0
  const run = (program: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(bin, program),
      asRoot ? ['-u', 'postgres', '--', path.join(bin, program), ...args] : args,
      { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
    )
  const owner = asRoot
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
        gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
      }
    : null
  /** Writes a file of the cluster's, owned by the user the server runs as. */
  const write = async (file: string, text: string) => {
    await writeFile(file, text)
    if (owner) await chown(file, owner.uid, owner.gid)
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), 'vitrine-own-postgres-'))
  if (owner) await chown(folder, owner.uid, owner.gid)
  const data = path.join(folder, 'data')
  const port = await freePort()
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'])
  await write(
    path.join(data, 'pg_hba.conf'),
    [
      'local all all trust',
      'host all postgres 127.0.0.1/32 trust',
      'host all all 127.0.0.1/32 scram-sha-256',
      '',
    ].join('\n'),
  )
  const settings = (extra: string[] = []) =>
    [
      `-p ${port}`,
      `-k ${folder}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c shared_buffers=16MB',
      ...extra,
    ].join(' ')
  const start = (extra?: string[]) =>
    run('pg_ctl', [
      '-D',
      data,
      '-o',
      settings(extra),
      '-l',
      path.join(folder, 'log'),
      '-w',
      '-t',
      '30',
      'start',
    ])
  try {
    start()
  } catch (error) {
    await rm(folder, { recursive: true, force: true })
    throw error
  }

  const url = (database: string, user = 'postgres', password = '') => {
    const address = new URL(`postgres://127.0.0.1:${port}/${database}`)
    address.username = user
    address.password = password
    return address.toString()
  }
  const admin = postgres(url('postgres'), { max: 2, onnotice: () => {} })
  return {
    admin,
    url,
    async restartAsStandby() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
      await write(path.join(data, 'standby.signal'), '')
      start(['-c hot_standby=off'])
    },
    async promote() {
      run('pg_ctl', ['-D', data, '-w', 'promote'])
    },
    async remove() {
      await admin.end({ timeout: 5 }).catch(() => {})
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } catch {
        // Already stopped.
      }
      await rm(folder, { recursive: true, force: true })
    },
  }
}
