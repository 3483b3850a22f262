// `npm run deploy:supabase`: the site on Supabase in one command
// (docs/deploy.md, "Supabase"). In order: link the project, push the
// migrations (and the demo content once), set the secrets it can make
// (JWT_SECRET and SETUP_TOKEN when the project has none yet, SITE_URL and
// ALLOWED_ORIGINS from --site), deploy the function without Docker, and build
// the static site against it. Then it prints the setup link and what is left
// to do by hand. `--dry-run` prints every command and runs none.
//
//   npm run deploy:supabase -- --project-ref <ref> --site https://your.domain [--host netlify]
//   npm run deploy:supabase -- --dry-run --project-ref <ref> --site https://your.domain
//   npm run deploy:supabase -- --only migrations --db-url postgresql://... --yes
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The CLI version the project is tested with (docs/decisions/008). */
export const SUPABASE = ['npx', '--yes', 'supabase@3.1.0']
export const STEPS = ['link', 'migrations', 'secrets', 'function', 'build'] as const
export type StepName = (typeof STEPS)[number]
export const HOSTS = ['netlify', 'cloudflare', 'other'] as const
export type Host = (typeof HOSTS)[number]

export interface DeployOptions {
  /** The project's 20-letter ref (--project-ref, else SUPABASE_PROJECT_REF). */
  ref?: string
  /** Where visitors open the site (--site): SITE_URL and ALLOWED_ORIGINS. */
  site?: string
  host: Host
  /** Push supabase/seed.sql (the demo content) with the migrations, once; only with --demo. */
  seed: boolean
  /** Only these steps (--only, comma-separated). */
  only: StepName[]
  /** Push the migrations to this database instead of the linked project (--db-url). */
  dbUrl?: string
  dryRun: boolean
  /** Answer the CLI's confirmations (--yes): for CI, where nobody can. */
  yes: boolean
}

export interface Step {
  name: StepName
  title: string
  command: string[]
  /** Variables added to the command's environment. */
  env?: Record<string, string>
  /** secrets: the names and values written to the file `secrets set --env-file` reads. */
  secrets?: Record<string, string>
}

const usage = `usage: npm run deploy:supabase -- --project-ref <ref> --site https://your.domain
  [--host netlify|cloudflare|other] [--demo] [--only ${STEPS.join(',')}]
  [--db-url <postgres URL>] [--yes] [--dry-run]`

export function parseArgs(argv: string[], env: NodeJS.ProcessEnv = {}): DeployOptions {
  const options: DeployOptions = {
    ref: env.SUPABASE_PROJECT_REF?.trim() || undefined,
    host: 'netlify',
    seed: false,
    only: [...STEPS],
    dryRun: false,
    yes: false,
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s) : [arg]
    const value = () => {
      const next = inline ?? argv[++i]
      if (next === undefined || next.startsWith('--'))
        throw new Error(`${flag} needs a value\n${usage}`)
      return next
    }
    switch (flag) {
      case '--project-ref':
        options.ref = value()
        break
      case '--site':
        options.site = value()
        break
      case '--host': {
        const host = value()
        if (!(HOSTS as readonly string[]).includes(host))
          throw new Error(`--host must be one of ${HOSTS.join(', ')}, got "${host}"`)
        options.host = host as Host
        break
      }
      case '--only': {
        const names = value()
          .split(',')
          .map((name) => name.trim())
        const unknown = names.filter((name) => !(STEPS as readonly string[]).includes(name))
        if (unknown.length)
          throw new Error(`--only takes ${STEPS.join(', ')}; unknown: ${unknown.join(', ')}`)
        options.only = STEPS.filter((step) => names.includes(step))
        break
      }
      case '--db-url':
        options.dbUrl = value()
        break
      case '--demo':
        options.seed = true
        break
      case '--yes':
        options.yes = true
        break
      case '--dry-run':
        options.dryRun = true
        break
      default:
        throw new Error(`unknown argument "${arg}"\n${usage}`)
    }
  }
  const needsRef = options.only.some((step) => step !== 'migrations' || !options.dbUrl)
  if (needsRef && !options.ref)
    throw new Error(
      `the project's ref is missing: --project-ref <ref> or SUPABASE_PROJECT_REF\n${usage}`,
    )
  if (options.ref && !/^[a-z]{20}$/.test(options.ref))
    throw new Error(`a project ref is 20 lowercase letters, got "${options.ref}"`)
  const needsSite = options.only.some((step) => step === 'secrets' || step === 'build')
  if (needsSite && !options.site) throw new Error(`--site https://your.domain is missing\n${usage}`)
  if (options.site && !/^https:\/\/[^/\s]+/.test(options.site))
    throw new Error(`--site must be an https:// address, got "${options.site}"`)
  if (options.dbUrl && !/^postgres(ql)?:\/\//.test(options.dbUrl))
    throw new Error('--db-url must be a postgres:// or postgresql:// URL')
  return options
}

/** Placeholders for the secrets in a dry run: the real ones are made when the step runs. */
export const GENERATED = {
  JWT_SECRET: '<48 random bytes, base64: made now>',
  SETUP_TOKEN: '<24 random bytes, base64url: made now>',
}

/**
 * The commands, in order. `generated`: the secrets this run sets (the ones the
 * project does not have yet); the dry run shows placeholders for both.
 */
export function plan(
  options: DeployOptions,
  generated: Partial<Record<keyof typeof GENERATED, string>> = GENERATED,
): Step[] {
  const yes = options.yes ? ['--yes'] : []
  const site = options.site ? new URL(options.site) : undefined
  const steps: Step[] = [
    {
      name: 'link',
      title: 'Link this folder to the project',
      command: [...SUPABASE, 'link', '--project-ref', options.ref ?? '<ref>'],
    },
    {
      name: 'migrations',
      title: options.seed
        ? 'Push the migrations, and the demo content once'
        : 'Push the migrations (no demo content)',
      command: [
        ...SUPABASE,
        'db',
        'push',
        options.dbUrl ? `--remote=${options.dbUrl}` : '--remote',
        '--include-all',
        ...(options.seed ? ['--include-seed'] : []),
        ...yes,
      ],
    },
    {
      name: 'secrets',
      title: "Set the function's secrets",
      command: [...SUPABASE, 'secrets', 'set', '--env-file', '<a file only you can read>', ...yes],
      secrets: {
        ...generated,
        SITE_URL: site ? site.href.replace(/\/$/, '') : '<site>',
        ALLOWED_ORIGINS: site?.origin ?? '<site>',
      },
    },
    {
      name: 'function',
      title: 'Deploy the function, bundled by Supabase (no Docker)',
      command: [...SUPABASE, 'functions', 'deploy', 'api', '--use-api', ...yes],
    },
    {
      name: 'build',
      title: 'Build the static site from the deployed API',
      command: ['npm', 'run', 'build'],
      env: {
        VITE_API_URL: `https://${options.ref ?? '<ref>'}.supabase.co/functions/v1/api`,
        SITE_URL: site ? site.href.replace(/\/$/, '') : '<site>',
      },
    },
  ]
  return steps.filter((step) => options.only.includes(step.name))
}

/** A command as it would be typed, with any password in a URL hidden. */
export function shellLine(step: Pick<Step, 'command' | 'env'>): string {
  const quote = (word: string) =>
    /^[\w@%+=:,./<>-]+$/.test(word) && !/[<>]/.test(word)
      ? word
      : `'${word.replace(/'/g, `'\\''`)}'`
  const hide = (word: string) => word.replace(/(postgres(?:ql)?:\/\/[^:/@\s]+:)[^@\s]+@/g, '$1***@')
  const env = Object.entries(step.env ?? {}).map(([name, value]) => `${name}=${quote(value)}`)
  return [...env, ...step.command.map((word) => quote(hide(word)))].join(' ')
}

/** What is left once the commands ran: the setup link, the upload, the optional parts. */
export function leftToDo(options: DeployOptions, setupCode: string | undefined): string[] {
  const site = options.site?.replace(/\/$/, '') ?? '<site>'
  const upload: Record<Host, string> = {
    netlify:
      'npx netlify-cli deploy --dir dist --prod   (or connect the repository: build command above, publish folder dist)',
    cloudflare:
      'npx wrangler pages deploy dist   (Pages skips the 404 lines of _redirects and says so in its log; docs/deploy.md)',
    other:
      'copy dist/ to your host, with the rewrites of dist/_redirects and the headers of dist/_headers in its own configuration',
  }
  return [
    `Upload the site: ${upload[options.host]}`,
    `Point your domain at the host (its DNS settings), so that ${site} opens the site.`,
    setupCode
      ? `Create the first admin: ${site}/admin/register?setup=${setupCode}`
      : `Create the first admin: ${site}/admin/register?setup=<the SETUP_TOKEN the project already has>`,
    'Optional, rebuild after each change: npx supabase@3.1.0 secrets set DEPLOY_HOOK_URL=<the host’s build hook> (docs/operations.md, "Publishing").',
    'Check the backups policy was added (docs/deploy.md, "The backups policy").',
  ]
}

/** The names of the secrets the linked project already has (`secrets list`). */
function existingSecrets(): Set<string> {
  const listed = spawnSync(
    SUPABASE[0]!,
    [...SUPABASE.slice(1), 'secrets', 'list', '--output-format', 'json'],
    {
      encoding: 'utf8',
      stdio: ['inherit', 'pipe', 'inherit'],
    },
  )
  if (listed.status !== 0)
    throw new Error('`supabase secrets list` failed; nothing was generated (see above)')
  return new Set([...listed.stdout.matchAll(/"name"\s*:\s*"([A-Za-z0-9_]+)"/g)].map((m) => m[1]!))
}

function run(step: Step): void {
  console.log(`\n== ${step.title}\n$ ${shellLine(step)}`)
  const result = spawnSync(step.command[0]!, step.command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  })
  if (result.status !== 0)
    throw new Error(`"${step.title}" failed (exit ${result.status}); stopped here`)
}

function printPlan(options: DeployOptions): void {
  console.log('Dry run: these commands would run, in this order (nothing is run).')
  for (const step of plan(options)) {
    console.log(`\n== ${step.title}\n$ ${shellLine(step)}`)
    for (const [name, value] of Object.entries(step.secrets ?? {}))
      console.log(
        `    ${name}=${value}${name in GENERATED ? '   (only if the project has none yet)' : ''}`,
      )
  }
  if (options.only.length < STEPS.length) return
  console.log('\nThen, by hand:')
  for (const line of leftToDo(options, GENERATED.SETUP_TOKEN)) console.log(`- ${line}`)
}

function deploy(options: DeployOptions): void {
  let setupCode: string | undefined
  for (const step of plan(options, {})) {
    if (step.name !== 'secrets') {
      run(step)
      continue
    }
    // Never replace a secret the project has: a new JWT_SECRET would end
    // every session and lose the two-step sign-in secrets it seals.
    const existing = existingSecrets()
    const made: Record<string, string> = {}
    if (!existing.has('JWT_SECRET')) made.JWT_SECRET = randomBytes(48).toString('base64')
    if (!existing.has('SETUP_TOKEN'))
      made.SETUP_TOKEN = setupCode = randomBytes(24).toString('base64url')
    const folder = mkdtempSync(path.join(tmpdir(), 'vitrine-secrets-'))
    const file = path.join(folder, 'secrets.env')
    try {
      const lines = Object.entries({ ...made, ...step.secrets }).map(([k, v]) => `${k}=${v}`)
      writeFileSync(file, lines.join('\n') + '\n', { mode: 0o600 })
      run({
        ...step,
        command: step.command.map((word) => (word.startsWith('<a file') ? file : word)),
      })
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  }
  if (options.only.length < STEPS.length) {
    console.log(`\nDone: ${options.only.join(', ')}.`)
    return
  }
  console.log('\nDone. Left to do by hand:')
  for (const line of leftToDo(options, setupCode)) console.log(`- ${line}`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const options = parseArgs(process.argv.slice(2), process.env)
    if (options.dryRun) printPlan(options)
    else deploy(options)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
}
