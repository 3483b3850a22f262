// The backup archive (docs/PRODUCT.md §14, docs/decisions/015-backup-archive.md):
// a zip holding content.json and images/<name> for every stored file the
// content shows. Rows are checked with the same schemas as the API's writes.
import { z } from 'zod'
import {
  appearanceSchema,
  certificationSchema,
  configSchema,
  contactSchema,
  educationSchema,
  experienceSchema,
  languagesSchema,
  postBackupSchema,
  projectSchema,
  technologySchema,
} from '../contract/schemas.ts'
import { GITHUB_REPOSITORY } from '../contract/github-names.ts'
import { contributionSchema } from '../api/resources/contributions/routes.ts'

export const BACKUP_FORMAT = 'vitrine-backup'
export const BACKUP_VERSION = 1
/** The largest archive a restore accepts, in bytes (413 above). */
export const MAX_BACKUP_BYTES = 50 * 1024 * 1024
/** What the archive may unpack to: its content.json and its images together. */
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024
export const MAX_CONTENT_JSON_BYTES = 20 * 1024 * 1024
export const IMAGE_PATH = /^images\/([A-Za-z0-9][A-Za-z0-9_-]{0,127}\.(?:jpg|png|gif|webp))$/

const id = z.number().int().positive()
const instant = z.iso.datetime({ offset: true })

/** A share link as a backup keeps it (app.export_share_links). */
const shareLinkBackupSchema = z.object({
  label: z.string().trim().min(1).max(100),
  projectIds: z.array(z.number().int().nonnegative()).max(50),
  note: z.string().min(1).max(500).nullable(),
  showCv: z.boolean(),
  showContact: z.boolean(),
  lang: z.string().max(35).nullable(),
  expiresAt: instant.nullable(),
  passphraseHash: z
    .string()
    .regex(/^\$2[abxy]\$\d{2}\$[./A-Za-z0-9]{53}$/, 'A passphrase hash must be a bcrypt hash')
    .nullable(),
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/, 'A token hash must be a sha256 in hex'),
  revokedAt: instant.nullable(),
  createdAt: instant,
})

export const backupSchema = z.object({
  format: z.literal(BACKUP_FORMAT, { error: 'content.json is not a Vitrine backup' }),
  version: z.literal(BACKUP_VERSION, {
    error: `This backup's format version is not supported (this server reads version ${BACKUP_VERSION})`,
  }),
  createdAt: z.string(),
  technologies: z.array(technologySchema.extend({ id })).max(10000),
  /** technologiesIds name the `id`s of `technologies` above. */
  projects: z.array(projectSchema).max(10000),
  certifications: z.array(certificationSchema).max(10000),
  configurations: z.array(configSchema).max(10000),
  /**
   * The developer's story (docs/PRODUCT.md §18); an experience's
   * technologiesIds name the `id`s of `technologies` above. Absent in archives
   * made before them: a restore then leaves experience and education alone.
   */
  experiences: z.array(experienceSchema).max(10000).optional(),
  education: z.array(educationSchema).max(10000).optional(),
  /**
   * The writing (docs/PRODUCT.md §26); a post's projectIds name places in
   * `projects` above. Absent in archives made before posts: a restore then
   * leaves the posts alone.
   */
  posts: z.array(postBackupSchema).max(10000).optional(),
  /**
   * The site's languages (docs/PRODUCT.md §23); the items' translations travel
   * in the items. Absent in archives made before them: a restore then leaves
   * the languages as they are.
   */
  languages: languagesSchema.optional(),
  /**
   * The site's theme, accent colour, font pair and home-page sections
   * (docs/PRODUCT.md §27), checked as PUT /appearance checks them. Absent in
   * archives made before it (or null): a restore keeps the site's look.
   */
  appearance: appearanceSchema.nullish(),
  /** Absent: the backup was taken without messages, and a restore leaves the inbox alone. */
  messages: z
    .array(
      contactSchema.omit({ website: true }).extend({
        isRead: z.boolean(),
        createdAt: z.iso.datetime({ offset: true }),
      }),
    )
    .max(100000)
    .optional(),
  /**
   * The daily visit statistics (docs/PRODUCT.md §17); a project's `key` is its
   * place in `projects`. Absent in archives made before them: a restore then
   * leaves the statistics alone.
   */
  visits: z
    .array(
      z.object({
        day: z.iso.date(),
        kind: z.enum(['total', 'project', 'referrer', 'click', 'utm_source', 'utm_campaign']),
        key: z.string().max(255),
        events: z.number().int().nonnegative().max(2147483647),
        visitors: z.number().int().nonnegative().max(2147483647),
      }),
    )
    .max(1000000)
    .optional(),
  /**
   * The share links (docs/PRODUCT.md §24) with their token and passphrase
   * hashes, so they open as before; `projectIds` name places in `projects`.
   * Not their views. Absent in archives made before them: a restore then
   * keeps the links, their projects found again by name.
   */
  shareLinks: z.array(shareLinkBackupSchema).max(10000).optional(),
  /**
   * The projects imported from GitHub (docs/github.md): `project` is a place
   * in `projects`, with the repository, its figures and what the project took
   * from it, so a sync after a restore still knows the owner's edits. Absent
   * in archives made before the import: the restored projects are then no
   * repository's.
   */
  github: z
    .array(
      z.object({
        project: z.number().int().nonnegative(),
        repository: z.string().max(140).regex(GITHUB_REPOSITORY),
        stars: z.number().int().nonnegative().max(2147483647),
        forks: z.number().int().nonnegative().max(2147483647),
        pushedAt: instant.nullable(),
        syncedAt: instant,
        taken: z.record(z.string(), z.unknown()),
      }),
    )
    .max(10000)
    .optional(),
  /**
   * The merged pull requests shown in the Open source section (docs/github.md),
   * as POST /contributions takes them. Absent in archives made before the
   * section: a restore then keeps the site's as they are.
   */
  contributions: z.array(contributionSchema).max(10000).optional(),
  /** Each stored file in images/, and the URL the content uses for it. */
  images: z
    .array(
      z.object({
        file: z.string().regex(IMAGE_PATH, 'An image path must be images/<name>'),
        url: z.string().min(1).max(2048),
      }),
    )
    .max(10000),
})

export type Backup = z.output<typeof backupSchema>
export type BackupInput = z.input<typeof backupSchema>

/** Today as YYYY-MM-DD (UTC), for the archive's name. */
export const backupFileName = (now = new Date()) =>
  `vitrine-backup-${now.toISOString().slice(0, 10)}.zip`
