// Start-up banner and clean shutdown for `npm run dev` and `npm start`.
import { API_PREFIX, type Stack } from './create-stack.ts'

export function printBanner(mode: 'dev' | 'start', stack: Stack, origin: string): void {
  const { applied, seeded } = stack.migration
  const lines = [
    '',
    `  Vitrine (${mode === 'dev' ? 'development, hot reload' : 'production build'})`,
    '',
    `  Site       ${origin}/`,
    `  Admin      ${origin}/admin/login   (first time: ${origin}/admin/register)`,
    `  API        ${origin}${API_PREFIX}/api   (try ${origin}${API_PREFIX}/api/health)`,
    `  Database   ${stack.databaseLocation}`,
    `  Uploads    ${stack.uploadsDir}`,
    `  Migrations ${applied.length ? `applied ${applied.length}` : 'up to date'}${seeded ? ', demo content seeded' : ''}`,
    '',
    '  Ctrl-C to stop; data is kept.',
    '',
  ]
  console.log(lines.join('\n'))
}

/** Runs `close` once on SIGINT/SIGTERM, then exits; a second signal forces the exit. */
export function onShutdown(close: () => Promise<void>): void {
  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1)
    stopping = true
    console.log(`\n  ${signal}: closing the server and the database...`)
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed', error)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
