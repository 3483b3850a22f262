// The site as a server of your own serves it (docs/deploy.md): `npm start`
// behind Caddy, over HTTPS, checked from outside. .ci/run's `https-caddy` step
// starts both from the repository's deploy/Caddyfile and .env.example, then
// runs this:
//
//   npx tsx tests/deploy/through-caddy.ts https://localhost:8443 <Caddy's root certificate>
//
// It checks a page and the API's public reads through the proxy, every answer
// against the OpenAPI document, and that the rate limits count each visitor by
// their own address (the one Caddy writes into X-Forwarded-For), not Caddy's:
// visitors come from different loopback addresses (127.0.0.2, 127.0.0.3).
import { readFileSync } from 'node:fs'
import https from 'node:https'
import { contractCheck } from '@test-support/contract-check.ts'

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
}

const [origin, caFile] = process.argv.slice(2)
if (!origin?.startsWith('https://') || !caFile) {
  console.error('usage: tsx tests/deploy/through-caddy.ts <https origin> <root certificate file>')
  process.exit(2)
}
const ca = readFileSync(caFile)
const api = `${origin}/functions/v1/api`

function request(
  url: string,
  options: { method?: string; body?: unknown; from?: string } = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body)
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: options.method ?? 'GET',
        ca,
        localAddress: options.from,
        headers: {
          'accept-encoding': 'identity',
          // As a browser posts the contact form from the site's own page.
          ...(body
            ? { 'content-type': 'application/json', origin, 'sec-fetch-site': 'same-origin' }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

let failures = 0
function expectThat(ok: boolean, what: string, detail = ''): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok || !detail ? '' : `: ${detail}`}`)
  if (!ok) failures++
}

// A page: server-rendered, with the security headers (no HSTS: a localhost
// address never gets it, server/security-headers.ts).
const home = await request(`${origin}/`)
expectThat(home.status === 200, 'GET / answers 200', String(home.status))
expectThat(
  String(home.headers['content-type']).startsWith('text/html') && /<h1[\s>]/.test(home.text),
  'the home page arrives rendered (an <h1> in the HTML)',
)
expectThat(home.headers['x-content-type-options'] === 'nosniff', 'X-Content-Type-Options is sent')
expectThat(
  String(home.headers['content-security-policy']).includes("default-src 'self'"),
  'the Content-Security-Policy is sent',
)

// The API: every public read of the contract, checked against the document.
const documentAnswer = await request(`${api}/openapi.json`)
expectThat(documentAnswer.status === 200, 'GET /openapi.json answers 200')
const document = JSON.parse(documentAnswer.text) as {
  paths: Record<string, Record<string, { security?: object[]; responses: Record<string, unknown> }>>
}
const contract = contractCheck(document as unknown as Parameters<typeof contractCheck>[0])
// GETs without a path parameter that answer 200 and that a visitor may make
// (no security, or a bearer token optional: `{}` among the choices).
const visitorMay = (security: object[] | undefined) =>
  !security || security.some((choice) => Object.keys(choice).length === 0)
const publicReads = Object.entries(document.paths)
  .filter(([template, operations]) => {
    const get = operations.get
    return !template.includes('{') && get && '200' in get.responses && visitorMay(get.security)
  })
  .map(([template]) => template)
expectThat(publicReads.length >= 10, `${publicReads.length} public reads in the document`)
for (const template of publicReads) {
  const answer = await request(`${api}${template}`)
  const type = String(answer.headers['content-type'] ?? '')
  let problem = answer.status < 200 || answer.status >= 300 ? `status ${answer.status}` : ''
  try {
    const body = type.includes('application/json') ? (JSON.parse(answer.text) as unknown) : null
    contract.check('GET', template, answer.status, body, type)
  } catch (error) {
    problem ||= (error as Error).message.split('\n')[0] ?? 'not as documented'
  }
  expectThat(!problem, `GET ${template} as its contract says`, problem)
}

// The rate limits key on the visitor: 5 contact messages per address per 10
// minutes. One visitor reaches the limit; another, through the same proxy, does not.
const message = (n: number) => ({
  name: 'Ada',
  email: 'ada@example.com',
  message: `Message ${n}, sent through Caddy.`,
  website: '',
})
const first: number[] = []
for (let n = 1; n <= 6; n++) {
  const sent = await request(`${api}/contact`, {
    method: 'POST',
    body: message(n),
    from: '127.0.0.2',
  })
  first.push(sent.status)
}
expectThat(
  first.join(' ') === '201 201 201 201 201 429',
  'one visitor (127.0.0.2) is stopped after 5 messages',
  first.join(' '),
)
const second = await request(`${api}/contact`, {
  method: 'POST',
  body: message(7),
  from: '127.0.0.3',
})
expectThat(
  second.status === 201,
  'another visitor (127.0.0.3) behind the same proxy may still send',
  `${second.status} ${second.text.slice(0, 200)}`,
)

console.log(failures ? `${failures} check(s) failed` : 'all checks passed through Caddy')
process.exit(failures ? 1 : 0)
