// Errors leave the API as { statusCode, message, errors? } (docs/ARCHITECTURE.md, "The
// contract's rules"). Anything a client sent maps to a 4xx; only a database
// that cannot be reached, or that turns connections away, gives 503.
import { isConnectionLoss, refusal } from '../db/db-availability.ts'
import { messages } from '../contract/messages.ts'

export type FieldErrors = Record<string, string>

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

export const badRequest = (message: string, errors?: FieldErrors) =>
  new HttpError(400, message, errors)
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message)
export const forbidden = (message = 'You do not have permission to do this') =>
  new HttpError(403, message)
export const notFound = (message = 'Not found') => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)

/**
 * Two transactions got in each other's way (a deadlock, a serialization
 * failure): nothing was written, and the same request again will most likely
 * go through, so 409 with a hint to retry rather than a 500.
 */
export const clashed = () =>
  new HttpError(
    409,
    'This clashed with another change made at the same moment. Please try again.',
    undefined,
    { 'Retry-After': '1' },
  )

interface PgLikeError {
  code?: string
  message?: string
  constraint?: string
  constraint_name?: string
  table?: string
  table_name?: string
}

/** CHECK constraints whose rule the client can fix: the message and the field it belongs to. */
const checkMessages: Record<string, { message: string; field: string }> = {
  projects_end_year_not_before_start: { message: messages.endBeforeStart, field: 'endYear' },
  experiences_end_not_before_start: { message: messages.endBeforeStartMonth, field: 'endDate' },
  education_end_not_before_start: { message: messages.endBeforeStartMonth, field: 'endDate' },
  posts_scheduled_has_publish_at: {
    message: 'A scheduled post needs publishAt',
    field: 'publishAt',
  },
}

const uniqueMessages: Record<string, string> = {
  technologies_name_key: 'A technology with this name already exists',
  configs_name_key: 'A configuration with this name already exists',
  users_username_key: 'A user with this username already exists',
  posts_slug_key: 'Another post has this slug',
}

/**
 * The database could not be reached, or the connection broke during the
 * request: nothing of it was committed (a lost COMMIT is the one case where
 * the outcome is unknown), and the same request should work once the database
 * is back (docs/RELIABILITY.md).
 */
export const databaseUnavailable = () =>
  new HttpError(503, 'Database unavailable', undefined, { 'Retry-After': '1' })

const connectionCodes = new Set([
  'DATABASE_UNAVAILABLE', // db-availability.ts: known to be down
  'POOL_TIMEOUT', // no pooled connection in time
  'CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  '57P02', // crash_shutdown
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57P01',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
])

/**
 * A full disk, the database's (53100 disk_full) or the uploads folder's
 * (ENOSPC, or EDQUOT past a quota): the transaction was rolled back and a
 * half-written file removed, so nothing was saved. 507 says what is wrong;
 * retrying helps only once space is freed.
 */
export const outOfStorage = () =>
  new HttpError(
    507,
    'The server is out of storage space. Nothing was saved; please try again later.',
  )

/** Turns a Postgres error into the HTTP error a client should see, or null when it is ours (a bug). */
export function fromDatabaseError(error: unknown): HttpError | null {
  if (typeof error !== 'object' || error === null) return null
  const e = error as PgLikeError
  const code = e.code ?? ''
  const custom = /^VT(\d{3})$/.exec(code)
  if (custom) return new HttpError(Number(custom[1]), e.message ?? 'Request refused')
  // A refusal to connect (a changed password, a dropped database, too many
  // connections) is 503 too, even should it come from elsewhere than the driver,
  // and so is a socket that failed to read or write, whatever its code.
  if (
    connectionCodes.has(code) ||
    code.startsWith('08') ||
    isConnectionLoss(error) ||
    refusal(error, false)
  )
    return databaseUnavailable()
  switch (code) {
    case '23505': {
      const constraint = e.constraint ?? e.constraint_name ?? ''
      return conflict(uniqueMessages[constraint] ?? 'This record already exists')
    }
    case '23514': {
      // check_violation, and the project-year trigger's messages
      const rule = checkMessages[e.constraint ?? e.constraint_name ?? '']
      if (rule) return badRequest(rule.message, { [rule.field]: rule.message })
      return badRequest(
        e.message && !e.message.includes('violates check constraint') ? e.message : 'Invalid input',
      )
    }
    case '23502': // not_null_violation
    case '22001': // string_data_right_truncation
    case '22P02': // invalid_text_representation
    case '22007': // invalid_datetime_format
    case '22008': // datetime_field_overflow
    case '22003': // numeric_value_out_of_range
      return badRequest('Invalid input')
    case '22021': // character_not_in_repertoire: a NUL in text (validate.ts refuses it in bodies)
    case '22P05': // untranslatable_character
      return badRequest('Text contains a character that cannot be stored')
    case '54000': // program_limit_exceeded: e.g. a value too large for an index row
      return badRequest('Input is too long')
    case '53100': // disk_full
    case 'ENOSPC':
    case 'EDQUOT':
      return outOfStorage()
    case '53200': // out_of_memory (and out of shared memory): passing, not a matter of space
      return new HttpError(
        503,
        'The database is short of memory. Nothing was saved; please try again in a moment.',
        undefined,
        { 'Retry-After': '5' },
      )
    case '40001': // serialization_failure
    case '40P01': // deadlock_detected
      return clashed()
    case '23503':
      return badRequest('A referenced record does not exist')
    case '42501':
      return forbidden()
    case '25006': // read_only_sql_transaction
      return new HttpError(405, 'Method not allowed')
    default:
      return null
  }
}
