import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseArgs, plan, shellLine } from './deploy-supabase.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const ref = 'abcdefghijklmnopqrst'
const full = ['--project-ref', ref, '--site', 'https://jordan.dev/']

describe('npm run deploy:supabase', () => {
  it('plans link, migrations, secrets, the function without Docker, then the build, in order', () => {
    const steps = plan(parseArgs(full))
    expect(steps.map(shellLine)).toEqual([
      `npx --yes supabase@3.1.0 link --project-ref ${ref}`,
      'npx --yes supabase@3.1.0 db push --remote --include-all',
      "npx --yes supabase@3.1.0 secrets set --env-file '<a file only you can read>'",
      'npx --yes supabase@3.1.0 functions deploy api --use-api',
      `VITE_API_URL=https://${ref}.supabase.co/functions/v1/api SITE_URL=https://jordan.dev npm run build`,
    ])
    expect(Object.keys(steps[2]!.secrets!)).toEqual([
      'JWT_SECRET',
      'SETUP_TOKEN',
      'SITE_URL',
      'ALLOWED_ORIGINS',
    ])
    expect(steps[2]!.secrets!.ALLOWED_ORIGINS).toBe('https://jordan.dev')
  })

  it('takes the ref from SUPABASE_PROJECT_REF, adds the demo content only with --demo, and says yes for CI', () => {
    const steps = plan(
      parseArgs(['--site', 'https://jordan.dev', '--demo', '--yes'], {
        SUPABASE_PROJECT_REF: ref,
      }),
    )
    expect(shellLine(steps[0]!)).toContain(ref)
    expect(shellLine(steps[1]!)).toBe(
      'npx --yes supabase@3.1.0 db push --remote --include-all --include-seed --yes',
    )
  })

  it('pushes only the migrations to a database URL, without a project, its password hidden when printed', () => {
    const options = parseArgs([
      '--only',
      'migrations',
      '--db-url',
      'postgresql://postgres:s3cret@127.0.0.1:5434/vitrine',
      '--demo',
      '--yes',
    ])
    const steps = plan(options)
    expect(steps.map((step) => step.command.join(' '))).toEqual([
      'npx --yes supabase@3.1.0 db push --remote=postgresql://postgres:s3cret@127.0.0.1:5434/vitrine --include-all --include-seed --yes',
    ])
    expect(shellLine(steps[0]!)).not.toContain('s3cret')
  })

  it('refuses what cannot work, naming the fix', () => {
    expect(() => parseArgs(['--site', 'https://jordan.dev'])).toThrow(/--project-ref/)
    expect(() => parseArgs(['--project-ref', 'short', '--site', 'https://jordan.dev'])).toThrow(
      /20 lowercase letters/,
    )
    expect(() => parseArgs(['--project-ref', ref])).toThrow(/--site/)
    expect(() => parseArgs([...full.slice(0, 2), '--site', 'http://jordan.dev'])).toThrow(/https/)
    expect(() => parseArgs([...full, '--host', 'vercel'])).toThrow(/netlify, cloudflare, other/)
    expect(() => parseArgs([...full, '--only', 'nothing'])).toThrow(/unknown: nothing/)
    expect(() => parseArgs([...full, '--force'])).toThrow(/unknown argument "--force"/)
  })

  it('prints the whole plan and what is left by hand on --dry-run, and runs nothing', () => {
    const result = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/deploy-supabase.ts',
        '--dry-run',
        ...full,
        '--host',
        'cloudflare',
      ],
      { cwd: root, encoding: 'utf8', env: { ...process.env, PATH: '/nonexistent' } },
    )
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    const out = result.stdout
    const order = [
      'link',
      'db push',
      'secrets set',
      'functions deploy api --use-api',
      'npm run build',
    ]
    const positions = order.map((command) => out.indexOf(command))
    expect(positions.every((at) => at >= 0)).toBe(true)
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
    expect(out).toContain('https://jordan.dev/admin/register?setup=')
    expect(out).toContain('npx wrangler pages deploy dist')
    expect(out).toContain('ALLOWED_ORIGINS=https://jordan.dev')
  })
})
