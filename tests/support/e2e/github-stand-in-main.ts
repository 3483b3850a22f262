// The e2e run's GitHub (playwright.config.ts starts it before the server and
// points GITHUB_API_URL here): the stand-in the API tests use, checked against
// GitHub's published description, with one account for the import journey.
// Runs until Playwright stops it.
import { startGithubStandIn } from '../github-stand-in.ts'

export const E2E_GITHUB_LOGIN = 'vitrine-e2e'

const port = Number(process.env.GITHUB_STAND_IN_PORT)
if (!Number.isInteger(port) || port <= 0) throw new Error('GITHUB_STAND_IN_PORT must be a port')
const standIn = await startGithubStandIn(port)
standIn.setAccount(E2E_GITHUB_LOGIN, [
  {
    name: 'tide-tables',
    description: 'Tide predictions for the harbour, as a small web app',
    language: 'TypeScript',
    topics: ['react'],
    stars: 42,
    forks: 3,
    createdAt: '2023-04-02T10:00:00Z',
    pushedAt: '2026-11-20T08:00:00Z',
    homepage: 'https://tides.example.org',
    readme: "# Tide tables\n\n## How it works\n\nIt reads the harbour's tide gauge every hour.\n",
  },
  {
    name: 'dotfiles-fork',
    description: "Somebody else's dotfiles",
    fork: true,
    pushedAt: '2026-10-01T08:00:00Z',
  },
  {
    name: 'old-pager',
    description: 'A pager that nobody uses any more',
    archived: true,
    pushedAt: '2021-06-01T08:00:00Z',
  },
])
console.log(`GitHub stand-in on ${standIn.url}`)
