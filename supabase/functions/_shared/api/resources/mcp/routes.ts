// /mcp (docs/PRODUCT.md §25): the portfolio for assistants, as a read-only
// Model Context Protocol server over Streamable HTTP, stateless: each POST is
// one JSON-RPC message (or batch) answered as JSON, with a server made for it
// (assistants/mcp-server.ts) that reads the visitors' kept answers. A body
// that is not JSON (or is nested past json-shape.ts's limits) answers
// JSON-RPC's parse error, never a 500; one address
// may make ASSISTANT_CALLS_PER_MINUTE calls a minute.
import type { Context } from 'hono'
import { z } from 'zod'
import { Api, ok, type Operation, type Reply } from '../../operation.ts'
import { portfolioMcpServer } from '../../../assistants/mcp-server.ts'
import { WebStandardStreamableHTTPServerTransport } from '../../../assistants/mcp-sdk.ts'
import type { AppEnv } from '../../../context.ts'
import { errorBody } from '../../../contract/responses.ts'
import { HttpError } from '../../../http/errors.ts'
import { answeredBy } from '../../../http/json-answer.ts'
import { readJson } from '../../../http/validate.ts'
import { clientKey } from '../../../http/client-key.ts'

/** Calls a minute from one address: an assistant asks a few per question; hosted ones share addresses. */
export const ASSISTANT_CALLS_PER_MINUTE = 120

const jsonRpc = z
  .looseObject({ jsonrpc: z.literal('2.0') })
  .or(z.array(z.looseObject({ jsonrpc: z.literal('2.0') })))
  .describe('A JSON-RPC 2.0 answer (or batch): a result, or an error with its code')

/** JSON-RPC's answer to a body it cannot read. */
const parseError = (c: Context<AppEnv>, message: string) =>
  c.json({ jsonrpc: '2.0' as const, id: null, error: { code: -32700, message } }, 400)

const NOT_STATEFUL = {
  description: 'No stream and no session to end: this server is stateless (POST only)',
  schema: errorBody,
  headers: { Allow: 'POST' },
}

const call = {
  method: 'post',
  path: '/mcp',
  operationId: 'callAssistantTools',
  summary:
    'The portfolio for assistants: a read-only Model Context Protocol server (Streamable HTTP, stateless, JSON answers)',
  tag: 'Assistants',
  access: 'public',
  answers: {
    200: ok('The JSON-RPC answer', jsonRpc),
    202: { description: 'Only notifications were sent: nothing to answer' },
    400: ok('Not JSON, or not a JSON-RPC message', jsonRpc),
    406: ok('Accept must name application/json and text/event-stream', jsonRpc),
    413: ok('Body too large', errorBody),
    415: ok('Content-Type must be application/json', jsonRpc),
    429: ok('Too many calls from this address', errorBody),
  },
} as const satisfies Operation

export const mcpApi = new Api().add(call, async (c) => {
  const { assistantLimit, siteUrl } = c.get('deps')
  assistantLimit?.take(clientKey(c))
  let body: unknown
  try {
    // Our ceiling, nesting and NUL checks first; the SDK then reads the message.
    body = await readJson(c, z.unknown())
  } catch (error) {
    if (error instanceof HttpError && error.status === 400)
      return parseError(c, `Parse error: ${error.message}`)
    throw error
  }
  const server = portfolioMcpServer(c.get('readPublic'), siteUrl ?? new URL(c.req.url).origin)
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  })
  await server.connect(transport)
  try {
    return answeredBy<Reply<typeof call>>(
      await transport.handleRequest(c.req.raw, { parsedBody: body }),
    )
  } finally {
    await server.close()
  }
})

// No stream to open and no session to end: the server is stateless.
for (const [method, operationId, summary] of [
  ['get', 'openAssistantStream', 'Not offered: the assistants endpoint answers each POST at once'],
  ['delete', 'endAssistantSession', 'Not offered: there are no sessions to end'],
] as const)
  mcpApi.add(
    {
      method,
      path: '/mcp',
      operationId,
      summary,
      tag: 'Assistants',
      access: 'public',
      answers: { 405: NOT_STATEFUL },
    },
    (c) => c.json({ statusCode: 405, message: 'Method not allowed' }, 405, { Allow: 'POST' }),
  )
