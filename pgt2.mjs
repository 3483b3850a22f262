import { PGlite } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { readFile } from 'node:fs/promises'
const buf = await readFile(process.argv[2])
const base = await PGlite.create({ loadDataDir: new Blob([buf]), extensions: { pgcrypto } })
for (let i = 0; i < 4; i++) {
  const t0 = performance.now()
  const pg = await base.clone()
  const t1 = performance.now()
  const r = await pg.query("select count(*) from pg_tables where schemaname='public'")
  await pg.query("select gen_random_uuid()")
  await pg.close()
  console.log('clone', (t1 - t0) | 0, r.rows[0])
}
