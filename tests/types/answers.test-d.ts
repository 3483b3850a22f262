// What a handler answers is typed by its declaration (api/operation.ts,
// `Reply`): each line marked @ts-expect-error is one `tsc` must refuse, so
// `npm run typecheck` fails the day a wrong answer compiles. Never run: the
// typecheck is the test.
import { z } from 'zod'
import { ok, type Api } from '@shared/api/operation.ts'
import { errorBody } from '@shared/contract/responses.ts'
import { answerJson, jsonTextOf, type JsonText } from '@shared/http/json-answer.ts'

declare const api: Api
const health = z.object({ status: z.literal('ok'), checks: z.number().int() })
const read = {
  method: 'get',
  path: '/health',
  operationId: 'typedRead',
  summary: 'A read',
  tag: 'Types',
  access: 'public',
  answers: { 200: ok('Up', health) },
} as const

// The declared body at the declared status compiles, with or without the status.
api.add(read, (c) => c.json({ status: 'ok' as const, checks: 2 }, 200))
api.add(read, (c) => c.json({ status: 'ok' as const, checks: 2 }))
// A field of another type.
// @ts-expect-error checks must be a number
api.add(read, (c) => c.json({ status: 'ok' as const, checks: '2' }, 200))
// A field left out.
// @ts-expect-error checks is missing
api.add(read, (c) => c.json({ status: 'ok' as const }, 200))
// A status the declaration does not name.
// @ts-expect-error 201 is not declared
api.add(read, (c) => c.json({ status: 'ok' as const, checks: 2 }, 201))
// A JSON answer must say what it holds: a bare Response does not.
// @ts-expect-error a plain Response is not a typed answer
api.add(read, () => new Response('{}'))
// Nor does text that is not typed as the declared JSON.
// @ts-expect-error plain text in place of JSON
api.add(read, (c) => c.body('{"status":"ok"}', 200))
// JSON text the database wrote is answered as the type it was read as.
api.add(read, (c) => answerJson(c, jsonTextOf({ status: 'ok' as const, checks: 1 })))
declare const wrongText: JsonText<{ status: 'ok' }[]>
// @ts-expect-error JSON text of another type
api.add(read, (c) => answerJson(c, wrongText))

const write = {
  method: 'post',
  path: '/things',
  operationId: 'typedWrite',
  summary: 'A write',
  tag: 'Types',
  access: 'admin',
  body: z.object({ name: z.string() }),
  answers: {
    201: ok('Made', z.object({ id: z.number(), name: z.string() })),
    409: ok('Taken', errorBody),
  },
} as const

// Each status with its own body.
api.add(write, (c, { body }) => c.json({ id: 1, name: body.name }, 201))
api.add(write, (c) => c.json({ statusCode: 409, message: 'Taken' }, 409))
// @ts-expect-error the 201 body at the 409
api.add(write, (c, { body }) => c.json({ id: 1, name: body.name }, 409))
// @ts-expect-error the 409 body at the 201
api.add(write, (c) => c.json({ statusCode: 409, message: 'Taken' }, 201))
// With more than one JSON status, the status is said.
// @ts-expect-error which of 201 and 409 is meant
api.add(write, (c, { body }) => c.json({ id: 1, name: body.name }))

const remove = {
  method: 'delete',
  path: '/things/{id}',
  operationId: 'typedDelete',
  summary: 'A removal',
  tag: 'Types',
  access: 'admin',
  answers: { 204: ok('Gone') },
} as const

// An answer without a body is one of its status, and no JSON.
api.add(remove, (c) => c.body(null, 204))
// @ts-expect-error a JSON body where none is declared
api.add(remove, (c) => c.json({ removed: true }, 200))
// @ts-expect-error another status
api.add(remove, (c) => c.body(null, 200))
