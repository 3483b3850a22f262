// Stored images nobody references any more are removed after the change that
// dropped them has committed (DESIGN.md, "Uploads"). Failing to remove a file
// never fails the request: it is logged and left behind.
import type { Queryable } from '../db.ts'
import type { ImageStore } from './image-store.ts'
import { jsonParam } from '../sql.ts'

/** Of `urls`, those that are ours and that no project, technology or certification still uses. */
export async function unreferencedImages(
  tx: Queryable,
  images: ImageStore,
  urls: (string | null | undefined)[],
): Promise<string[]> {
  const ours = [...new Set(urls.filter((u): u is string => !!u && images.nameFromUrl(u) !== null))]
  if (!ours.length) return []
  const rows = await tx.query<{ url: string }>(
    `select c.url
       from jsonb_array_elements_text($1::jsonb) as c(url)
      where not exists (select 1 from public.projects p where p.thumbnail = c.url or c.url = any (p.images))
        and not exists (select 1 from public.technologies t where t.icon = c.url)
        and not exists (select 1 from public.certifications x where x.icon = c.url)`,
    [jsonParam(ours)],
  )
  return rows.map((r) => r.url)
}

export async function removeImages(images: ImageStore, urls: string[]): Promise<void> {
  await Promise.all(
    urls.map(async (url) => {
      try {
        await images.remove(url)
      } catch (error) {
        console.warn(`Could not remove the unreferenced image ${url}`, error)
      }
    }),
  )
}
