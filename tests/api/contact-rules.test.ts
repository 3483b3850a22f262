// The public contact form checks with checkContact (no zod, to keep the public
// route small); the API checks with contactSchema. They must agree.
import { expect, test } from 'vitest'
import { checkContact } from '../../supabase/functions/_shared/contract/messages.ts'
import { contactSchema } from '../../supabase/functions/_shared/contract/schemas.ts'

const cases = [
  { name: 'Grace', email: 'grace@example.com', message: 'Hello' },
  { name: '', email: 'grace@example.com', message: 'Hello' },
  { name: '   ', email: 'grace@example.com', message: 'Hello' },
  { name: 'Grace', email: 'not-an-email', message: 'Hello' },
  { name: 'Grace', email: 'grace@example', message: 'Hello' },
  { name: 'Grace', email: 'gr ace@example.com', message: 'Hello' },
  { name: 'Grace', email: 'grace@@example.com', message: 'Hello' },
  { name: 'Grace', email: 'grace..hopper@example.com', message: 'Hello' },
  { name: 'Grace', email: ' grace.hopper+cv@mail.example.org ', message: 'Hello' },
  { name: 'Grace', email: 'grace@example.com', message: '' },
  { name: 'x'.repeat(101), email: 'grace@example.com', message: 'Hello' },
  { name: 'Grace', email: 'grace@example.com', message: 'y'.repeat(5001) },
  { name: '', email: '', message: '' },
]

test.each(cases)('the browser and the server give the same verdict and words for %o', (values) => {
  const browser = checkContact(values)
  const parsed = contactSchema.safeParse(values)
  const server: Record<string, string> = {}
  if (!parsed.success) {
    for (const issue of parsed.error.issues) server[String(issue.path[0])] ??= issue.message
  }
  expect(browser).toEqual(server)
})
