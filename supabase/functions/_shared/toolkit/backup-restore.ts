// Restoring a checked archive (docs/PRODUCT.md §14): its images go into this
// instance's store under new names, the content's URLs are rewritten to them,
// and all content is replaced in the caller's one transaction. A failure
// anywhere leaves the content as it was and takes the new files away again.
// The old content's files go only after that transaction has committed
// (docs/decisions/020-files-after-commit.md). Accounts are never touched.
import type { Queryable } from '../db/db.ts'
import type { ImageStore } from '../images/image-store.ts'
import {
  lockImageReferences,
  removeImages,
  removeUnreferencedImages,
  unreferencedImages,
  type RunTransaction,
} from '../images/unreferenced.ts'
import { changeAppearance } from '../api/resources/appearance/repository.ts'
import { certifications } from '../api/resources/certifications/repository.ts'
import { insertConfigs } from '../api/resources/configs/repository.ts'
import { replaceLanguages } from '../api/resources/languages/repository.ts'
import { posts } from '../api/resources/posts/repository.ts'
import { projects } from '../api/resources/projects/repository.ts'
import { education, experiences } from '../api/resources/story/repository.ts'
import { technologies } from '../api/resources/technologies/repository.ts'
import { jsonParam } from '../db/sql.ts'
import { contentTexts, imageRows, readContent, swapWords } from './backup-export.ts'
import type { Backup } from './backup-format.ts'
import type { ReadArchive } from './backup-read.ts'
import type { RestoreSummary } from '../contract/responses.ts'

/**
 * Stores the archive's images, each before the next is read (an archive read
 * lazily holds one at a time); answers old URL -> new URL. An image that fails
 * its checks takes the ones stored before it away again.
 */
export async function storeImages(
  images: ImageStore,
  archive: ReadArchive,
): Promise<Map<string, string>> {
  const moved = new Map<string, string>()
  try {
    for await (const image of archive.images) {
      const saved = await images.save(
        `${crypto.randomUUID()}.${image.type.extension}`,
        image.bytes,
        image.type.mime,
      )
      moved.set(image.url, saved.url)
    }
  } catch (error) {
    await removeImages(images, [...moved.values()])
    throw error
  }
  return moved
}

/**
 * The backup with every URL of an archived image replaced by where this
 * instance stored it, in each image column the registry declares: a URL, a
 * list of them, or each word of a text or of the strings of a JSON value.
 */
export function rewriteUrls(backup: Backup, moved: Map<string, string>): Backup {
  const swap = (value: string) => moved.get(value) ?? value
  const rewritten: Record<string, unknown> = { ...backup }
  for (const { resource, rows, fields } of imageRows(backup)) {
    // An archive from before a resource has none of it: it stays absent, and the restore leaves it alone.
    if ((backup as Record<string, unknown>)[resource.backup] == null) continue
    rewritten[resource.backup] = rows.map((row) => {
      const copy = { ...row }
      for (const [field, hold] of fields) {
        const value = row[field]
        if (value == null) continue
        copy[field] =
          hold === 'url'
            ? swap(value as string)
            : hold === 'urls'
              ? (value as string[]).map(swap)
              : swapWords(value, swap)
      }
      return copy
    })
  }
  return rewritten as Backup
}

/**
 * The archive's share links, with their hashes, naming the new ids of their
 * projects (`projectIds`, in the archive's order); or, from an archive without
 * them, the links here, each project found again by its name (`sharedNames`).
 */
async function restoreShareLinks(
  tx: Queryable,
  backup: Backup,
  projectIds: number[],
  sharedNames: Record<string, unknown>[],
) {
  if (backup.shareLinks) {
    const links = backup.shareLinks.map((link) => ({
      ...link,
      projectIds: link.projectIds.flatMap((place) => projectIds[place] ?? []),
    }))
    await tx.query('select app.replace_share_links($1::jsonb)', [jsonParam(links)])
    return
  }
  if (!sharedNames.length) return
  await tx.query(
    `update public.share_links s
        set project_ids = array(
          select m.id from (select distinct on (p.id) p.id, k.n
                              from unnest(l.names) with ordinality as k(name, n)
                              join public.projects p on lower(p.name) = k.name
                             order by p.id, k.n) m
           order by m.n)
       from jsonb_to_recordset($1::jsonb) as l(id integer, names text[])
      where s.id = l.id`,
    [jsonParam(sharedNames)],
  )
}

/**
 * Replaces all content with `backup` (already rewritten) in `tx`, and answers
 * the stored files only the old content used, to remove once `tx` has
 * committed. The caller checked the rights.
 */
export async function replaceContent(
  tx: Queryable,
  images: ImageStore,
  backup: Backup,
  imageCount: number,
): Promise<{ summary: RestoreSummary; freed: string[] }> {
  await lockImageReferences(tx)
  const before = contentTexts(await readContent(tx, false))
  // An archive from before experience leaves the experiences here; their
  // technologies go with the old ones below, so they are linked again, by name,
  // to the archive's technologies of the same name.
  const experienceLinks = backup.experiences
    ? []
    : await tx.query(`select et.experience_id, lower(t.name) as name
        from public.experience_technologies et join public.technologies t on t.id = et.technology_id`)

  // An archive from before share links keeps the links here; they find their
  // projects again by name once the archive's are in.
  const sharedNames = backup.shareLinks
    ? []
    : await tx.query(`select s.id, array_agg(lower(p.name) order by u.n) as names
        from public.share_links s
        cross join unnest(s.project_ids) with ordinality as u(pid, n)
        join public.projects p on p.id = u.pid
       group by s.id`)

  await tx.query('delete from public.projects')
  await tx.query('delete from public.technologies')
  await tx.query('delete from public.certifications')
  await tx.query('delete from public.configs')

  // Items name the archive's technology ids (a certification's none in older
  // archives); each has a new one here, and one not in the archive is dropped.
  const newIds = await technologies.insert(tx, backup.technologies)
  if (experienceLinks.length)
    await tx.query(
      `insert into public.experience_technologies (experience_id, technology_id)
       select k.experience_id, t.id
         from jsonb_to_recordset($1::jsonb) as k(experience_id integer, name text)
         join public.technologies t on lower(t.name) = k.name
       on conflict do nothing`,
      [jsonParam(experienceLinks)],
    )
  const technologyIds = new Map(backup.technologies.map((t, i) => [t.id, newIds[i]!]))
  const linked = <T extends { technologiesIds?: number[] }>(item: T) => ({
    ...item,
    technologiesIds: (item.technologiesIds ?? []).flatMap((id) => technologyIds.get(id) ?? []),
  })
  const projectIds = await projects.insert(tx, backup.projects.map(linked))
  await restoreShareLinks(tx, backup, projectIds, sharedNames)
  if (backup.github?.length) {
    // A project names its place in the archive; it has a new id here.
    const rows = backup.github.flatMap((g) =>
      projectIds[g.project] === undefined ? [] : [{ ...g, project: projectIds[g.project] }],
    )
    await tx.query(
      `insert into public.github_projects (project_id, repository, stars, forks, pushed_at, synced_at, taken)
       select project, repository, stars, forks, "pushedAt", "syncedAt", taken
         from jsonb_to_recordset($1::jsonb) as g(project integer, repository text, stars integer,
              forks integer, "pushedAt" timestamptz, "syncedAt" timestamptz, taken jsonb)`,
      [jsonParam(rows)],
    )
  }
  await certifications.insert(tx, backup.certifications.map(linked))
  if (backup.experiences) {
    await tx.query('delete from public.experiences')
    await experiences.insert(tx, backup.experiences.map(linked))
  }
  if (backup.education) {
    await tx.query('delete from public.education')
    await education.insert(tx, backup.education)
  }
  if (backup.posts) {
    // A post names projects by their place in the archive; they have new ids here.
    await tx.query('delete from public.posts')
    await posts.insert(
      tx,
      backup.posts.map((p) => ({
        ...linked(p),
        projectIds: p.projectIds.flatMap((place) => projectIds[place] ?? []),
      })),
    )
  }
  if (backup.contributions) {
    await tx.query('delete from public.contributions')
    await tx.query(
      `insert into public.contributions (repository, number, url, title, merged_at)
       select repository, number, url, title, "mergedAt"
         from jsonb_to_recordset($1::jsonb) as c(repository text, number integer, url text,
              title text, "mergedAt" timestamptz)
       on conflict do nothing`,
      [jsonParam(backup.contributions)],
    )
  }
  if (backup.languages) await replaceLanguages(tx, backup.languages)
  if (backup.appearance) await changeAppearance(tx, backup.appearance)
  // It would skip a name taken twice; backup-read.ts refuses such an archive.
  await insertConfigs(tx, backup.configurations)
  let messages: number | null = null
  if (backup.messages) {
    const [row] = await tx.query<{ n: number }>(
      'select app.replace_contact_messages($1::jsonb) as n',
      [jsonParam(backup.messages)],
    )
    messages = Number(row?.n ?? 0)
  }
  if (backup.visits) {
    // A project's rows name its place in the archive; it has a new id here.
    const visits = backup.visits.flatMap((v) => {
      if (v.kind !== 'project') return [v]
      const id = projectIds[Number(v.key)]
      return id === undefined ? [] : [{ ...v, key: String(id) }]
    })
    await tx.query('select app.replace_visit_daily($1::jsonb)', [jsonParam(visits)])
  }
  const summary = {
    technologies: backup.technologies.length,
    projects: backup.projects.length,
    certifications: backup.certifications.length,
    configurations: backup.configurations.length,
    experiences: backup.experiences?.length ?? null,
    education: backup.education?.length ?? null,
    posts: backup.posts?.length ?? null,
    messages,
    images: imageCount,
  }
  return { summary, freed: await unreferencedImages(tx, images, before) }
}

/**
 * The whole restore: the archive's images stored, all content replaced in one
 * transaction of `run`, then the old content's files removed. When that
 * transaction fails, the new files go again, once nothing uses them: a commit
 * whose answer was lost may have gone through and show them after all; what
 * cannot be checked is left to the sweep.
 */
export async function restoreArchive(
  run: RunTransaction,
  images: ImageStore,
  archive: ReadArchive,
): Promise<RestoreSummary> {
  const moved = await storeImages(images, archive)
  let restored: Awaited<ReturnType<typeof replaceContent>>
  try {
    restored = await run((tx) =>
      replaceContent(tx, images, rewriteUrls(archive.backup, moved), moved.size),
    )
  } catch (error) {
    await removeUnreferencedImages(run, images, [...moved.values()])
    throw error
  }
  await removeUnreferencedImages(run, images, restored.freed)
  return restored.summary
}
