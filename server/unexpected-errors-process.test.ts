import { execFile } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'

// What `npm start` and `npm run dev` do with an error nobody caught
// (docs/decisions/022-surviving-the-database.md): a throw in a timer and a
// rejected promise nobody awaits, as the postgres.js write fault was, are
// logged without their properties and the process keeps running.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const script = `
import { keepServingThroughUnexpectedErrors } from './server/lifecycle.ts'
keepServingThroughUnexpectedErrors()
setImmediate(() => {
  throw Object.assign(new TypeError("Cannot read properties of null (reading 'write')"), { parameters: ['secret-password'] })
})
void Promise.reject(Object.assign(new Error('lost'), { code: 'CONNECTION_CLOSED' }))
setTimeout(() => console.log('still answering'), 200)
`

test('an uncaught throw and an unhandled rejection are logged and the process lives on', async () => {
  const { stdout, stderr } = await promisify(execFile)(
    path.join(root, 'node_modules', '.bin', 'tsx'),
    ['--input-type=module', '-e', script],
    { cwd: root, timeout: 20_000 },
  )
  expect(stdout).toContain('still answering')
  expect(stderr).toContain('"code":"TypeError"')
  expect(stderr).toContain('"code":"CONNECTION_CLOSED"')
  expect(stderr).not.toContain('secret-password')
})
