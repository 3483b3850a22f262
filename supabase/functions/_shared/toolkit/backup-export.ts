// Taking a backup (docs/PRODUCT.md §14): the content as one consistent read,
// then every stored file it shows, zipped. Accounts are never part of it.
// The zip is made as it is sent: one image is read and held at a time
// (docs/decisions/029-archives-through-storage.md).
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate'
import type { Queryable } from '../db.ts'
import type { ImageStore } from '../images/image-store.ts'
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupInput } from './backup-format.ts'

const contentSql = (withMessages: boolean) => `
  select json_build_object(
    'technologies', coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'icon', t.icon)
        order by t.id) from public.technologies t), '[]'::json),
    'projects', coalesce((select json_agg(json_build_object(
        'name', p.name, 'description', p.description, 'startYear', p.start_year, 'endYear', p.end_year,
        'liveUrl', p.live_url, 'githubUrl', p.github_url, 'isActive', p.is_active,
        'thumbnail', p.thumbnail, 'images', to_json(p.images),
        'imageDetails', coalesce((select json_agg(json_build_object('url', e.key,
            'alt', e.value ->> 'alt', 'width', (e.value ->> 'width')::int,
            'height', (e.value ->> 'height')::int, 'cardUrl', e.value ->> 'cardUrl') order by e.key)
            from jsonb_each(coalesce(p.image_details, '{}'::jsonb)) e), '[]'::json),
        'technologiesIds', coalesce((select json_agg(pt.technology_id order by pt.technology_id)
            from public.project_technologies pt where pt.project_id = p.id), '[]'::json))
        order by p.id) from public.projects p), '[]'::json),
    'certifications', coalesce((select json_agg(json_build_object('name', c.name, 'icon', c.icon,
        'obtainedDate', to_char(c.obtained_date, 'YYYY-MM-DD'), 'isActive', c.is_active,
        'technologiesIds', coalesce((select json_agg(ct.technology_id order by ct.technology_id)
            from public.certification_technologies ct where ct.certification_id = c.id), '[]'::json))
        order by c.id) from public.certifications c), '[]'::json),
    'experiences', coalesce((select json_agg(json_build_object('organization', e.organization,
        'role', e.role, 'location', e.location, 'startDate', to_char(e.start_date, 'YYYY-MM'),
        'endDate', to_char(e.end_date, 'YYYY-MM'), 'description', e.description, 'url', e.url,
        'technologiesIds', coalesce((select json_agg(et.technology_id order by et.technology_id)
            from public.experience_technologies et where et.experience_id = e.id), '[]'::json))
        order by e.id) from public.experiences e), '[]'::json),
    'education', coalesce((select json_agg(json_build_object('institution', d.institution,
        'qualification', d.qualification, 'field', d.field, 'startDate', to_char(d.start_date, 'YYYY-MM'),
        'endDate', to_char(d.end_date, 'YYYY-MM'), 'description', d.description, 'url', d.url)
        order by d.id) from public.education d), '[]'::json),
    'configurations', coalesce((select json_agg(json_build_object('name', g.name, 'value', g.value,
        'description', g.description) order by g.id) from public.configs g), '[]'::json),
    -- The daily visit statistics (docs/PRODUCT.md §17). Ids are not kept by a
    -- restore, so a project's rows name its place in 'projects' above.
    'visits', coalesce((select json_agg(json_build_object('day', to_char(v.day, 'YYYY-MM-DD'),
        'kind', v.kind, 'key', coalesce(pp.place::text, v.key), 'events', v.events,
        'visitors', v.visitors) order by v.day, v.kind, v.key)
        from public.visit_daily v
        left join (select p.id, row_number() over (order by p.id) - 1 as place
                     from public.projects p) pp on v.kind = 'project' and pp.id::text = v.key
        where v.kind <> 'project' or pp.id is not null), '[]'::json)
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

/** Every text of the content that may be one of the store's URLs. */
export function contentTexts(
  content: Pick<Content, 'projects' | 'technologies' | 'certifications' | 'configurations'>,
): string[] {
  return [
    ...content.projects.flatMap((p) => [
      p.thumbnail ?? '',
      ...(p.images ?? []),
      // The card copies (docs/PRODUCT.md §15) are files of their own.
      ...(p.imageDetails ?? []).map((d) => d.cardUrl ?? ''),
    ]),
    ...content.technologies.map((t) => t.icon ?? ''),
    ...content.certifications.map((c) => c.icon),
    // A configuration value is free text: any word in it may be an image URL.
    ...content.configurations.flatMap((g) => (g.value ?? '').split(/\s+/)),
  ].filter(Boolean)
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
