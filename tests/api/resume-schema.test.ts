// The zod port of the JSON Resume schema (resume-schema.ts) judges every file
// as ajv does with the official schema.json and ajv-formats (docs/PRODUCT.md
// §20): the same verdict on each file of the corpus, and for a broken one the
// same first problem; the package's own validator (jsonschema) agrees too. No
// database here: the port runs in Node as in the edge function.
import { createRequire } from 'node:module'
import { Ajv, type ErrorObject } from 'ajv'
import addFormats from 'ajv-formats'
import { describe, expect, test } from 'vitest'
import { isEmail, isUri } from '../../supabase/functions/_shared/resume/json-formats.ts'
import { checkResume } from '../../supabase/functions/_shared/resume/resume-schema.ts'
import { officialSchema, resumeCorpus } from '@test-support/resume-corpus.ts'

const require = createRequire(import.meta.url)
const { fullFormats } = require('ajv-formats/dist/formats') as {
  fullFormats: { email: RegExp; uri: (value: string) => boolean }
}

const ajv = new Ajv()
addFormats(ajv)
const validate = ajv.compile(officialSchema)
const packageValidator = require('@jsonresume/schema') as {
  validate: (resume: unknown, done: (errors: unknown, valid: boolean) => void) => void
}
const packageVerdict = (resume: unknown) => {
  let verdict = false
  packageValidator.validate(resume, (_errors, valid) => (verdict = valid))
  return verdict
}

/** ajv's verdict, and the path of its first problem as the API names it ("work[0].startDate"). */
function ajvVerdict(resume: unknown): { valid: boolean; path?: string } {
  if (validate(resume)) return { valid: true }
  const [error] = validate.errors as ErrorObject[]
  const path = error!.instancePath
    .split('/')
    .slice(1)
    .map((key, i) => (/^\d+$/.test(key) ? `[${key}]` : `${i ? '.' : ''}${key}`))
    .join('')
  return { valid: false, path }
}

const corpus = resumeCorpus()

describe('the JSON Resume schema, ported to zod', () => {
  test('the corpus holds files of every kind, valid and broken', () => {
    const verdicts = corpus.map((v) => ajvVerdict(v.resume).valid)
    expect(verdicts.filter(Boolean).length).toBeGreaterThan(200)
    expect(verdicts.filter((valid) => !valid).length).toBeGreaterThan(300)
    for (const change of [
      'removed',
      'wrong type',
      'bad date',
      'bad e-mail',
      'bad URL',
      'extra property',
    ])
      expect(corpus.some((v) => v.change === change)).toBe(true)
  })

  test('agrees with ajv and the official schema on every file of the corpus, and names the same first problem', () => {
    const disagreements: string[] = []
    for (const variant of corpus) {
      const expected = ajvVerdict(variant.resume)
      const { problem } = checkResume(variant.resume)
      if (packageVerdict(variant.resume) !== expected.valid)
        disagreements.push(`${variant.name}: ajv and the package's validator differ`)
      if (expected.valid !== !problem) {
        disagreements.push(
          `${variant.name}: ajv ${expected.valid ? 'accepts' : 'refuses'}, ${problem ?? 'the port accepts'}`,
        )
      } else if (
        problem &&
        !problem.startsWith(expected.path ? `${expected.path} ` : 'The résumé')
      ) {
        disagreements.push(
          `${variant.name}: ajv names ${expected.path || 'the file'}, the port says ${problem}`,
        )
      }
    }
    expect(disagreements).toEqual([])
  })

  test('each change gives the verdict the schema means', () => {
    for (const variant of corpus) {
      const { problem } = checkResume(variant.resume)
      if (
        ['removed', 'odd date', 'good e-mail', 'good URL', 'extra property', 'none'].includes(
          variant.change,
        )
      )
        expect(problem, variant.name).toBeUndefined()
      else expect(problem, variant.name).toMatch(/ must be |^The résumé must be a JSON object$/)
    }
  })

  test('names the problem in words', () => {
    const problem = (resume: unknown) => checkResume(resume).problem
    expect(problem({ work: [{}, { startDate: 'March 2020' }] })).toBe(
      'work[1].startDate must be a date like 2020, 2020-01 or 2020-01-15',
    )
    expect(problem({ basics: { email: 'richard' } })).toBe('basics.email must be an e-mail address')
    expect(problem({ projects: [{ url: 'example.com' }] })).toBe(
      'projects[0].url must be a URL with its scheme, like https://example.com',
    )
    expect(problem({ basics: 'Richard' })).toBe('basics must be an object')
    expect(problem({ skills: [{ keywords: 'Go' }] })).toBe('skills[0].keywords must be a list')
    expect(problem({ awards: [{ title: 1 }] })).toBe('awards[0].title must be text')
    expect(problem([1, 2])).toBe('The résumé must be a JSON object')
  })

  test('the e-mail and URL formats are those of ajv-formats', () => {
    const samples = [
      ...['a@b.co', 'richard', 'a..b@c.d', 'a@-b.co', 'A@B.CO', 'a@b', 'é@b.co', 'a@b.c-'],
      ...['https://x.y', 'x:y', 'http://[::1]:80/p?q#f', 'urn:isbn:0451450523', 'a b:c', '//x.y'],
      ...['http://x.y/%zz', 'HTTP://X.Y', 'h:', '1http://x.y', 'http://x.y/\u00e9'],
    ]
    for (const sample of samples) {
      expect(isEmail(sample), sample).toBe(fullFormats.email.test(sample))
      expect(isUri(sample), sample).toBe(fullFormats.uri(sample))
    }
  })
})
