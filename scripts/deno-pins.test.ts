// The edge function runs the shared code under Deno with the packages pinned
// in supabase/functions/api/deno.json; Node runs it with package-lock.json's.
// They must be the same versions, or the two paths run different code. The
// Deno versions the edge function is tested under are pinned once too.
import { readFile } from 'node:fs/promises'
import { expect, test } from 'vitest'

const read = async (file: string) =>
  JSON.parse(await readFile(new URL(`../${file}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >

test("every npm package deno.json pins is package-lock.json's version of it", async () => {
  const deno = (await read('supabase/functions/api/deno.json')) as {
    imports: Record<string, string>
  }
  const lock = (await read('package-lock.json')) as {
    packages: Record<string, { version?: string }>
  }
  const pins = Object.values(deno.imports)
    .map((target) => /^npm:\/?((?:@[^/@]+\/)?[^/@]+)@([^/]+)/.exec(target))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ name: match[1]!, version: match[2]! }))
  expect(pins.length).toBeGreaterThan(3)
  for (const pin of pins)
    expect(`${pin.name}@${lock.packages[`node_modules/${pin.name}`]?.version}`).toBe(
      `${pin.name}@${pin.version}`,
    )
})

test('decision 008 and CI run the Deno versions the edge function tests pin', async () => {
  const { CURRENT_DENO, EDGE_RUNTIME_DENO } = await import('@test-support/edge-function.ts')
  const text = (file: string) => readFile(new URL(`../${file}`, import.meta.url), 'utf8')
  const decision = await text('docs/decisions/008-cli-binaries-outside-the-lockfile.md')
  const ci = await text('.ci/run')
  expect(CURRENT_DENO).not.toBe(EDGE_RUNTIME_DENO)
  expect(decision).toContain(`deno@${CURRENT_DENO}`)
  expect(decision).toContain(`deno@${EDGE_RUNTIME_DENO}`)
  expect(decision).toContain(`\`deno\` ${EDGE_RUNTIME_DENO}`)
  // The current Deno type-checks the function; the edge runtime's runs the suite.
  expect(ci).toContain('step deno-check-current env DENO_CHECK_ONLY=1 npm run test:deno\n')
  // The suite runs through PgBouncer from a shell function a step calls.
  const edgeRuntimeRun = ci
    .split('\n')
    .find((line) => line.includes(`DENO_VERSION=${EDGE_RUNTIME_DENO} `))
  expect(edgeRuntimeRun).toMatch(/^\s*(step \S+\s+)?env .* bash tests\/deno\/pgbouncer\.sh$/)
  if (!edgeRuntimeRun?.startsWith('step ')) {
    const runner = /^(\w+)\(\) \{\n[^\n]*DENO_VERSION=/m.exec(ci)?.[1]
    expect(runner, 'the shell function around the run').toBeDefined()
    expect(ci).toMatch(new RegExp(`^\\s*step \\S+\\s+${runner}$`, 'm'))
  }
})
