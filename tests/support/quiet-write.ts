// A change of content that leaves the content version where it was, so only an
// answer read afresh shows it: how the cache tests tell a kept answer from a
// new one. The table's triggers (among them the one that moves the version)
// are switched off around the update, which the table's owner may do;
// session_replication_role would need a superuser, which Supabase's postgres is not.
import type { TestContext } from './api-harness.ts'

export async function renameProjectQuietly(
  t: TestContext,
  projectId: number,
  name: string,
): Promise<void> {
  await t.sql('alter table public.projects disable trigger user')
  try {
    await t.sql('update public.projects set name = $1 where id = $2', [name, projectId])
  } finally {
    await t.sql('alter table public.projects enable trigger user')
  }
}
