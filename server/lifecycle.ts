// Start-up banner and clean shutdown for `npm run dev` and `npm start`.
import { logErrorOutsideRequest } from '../supabase/functions/_shared/http/log.ts'
import { API_PREFIX, type Stack } from './create-stack.ts'

export function printBanner(
  mode: 'dev' | 'start',
  stack: Stack,
  origin: string,
  setupLink: string | null = null,
): void {
  const { applied, seeded } = stack.migration
  const lines = [
    '',
    `  Vitrine (${mode === 'dev' ? 'development, hot reload' : 'production build'})`,
    '',
    `  Site       ${origin}/`,
    `  Admin      ${origin}/admin/login   (first time: ${origin}/admin/register)`,
    // Until the owner registers: the link that claims the site from another
    // machine (this one needs no code). Whoever reads this log owns the server.
    ...(setupLink
      ? [
          `  Setup      ${setupLink}`,
          // Who counts as this machine (docs/decisions/034, 064).
          '             Without the code: only this machine, straight to this port, from no other',
          "             site's page. A forwarder here that adds no X-Forwarded-For (nginx's default",
          '             proxy_pass, ssh -R) makes its visitors local: set TRUSTED_PROXIES=loopback.',
        ]
      : []),
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

/**
 * An error nobody caught is logged, one line without the error object's
 * properties (log.ts: they may carry a query's parameters), and the server
 * keeps serving (docs/decisions/022-surviving-the-database.md). Every request
 * runs in its own database transaction, so a throw outside a request leaves no
 * half-made change behind, and what the process keeps in memory (kept public
 * answers, rate-limit windows) is rebuilt from the database anyway. A process
 * that stopped would serve nobody until someone restarted it.
 */
export function keepServingThroughUnexpectedErrors(): void {
  const report = (kind: string) => (error: unknown) => logErrorOutsideRequest(error, kind)
  process.on('uncaughtException', report('uncaughtException'))
  process.on('unhandledRejection', report('unhandledRejection'))
}
