// A post that fits the demo seed's portfolio (Harbor, the freight tracker):
// what a real one looks like, with headings, paragraphs, a list, a quote, an
// image and highlighted code. The bench times its page beside a project's
// (tests/bench/pages.ts) and the screens tour photographs it for the README
// (tests/e2e/screens.spec.ts); both create it through the API.

/** The post's texts, as POST /posts takes them (published, linked to Harbor and its stack by name). */
export const DEMO_POST = {
  title: 'Live positions without a polling storm',
  slug: 'live-positions-without-a-polling-storm',
  summary:
    'How Harbor shows every container on the map within ten seconds, with one query per dispatcher instead of one per truck.',
  status: 'published' as const,
  /** Seeded names the post is linked to (its project and its technologies). */
  project: 'Harbor',
  technologies: ['TypeScript', 'PostgreSQL'],
  body: [
    'Dispatchers at the logistics company used to refresh a spreadsheet to find a truck. When Harbor put every container on a live map, the first version asked the server for each truck on its own, every five seconds. It worked for twenty trucks and fell over at two hundred.',
    '',
    '## One query per screen, not per truck',
    '',
    'Carriers push a GPS ping whenever a truck moves. The map does not need every ping: it needs the latest position of each truck it shows, and only when that changed. So the map asks once for everything newer than the last answer it got:',
    '',
    '```typescript',
    'export async function positionsSince(db: Sql, depot: string, since: Date): Promise<Ping[]> {',
    '  // The newest ping of each truck that moved, one round trip for the whole map.',
    '  return db<Ping[]>`',
    '    select distinct on (truck_id) truck_id, lat, lng, recorded_at',
    '      from pings',
    '     where depot = ${depot} and recorded_at > ${since}',
    '     order by truck_id, recorded_at desc`',
    '}',
    '```',
    '',
    'An index on `(depot, recorded_at)` keeps it under two milliseconds with a month of pings in the table, and the answer is empty when nothing moved, which is most of the time at night.',
    '',
    '![The dispatcher view: every container of the depot on one map](/demo/harbor-detail.svg)',
    '',
    '## What changed for the people using it',
    '',
    '- the map follows 1,400 trucks with one request every ten seconds per screen',
    '- late containers are flagged in the list before a customer calls',
    '- "where is my order?" calls fell by 60% in the first quarter',
    '',
    '> Small steps, shipped often: the first live map went out in two weeks.',
    '',
    '## What I would do again',
    '',
    'Start from the question the screen answers ("what moved since I last looked?") rather than from the data the devices send. The rest of the design followed from it.',
  ].join('\n'),
}

interface Named {
  id: number
  name: string
}

/** The body of POST /posts for the demo post, its links found by name in the seeded `projects` and `technologies`. */
export function demoPostPayload(projects: Named[], technologies: Named[]) {
  const { project, technologies: names, ...texts } = DEMO_POST
  return {
    ...texts,
    projectIds: projects.filter((p) => p.name.startsWith(project)).map((p) => p.id),
    technologiesIds: technologies.filter((t) => names.includes(t.name)).map((t) => t.id),
  }
}
