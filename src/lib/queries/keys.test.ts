import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, expect, test, vi } from 'vitest'
import { accountSessionsKey, contentKeys, invalidateAfterWrite, invalidateContent } from './keys'
import { messagesQueryOptions } from './messages'
import { technologiesQueryOptions } from './technologies'
import { projectsQueryOptions } from './projects'
import { shareLinksQueryOptions } from './share-links'
import { statsQueryOptions } from './stats'
import { storyListQueryOptions } from './story'
import { userQueryOptions, usersQueryOptions } from './users'

const clients: QueryClient[] = []
afterEach(() => clients.splice(0).forEach((client) => client.clear()))

function clientWith(keys: readonly (readonly unknown[])[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } })
  clients.push(client)
  for (const key of keys) client.setQueryData(key, ['cached'])
  return client
}

test('a write to one resource makes every content read stale, and the dashboard reads that derive from it', async () => {
  // The technologies list counts projects: a project write must not leave it as it was.
  const keys = [
    technologiesQueryOptions().queryKey,
    projectsQueryOptions().queryKey,
    storyListQueryOptions('experiences').queryKey,
    contentKeys.list('projects', 'public', { technologyId: null, cursor: null }),
    contentKeys.list('resume', 'public'),
    contentKeys.detail('projects', 7, 'public'),
    ['activity', { limit: 10 }],
    ['insights'],
  ] as const
  const notContent = [
    usersQueryOptions().queryKey,
    messagesQueryOptions().queryKey,
    ['account', 'sessions'],
  ] as const
  const client = clientWith([...keys, ...notContent])
  await invalidateContent(client)
  for (const key of keys) expect(client.getQueryState(key)?.isInvalidated, String(key)).toBe(true)
  // Accounts, messages and sessions are not content.
  for (const key of notContent)
    expect(client.getQueryState(key)?.isInvalidated, String(key)).toBe(false)
})

test('a write to accounts or messages leaves content alone, and marks stale what shows it', async () => {
  const content = [
    technologiesQueryOptions().queryKey,
    projectsQueryOptions().queryKey,
    contentKeys.list('projects', 'public'),
    ['insights'],
    ['publish'],
  ] as const
  const users = [usersQueryOptions().queryKey, userQueryOptions(4).queryKey] as const
  const messages = messagesQueryOptions().queryKey
  const activity = ['activity', { limit: 10 }] as const

  let client = clientWith([...content, ...users, messages, activity, accountSessionsKey])
  await invalidateAfterWrite(client, 'users')
  // The history records accounts; a new password ends the account's other sessions.
  for (const key of [...users, activity, accountSessionsKey])
    expect(client.getQueryState(key)?.isInvalidated, String(key)).toBe(true)
  for (const key of [...content, messages])
    expect(client.getQueryState(key)?.isInvalidated, String(key)).toBe(false)

  client = clientWith([...content, ...users, messages, activity, accountSessionsKey])
  await invalidateAfterWrite(client, 'messages')
  for (const key of [messages, activity])
    expect(client.getQueryState(key)?.isInvalidated, String(key)).toBe(true)
  for (const key of [...content, ...users, accountSessionsKey])
    expect(client.getQueryState(key)?.isInvalidated, String(key)).toBe(false)

  // A content write, through the same door, is still every content read's.
  client = clientWith([...content, ...users, messages])
  await invalidateAfterWrite(client, 'technologies')
  for (const key of content)
    expect(client.getQueryState(key)?.isInvalidated, String(key)).toBe(true)
  for (const key of [...users, messages])
    expect(client.getQueryState(key)?.isInvalidated, String(key)).toBe(false)
})

test('the keys of one resource share a prefix, and owner and visitor reads never share a key', () => {
  const owner = contentKeys.detail('projects', 3)
  const visitor = contentKeys.detail('projects', 3, 'public')
  expect(owner).not.toEqual(visitor)
  expect(owner.slice(0, 2)).toEqual(['content', 'projects'])
  expect(contentKeys.list('projects', 'public', { cursor: 'x' }).slice(0, 3)).toEqual(
    contentKeys.lists('projects'),
  )
})

test('refetch: false marks a shown list stale without asking the server again', async () => {
  const client = clientWith([])
  const queryFn = vi.fn(async () => ['fresh'])
  const observer = new QueryObserver(client, { queryKey: projectsQueryOptions().queryKey, queryFn })
  const unsubscribe = observer.subscribe(() => {})
  await vi.waitFor(() =>
    expect(client.getQueryData(projectsQueryOptions().queryKey)).toEqual(['fresh']),
  )

  await invalidateContent(client, { refetch: false })
  expect(client.getQueryState(projectsQueryOptions().queryKey)?.isInvalidated).toBe(true)
  expect(queryFn).toHaveBeenCalledTimes(1)

  await invalidateContent(client)
  await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2))
  unsubscribe()
})

test('a share link write marks its list and the statistics stale; a content write, its list too', async () => {
  const links = shareLinksQueryOptions().queryKey
  const stats = statsQueryOptions(30).queryKey
  const projects = projectsQueryOptions().queryKey
  let client = clientWith([links, stats, projects])
  await invalidateAfterWrite(client, 'share-links')
  // The Visitors screen names each link by its label.
  for (const key of [links, stats])
    expect(client.getQueryState(key)?.isInvalidated, String(key)).toBe(true)
  expect(client.getQueryState(projects)?.isInvalidated).toBe(false)

  // A deleted project leaves every link that showed it.
  client = clientWith([links, stats])
  await invalidateContent(client)
  expect(client.getQueryState(links)?.isInvalidated).toBe(true)
  expect(client.getQueryState(stats)?.isInvalidated).toBe(false)
})
