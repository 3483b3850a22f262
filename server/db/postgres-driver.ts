// The local server's Postgres driver is the edge function's: one implementation.
export {
  createPostgresDriver,
  type PostgresDriver,
} from '../../supabase/functions/_shared/db/postgres-driver.ts'
