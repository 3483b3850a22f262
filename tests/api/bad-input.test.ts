// Input the database cannot take, and moments it cannot serve, answer a clean
// 4xx (or 409 with Retry-After) in the contract's error shape, never a 500
// (docs/PRODUCT.md and docs/operations.md "API reference": the error table).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fromDatabaseError } from '../../supabase/functions/_shared/http/errors.ts'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let admin: { token: string; user: { id: number } }
beforeAll(async () => {
  t = await createTestContext()
  admin = await t.registerAdmin()
})
afterAll(() => t.close())

const NUL = '\u0000'
let client = 0
/** A fresh client address per call, so the contact limit never answers first. */
const fresh = () => ({ 'x-forwarded-for': `192.0.2.${++client}` })

function expectErrorShape(
  answer: { status: number; body: unknown },
  status: number,
  label?: string,
) {
  expect(answer.status, label).toBe(status)
  expect(answer.body, label).toMatchObject({ statusCode: status, message: expect.any(String) })
}

describe('a NUL character in any text field', () => {
  test('is refused with 400 and names the field, on every write', async () => {
    const config = await t.request('POST', '/configs', {
      token: admin.token,
      body: { name: 'nulTarget', value: 'v' },
    })
    expect(config.status).toBe(201)
    const writes: [string, string, Record<string, unknown>, string, string?][] = [
      ['POST', '/auth/login', { username: `ad${NUL}min`, password: 'secret-sauce-1' }, 'username'],
      ['POST', '/auth/login', { username: 'admin', password: `sec${NUL}ret1` }, 'password'],
      ['POST', '/auth/register', { username: 'x', password: `secret${NUL}1` }, 'password'],
      ['POST', '/contact', { name: `Gr${NUL}ace`, email: 'g@example.com', message: 'Hi' }, 'name'],
      [
        'POST',
        '/contact',
        { name: 'Grace', email: 'g@example.com', message: `Hi${NUL}` },
        'message',
      ],
      ['POST', '/projects', { name: `P${NUL}`, description: 'd' }, 'name', admin.token],
      ['POST', '/technologies', { name: `T${NUL}` }, 'name', admin.token],
      [
        'POST',
        '/certifications',
        { name: 'C', icon: `☁️${NUL}`, obtainedDate: '2024-01-02' },
        'icon',
        admin.token,
      ],
      ['PATCH', `/configs/${config.body.id}`, { value: `v${NUL}` }, 'value', admin.token],
      [
        'POST',
        '/users',
        { username: 'nul-user', password: `pass${NUL}word`, role: 'user' },
        'password',
        admin.token,
      ],
      ['PUT', `/users/${admin.user.id}`, { username: `ad${NUL}` }, 'username', admin.token],
      [
        'POST',
        '/projects',
        { name: 'P', description: 'd', images: ['/uploads/a.png', `/uploads/${NUL}.png`] },
        'images.1',
        admin.token,
      ],
    ]
    for (const [method, url, body, field, token] of writes) {
      const answer = await t.request(method, url, { body, token, headers: fresh() })
      expectErrorShape(answer, 400, `${method} ${url} ${field}`)
      expect(answer.body.errors?.[field], `${method} ${url} ${field}`).toBe(
        'Text cannot contain NUL characters',
      )
    }
  })

  test('in a path is a 400 or 404, not a 500', async () => {
    const byName = await t.request('GET', `/configs/name/heroTitle${encodeURIComponent(NUL)}`)
    expect([400, 404]).toContain(byName.status)
    expectErrorShape(byName, byName.status)
  })
})

describe('overlong input', () => {
  test('a 20,000-character username or password on login is a 400 with the field named', async () => {
    const username = await t.request('POST', '/auth/login', {
      headers: fresh(),
      body: { username: 'u'.repeat(20_000), password: 'secret-sauce-1' },
    })
    expectErrorShape(username, 400)
    expect(username.body.errors.username).toBe('Must be at most 50 characters')
    const password = await t.request('POST', '/auth/login', {
      headers: fresh(),
      body: { username: 'admin', password: 'p'.repeat(20_000) },
    })
    expectErrorShape(password, 400)
    expect(password.body.errors.password).toBe('Password is too long')
  })

  test('a long but allowed login is still judged by the password alone', async () => {
    const answer = await t.request('POST', '/auth/login', {
      headers: fresh(),
      body: { username: 'u'.repeat(50), password: 'p'.repeat(200) },
    })
    expect(answer.status).toBe(401)
  })
})

describe('two admins demoting each other at once', () => {
  // A trigger made for this test holds each demotion for a moment after its
  // row is locked, so the two requests overlap on every run: without it the
  // race (and the deadlock PostgreSQL found in it) showed only now and then.
  // PGlite runs one transaction at a time, so there the second simply finds
  // itself demoted (404: a `user` sees no other account).
  beforeAll(async () => {
    await t.sql(`
      create function public.test_pause_demotion() returns trigger language plpgsql as $$
      begin
        if old.role = 'admin' and new.role = 'user' then perform pg_sleep(0.3); end if;
        return new;
      end $$`)
    await t.sql(`create trigger users_0_test_pause before update on public.users
      for each row execute function public.test_pause_demotion()`)
  })
  afterAll(async () => {
    await t.sql('drop trigger users_0_test_pause on public.users')
    await t.sql('drop function public.test_pause_demotion()')
  })

  test('one wins and the other is refused; nobody sees a 500 and one admin stays', async () => {
    const demote = { role: 'user', currentPassword: 'pass-word-1' }
    for (let round = 0; round < 3; round++) {
      const a = await t.createUser('admin', admin.token, `duel-a-${round}`)
      const b = await t.createUser('admin', admin.token, `duel-b-${round}`)
      // Only these two stay admins, so at most one demotion can succeed.
      await t.sql(`update public.users set role = 'user' where id not in ($1, $2)`, [
        a.user.id,
        b.user.id,
      ])
      const answers = await Promise.all([
        // Each confirms with its own password (the harness's accounts all have 'pass-word-1').
        t.request('PUT', `/users/${b.user.id}`, { token: a.token, body: demote }),
        t.request('PUT', `/users/${a.user.id}`, { token: b.token, body: demote }),
      ])
      const won = answers.filter((answer) => answer.status === 200)
      const lost = answers.filter((answer) => answer.status !== 200)
      expect(won, `round ${round}`).toHaveLength(1)
      expect([404, 409], `round ${round}`).toContain(lost[0]?.status)
      expectErrorShape(lost[0]!, lost[0]!.status)
      // On PostgreSQL both pass the admin check together; the trigger refuses one.
      if (lost[0]?.status === 409)
        expect(lost[0].body.message).toBe('The last admin cannot be deleted or demoted')
      const admins = await t.sql<{ n: number }>(
        "select count(*)::int as n from public.users where role = 'admin'",
      )
      expect(admins[0]?.n).toBe(1)
      // Back to an admin of our own for the next round.
      await t.sql(`update public.users set role = 'admin' where id = $1`, [admin.user.id])
    }
  })
})

describe('errors the database raises while serving', () => {
  // A trigger made for this test raises the SQLSTATE named in the message's
  // name, so each one travels the real path: database, driver, app, answer.
  beforeAll(async () => {
    await t.sql(`
      create function public.test_raise_named() returns trigger language plpgsql as $$
      begin
        if new.name like 'raise %' then
          raise exception 'raised for a test' using errcode = substr(new.name, 7);
        end if;
        return new;
      end $$`)
    await t.sql(`create trigger test_raise_named before insert on public.contact_messages
      for each row execute function public.test_raise_named()`)
  })
  afterAll(async () => {
    await t.sql('drop trigger test_raise_named on public.contact_messages')
    await t.sql('drop function public.test_raise_named()')
  })

  const send = (name: string) =>
    t.request('POST', '/contact', {
      headers: fresh(),
      body: { name, email: 'g@example.com', message: 'Hello' },
    })

  test.each(['40001', '40P01'])(
    'SQLSTATE %s (serialization failure, deadlock) is a 409 with Retry-After',
    async (code) => {
      const answer = await send(`raise ${code}`)
      expectErrorShape(answer, 409)
      expect(answer.body.message).toBe(
        'This clashed with another change made at the same moment. Please try again.',
      )
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    },
  )

  test.each(['22021', '22P05', '54000'])(
    'SQLSTATE %s (input it cannot store) is a 400',
    async (code) => {
      expectErrorShape(await send(`raise ${code}`), 400)
    },
  )

  test('the mapping itself: each code to its status', () => {
    const status = (code: string) => fromDatabaseError({ code, message: 'x' })?.status
    expect(['40001', '40P01', '22021', '22P05', '54000'].map(status)).toEqual([
      409, 409, 400, 400, 400,
    ])
    expect(fromDatabaseError({ code: '40P01' })?.headers).toEqual({ 'Retry-After': '1' })
  })

  test('a socket that failed to write or read with no code of its own answers 503', () => {
    // What Deno 2.1's node:net reports for a write on a reset socket.
    const failed = (syscall: string) =>
      Object.assign(new Error(`${syscall} UNKNOWN`), { code: 'UNKNOWN', syscall })
    expect(fromDatabaseError(failed('write'))?.status).toBe(503)
    expect(fromDatabaseError(failed('read'))?.status).toBe(503)
    // An unknown error that is not the socket's stays a 500.
    expect(fromDatabaseError({ code: 'UNKNOWN', message: 'x' })).toBeNull()
    // A full disk fails a file write with syscall "write" too: 507, not 503.
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      syscall: 'write',
    })
    expect(fromDatabaseError(full)?.status).toBe(507)
  })
})
