// Taking a backup (docs/PRODUCT.md §14): the content as one consistent read
// (each table's rows as their payloads, from its description), then every
// stored file it shows, zipped. Accounts are never part of it.
// The zip is made as it is sent: one image is read and held at a time
// (docs/decisions/029-archives-through-storage.md).
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate'
import { certifications } from '../api/resources/certifications/repository.ts'
import { configs } from '../api/resources/configs/repository.ts'
import { posts } from '../api/resources/posts/repository.ts'
import { projects } from '../api/resources/projects/repository.ts'
import { education, experiences } from '../api/resources/story/repository.ts'
import { technologies } from '../api/resources/technologies/repository.ts'
import { WITH_IMAGES, type ImageHold } from '../api/registry.ts'
import type { Queryable } from '../db/db.ts'
import type { ImageStore } from '../images/image-store.ts'
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupInput } from './backup-format.ts'

const contentSql = (withMessages: boolean) => `
  select json_build_object(
    'technologies', ${technologies.exportSql(true)},
    'projects', ${projects.exportSql()},
    'certifications', ${certifications.exportSql()},
    'experiences', ${experiences.exportSql()},
    'education', ${education.exportSql()},
    'posts', ${posts.exportSql()},
    'configurations', ${configs.exportSql()},
    -- The site's look (docs/PRODUCT.md §27): a move keeps it too.
    'appearance', (select json_build_object('theme', a.theme, 'accent', a.accent,
        'font', a.font, 'sections', a.sections) from public.appearance a where a.id = 1),
    'languages', (select json_build_object(
        'default', coalesce(min(l.tag) filter (where l.is_default), min(l.tag)),
        'languages', json_agg(l.tag order by l.position))
        from public.languages l),
    -- The daily visit statistics (docs/PRODUCT.md §17). Ids are not kept by a
    -- restore, so a project's rows name its place in 'projects' above.
    'visits', coalesce((select json_agg(json_build_object('day', to_char(v.day, 'YYYY-MM-DD'),
        'kind', v.kind, 'key', coalesce(pp.place::text, v.key), 'events', v.events,
        'visitors', v.visitors) order by v.day, v.kind, v.key)
        from public.visit_daily v
        left join (select p.id, row_number() over (order by p.id) - 1 as place
                     from public.projects p) pp on v.kind = 'project' and pp.id::text = v.key
        where v.kind <> 'project' or pp.id is not null), '[]'::json),
    -- The share links with their hashes (docs/PRODUCT.md §24); their projects
    -- by place in 'projects', as the visits'.
    'shareLinks', (select coalesce(json_agg(l.value || jsonb_build_object('projectIds',
        (select coalesce(jsonb_agg(pp.place order by u.n), '[]'::jsonb)
           from jsonb_array_elements_text(l.value -> 'projectIds') with ordinality as u(pid, n)
           join (select p.id, row_number() over (order by p.id) - 1 as place
                   from public.projects p) pp on pp.id = u.pid::integer)) order by l.n), '[]'::json)
        from jsonb_array_elements(app.export_share_links()) with ordinality as l(value, n)),
    -- The projects imported from GitHub, by place in 'projects' (docs/github.md).
    'github', coalesce((select json_agg(json_build_object('project', pp.place,
        'repository', g.repository, 'stars', g.stars, 'forks', g.forks,
        'pushedAt', to_char(g.pushed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
        'syncedAt', to_char(g.synced_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
        'taken', g.taken) order by pp.place)
        from public.github_projects g
        join (select p.id, row_number() over (order by p.id) - 1 as place
                from public.projects p) pp on pp.id = g.project_id), '[]'::json),
    -- The merged pull requests shown in the Open source section (docs/github.md).
    'contributions', coalesce((select json_agg(json_build_object('url', c.url,
        'repository', c.repository, 'number', c.number, 'title', c.title,
        'mergedAt', to_char(c.merged_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
        order by c.id) from public.contributions c), '[]'::json)
    ${
      withMessages
        ? `, 'messages', coalesce((select json_agg(json_build_object('name', m.name, 'email', m.email,
        'message', m.message, 'isRead', m.is_read,
        'createdAt', to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
        order by m.id) from public.contact_messages m), '[]'::json)`
        : ''
    }
  )::text as content`

type Content = Omit<BackupInput, 'format' | 'version' | 'createdAt' | 'images'>

/** Reads the content in the caller's transaction (run it read-only: one snapshot). */
export async function readContent(tx: Queryable, withMessages: boolean): Promise<Content> {
  const [row] = await tx.query<{ content: string }>(contentSql(withMessages))
  return JSON.parse(row?.content ?? '{}') as Content
}

/** Where words end in a text that may name an image: spaces, quotes, brackets (Markdown's `![alt](url "title")`). */
const WORD_BREAK = /([\s"'<>()[\]]+)/

/** Every string in a JSON value (a project's image details, a post's translations). */
const stringsIn = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(stringsIn)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(stringsIn)
        : []

/** A JSON value with `swap` applied to every word of every string in it. */
export const swapWords = (value: unknown, swap: (word: string) => string): unknown =>
  typeof value === 'string'
    ? value.split(WORD_BREAK).map(swap).join('')
    : Array.isArray(value)
      ? value.map((v) => swapWords(v, swap))
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swapWords(v, swap)]))
        : value

/** A column's name as the backup's rows name the field: image_details -> imageDetails. */
export const fieldOf = (column: string) =>
  column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())

/** The backup's rows of each resource that can show an image, with that resource's image fields. */
export const imageRows = (content: Partial<Record<string, unknown>>) =>
  WITH_IMAGES.map((resource) => ({
    resource,
    rows: (content[resource.backup] ?? []) as Record<string, unknown>[],
    fields: Object.entries(resource.images).map(
      ([column, hold]) => [fieldOf(column), hold as ImageHold] as const,
    ),
  }))

/**
 * Every text of the content that may be one of the store's URLs: each image
 * column the registry declares (api/registry.ts), a URL, a list of them, or
 * every word of a text or of the strings in a JSON value (a configuration's
 * free text, a post's Markdown body and its translations, the card copies of
 * a project's image details).
 */
export function contentTexts(content: Partial<Record<string, unknown>>): string[] {
  return imageRows(content)
    .flatMap(({ rows, fields }) =>
      rows.flatMap((row) =>
        fields.flatMap(([field, hold]) => {
          const value = row[field]
          if (value == null) return []
          if (hold === 'url') return [String(value)]
          if (hold === 'urls') return (value as string[]).map(String)
          return stringsIn(value).flatMap((text) => text.split(WORD_BREAK))
        }),
      ),
    )
    .filter(Boolean)
}

/**
 * The zip, made while it is read: images/<name> for each stored file the
 * content shows and the store still has, one read per pull, then content.json
 * listing them. A store that fails mid-way errors the stream.
 */
export function archiveStream(
  content: Content,
  images: ImageStore,
  now = new Date(),
): ReadableStream<Uint8Array> {
  const listed: BackupInput['images'] = []
  const urls = [...new Set(contentTexts(content))].filter((url) => images.nameFromUrl(url))
  const names = new Set<string>()
  let zip: Zip
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error)
        controller.enqueue(chunk)
        if (final) controller.close()
      })
    },
    async pull() {
      for (let url = urls.shift(); url !== undefined; url = urls.shift()) {
        const name = images.nameFromUrl(url)!
        const bytes = images.read ? await images.read(url) : null
        if (!bytes || names.has(name)) continue
        names.add(name)
        // Images are compressed already: stored as they are.
        const file = new ZipPassThrough(`images/${name}`)
        zip.add(file)
        file.push(bytes, true)
        listed.push({ file: `images/${name}`, url })
        return
      }
      const backup: BackupInput = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: now.toISOString(),
        ...content,
        images: listed,
      }
      const json = new ZipDeflate('content.json', { level: 6 })
      zip.add(json)
      json.push(strToU8(JSON.stringify(backup, null, 2)), true)
      zip.end()
    },
  })
}

/** The whole zip in memory (the command line writes it to a file). */
export async function buildArchive(
  content: Content,
  images: ImageStore,
  now = new Date(),
): Promise<Uint8Array> {
  return new Uint8Array(await new Response(archiveStream(content, images, now)).arrayBuffer())
}
