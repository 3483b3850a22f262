// /contributions (docs/github.md, docs/decisions/080): the merged pull requests
// the owner shows in the home page's "Open source" section. Everyone reads
// them (a kept public answer, contract/public-routes.ts); admins choose one
// from GET /github/pull-requests and remove it. A pull request's address is
// never taken as given: it must be https://github.com/<repository>/pull/<number>,
// which the database checks again.
import { z } from 'zod'
import { Api, ok } from '../../operation.ts'
import { answerJson, jsonTextOf, type JsonText } from '../../../http/json-answer.ts'
import { asCaller, readAsCaller } from '../../../context.ts'
import { contribution, errorBody, type Contribution } from '../../../contract/responses.ts'
import type { Queryable } from '../../../db/db.ts'
import { deleteById, isoTimestamp } from '../../../db/sql.ts'
import { conflict, HttpError } from '../../../http/errors.ts'
import { GITHUB_REPOSITORY } from '../../../contract/github-names.ts'

const tag = 'Contributions'

const select = `select c.id, c.url, c.repository, c.title, ${isoTimestamp('c.merged_at')} as "mergedAt",
    c.number from public.contributions c`

/** Every contribution, newest merge first, as the list's JSON text. */
export async function contributionsJson(tx: Queryable): Promise<JsonText<Contribution[]>> {
  const [row] = await tx.query<{ body: JsonText<Contribution[]> }>(
    `select coalesce(json_agg(x order by x."mergedAt" desc, x.id), '[]'::json)::text as body
       from (${select}) x`,
  )
  return row?.body ?? jsonTextOf([])
}

export const contributionSchema = z
  .object({
    url: z.string().trim().max(300, 'Not the address of a pull request'),
    repository: z
      .string()
      .trim()
      .max(140, 'Not a repository name (owner/name)')
      .regex(GITHUB_REPOSITORY, 'Not a repository name (owner/name)'),
    number: z
      .number({ error: 'number must be a whole number from 1' })
      .int('number must be a whole number from 1')
      .min(1, 'number must be a whole number from 1')
      .max(2147483647, 'number is too large'),
    title: z
      .string({ error: 'A title is required' })
      .trim()
      .min(1, 'A title is required')
      .max(300, 'A title has at most 300 characters'),
    mergedAt: z.iso.datetime({ offset: true, error: 'mergedAt must be an ISO date and time' }),
  })
  .refine((c) => c.url === `https://github.com/${c.repository}/pull/${c.number}`, {
    path: ['url'],
    message: 'The address must be https://github.com/<repository>/pull/<number>',
  })
  .describe('A merged pull request as GET /github/pull-requests lists it')

export const contributionApi = new Api()
  .add(
    {
      method: 'get',
      path: '/contributions',
      operationId: 'listContributions',
      summary: 'The merged pull requests shown in the Open source section, newest merge first',
      tag,
      access: 'optional',
      answers: { 200: ok('The contributions', contribution.array()) },
    },
    async (c) => {
      return answerJson(c, await readAsCaller(c, contributionsJson))
    },
  )
  .add(
    {
      method: 'post',
      path: '/contributions',
      operationId: 'createContribution',
      summary: 'Show a merged pull request in the Open source section',
      tag,
      access: 'admin',
      body: contributionSchema,
      answers: {
        201: ok('The contribution as saved', contribution),
        409: ok('This pull request is shown already; nothing was changed', errorBody),
      },
    },
    async (c, { body }) => {
      const saved = await asCaller(c, async (tx) => {
        const taken = await tx.query(
          'select 1 from public.contributions where lower(url) = lower($1)',
          [body.url],
        )
        if (taken.length) {
          const error = conflict(`${body.repository}#${body.number} is shown already`)
          throw new HttpError(error.status, error.message, { url: error.message })
        }
        const [row] = await tx.query<{ id: number }>(
          `insert into public.contributions (repository, number, url, title, merged_at)
           values ($1, $2, $3, $4, $5::timestamptz) returning id`,
          [body.repository, body.number, body.url, body.title, body.mergedAt],
        )
        const [item] = await tx.query<Contribution>(`${select} where c.id = $1`, [row!.id])
        return item!
      })
      return c.json(saved, 201)
    },
  )
  .add(
    {
      method: 'delete',
      path: '/contributions/{id}',
      operationId: 'deleteContribution',
      summary: 'Stop showing a pull request',
      tag,
      access: 'admin',
      answers: { 204: ok('Removed') },
    },
    async (c, { id }) => {
      await asCaller(c, (tx) => deleteById(tx, 'contributions', id, 'Contribution'))
      return c.body(null, 204)
    },
  )
