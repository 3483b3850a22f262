// Writing a project's row, shared by POST /projects and a backup's restore
// (toolkit/backup-restore.ts): both hand over a checked project (the schema's
// output) and link its technologies their own way afterwards.
import type { Queryable } from './db.ts'
import { detailsByUrl } from './images/image-details.ts'
import type { ProjectPayload } from './schemas.ts'
import { jsonParam } from './sql.ts'

/** Inserts the project's row (images and their details included); answers its new id. */
export async function insertProject(tx: Queryable, project: ProjectPayload): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into public.projects (name, description, start_year, end_year, live_url, github_url, is_active, thumbnail, images, image_details)
     values ($1, $2, $3, $4, $5, $6, $7, $8, array(select jsonb_array_elements_text($9::jsonb)), $10::jsonb)
     returning id`,
    [
      project.name,
      project.description,
      project.startYear,
      project.endYear,
      project.liveUrl,
      project.githubUrl,
      project.isActive,
      project.thumbnail,
      jsonParam(project.images),
      jsonParam(detailsByUrl(project.imageDetails)),
    ],
  )
  if (!row) throw new Error('insert returned no row')
  return row.id
}
