// The registry of resources (docs/decisions/081-a-registry-of-resources.md):
// one line per table the product keeps, saying what every piece of code that
// goes over "all resources" needs to know of it. The count of texts a removed
// language leaves behind, the image bookkeeping, the backup, the demo removal,
// the history and the back office's query keys read it rather than list tables
// by hand, and tests/api/registry.test.ts fails when the database has a table
// with translations, an image column or a history trigger that is not here.
//
// Data only, no imports: the browser app reads it too, through
// contract/resources.ts (its translatable fields and query keys).

/** How a column can show a stored image: one URL, an array of URLs, or anywhere in a text or JSON. */
export type ImageHold = 'url' | 'urls' | 'text'

export interface Resource {
  /** Its table, in the `public` schema. */
  readonly table: string
  /** What one row is called and more than one, as messages name them ('This image is still used by 2 projects'). */
  readonly noun: readonly [one: string, many: string]
  /**
   * The back office's query key (src/lib/queries/keys.ts): under the content
   * root, or a root of its own for what visitors never read; null when no
   * screen reads the resource by itself.
   */
  readonly query: { readonly root: 'content' | 'private'; readonly key: string } | null
  /**
   * The fields whose texts a row holds in the site's other languages, in its
   * `translations` column (docs/PRODUCT.md §23), as the API and the column
   * name them. The table's check constraint allows these and no other.
   */
  readonly translatable?: readonly string[]
  /** The columns that can show a stored image, and how (images/unreferenced.ts). */
  readonly images?: Readonly<Record<string, ImageHold>>
  /** Its key in a backup's content.json (toolkit/backup-format.ts); null when a backup leaves it out. */
  readonly backup: string | null
  /** Whether the history records its changes (08_activity.sql): an `entity` of GET /activity. */
  readonly activity: boolean
  /**
   * The demo content's rows of it (app.demo_rows(), docs/decisions/069): its
   * place in DELETE /demo's order, what links to technologies first. Absent
   * when the seed writes none.
   */
  readonly demo?: number
  /** Whether visitors read it: the public pages, the feeds, llms.txt and the Markdown pages. */
  readonly public: boolean
}

/**
 * Every resource, in the history's order (the `entity` enum of GET /activity
 * and the image-in-use message list them so).
 */
export const RESOURCES = [
  {
    table: 'projects',
    noun: ['project', 'projects'],
    query: { root: 'content', key: 'projects' },
    translatable: ['name', 'description'],
    // The card copies (docs/PRODUCT.md §15) are in image_details.
    images: { thumbnail: 'url', images: 'urls', image_details: 'text' },
    backup: 'projects',
    activity: true,
    demo: 2,
    public: true,
  },
  {
    table: 'technologies',
    noun: ['technology', 'technologies'],
    query: { root: 'content', key: 'technologies' },
    images: { icon: 'url' },
    backup: 'technologies',
    activity: true,
    demo: 6,
    public: true,
  },
  {
    table: 'certifications',
    noun: ['certification', 'certifications'],
    query: { root: 'content', key: 'certifications' },
    translatable: ['name'],
    images: { icon: 'url' },
    backup: 'certifications',
    activity: true,
    demo: 3,
    public: true,
  },
  {
    table: 'configs',
    noun: ['configuration', 'configurations'],
    query: { root: 'content', key: 'configs' },
    translatable: ['value'],
    // A configuration's value is free text: any word in it may be an image's URL.
    images: { value: 'text' },
    backup: 'configurations',
    activity: true,
    demo: 7,
    public: true,
  },
  {
    table: 'users',
    noun: ['account', 'accounts'],
    query: { root: 'private', key: 'users' },
    backup: null,
    activity: true,
    public: false,
  },
  {
    table: 'contact_messages',
    noun: ['message', 'messages'],
    query: { root: 'private', key: 'messages' },
    backup: 'messages',
    activity: true,
    public: false,
  },
  {
    table: 'experiences',
    noun: ['experience', 'experiences'],
    query: { root: 'content', key: 'experiences' },
    translatable: ['role', 'location', 'description'],
    backup: 'experiences',
    activity: true,
    demo: 4,
    public: true,
  },
  {
    table: 'education',
    noun: ['education', 'education'],
    query: { root: 'content', key: 'education' },
    translatable: ['qualification', 'field', 'description'],
    backup: 'education',
    activity: true,
    demo: 5,
    public: true,
  },
  {
    table: 'share_links',
    noun: ['share link', 'share links'],
    query: { root: 'private', key: 'share-links' },
    backup: 'shareLinks',
    activity: true,
    public: false,
  },
  {
    table: 'posts',
    noun: ['post', 'posts'],
    query: { root: 'content', key: 'posts' },
    translatable: ['title', 'summary', 'body'],
    // The cover, and any image its Markdown body shows, in any language.
    images: { cover_image: 'url', body: 'text', translations: 'text' },
    backup: 'posts',
    activity: true,
    demo: 1,
    public: true,
  },
  {
    table: 'languages',
    noun: ['language', 'languages'],
    query: { root: 'content', key: 'languages' },
    backup: 'languages',
    activity: true,
    public: true,
  },
  {
    table: 'appearance',
    noun: ['appearance', 'appearance'],
    query: { root: 'content', key: 'appearance' },
    backup: 'appearance',
    activity: true,
    public: true,
  },
  {
    table: 'contributions',
    noun: ['contribution', 'contributions'],
    query: null,
    backup: 'contributions',
    activity: true,
    public: true,
  },
] as const satisfies readonly Resource[]

export type RegisteredResource = (typeof RESOURCES)[number]
export type ResourceTable = RegisteredResource['table']

/** The resources whose rows hold texts in other languages. */
export type TranslatedResource = Extract<RegisteredResource, { translatable: readonly string[] }>

/** Table -> its translatable fields, for each resource that has some. */
export const TRANSLATABLE = Object.fromEntries(
  RESOURCES.flatMap((r) => ('translatable' in r ? [[r.table, r.translatable]] : [])),
) as { [R in TranslatedResource as R['table']]: R['translatable'] }

/** The resources whose columns can show a stored image, in the registry's order. */
export const WITH_IMAGES = RESOURCES.filter(
  (r): r is Extract<RegisteredResource, { images: object }> => 'images' in r,
)

/** The tables the history records: GET /activity's `entity`, in the registry's order. */
export const ACTIVITY_ENTITIES = RESOURCES.filter((r) => r.activity).map((r) => r.table) as [
  ResourceTable,
  ...ResourceTable[],
]

/** The demo's kinds, in the order DELETE /demo removes their rows. */
export const DEMO_KINDS = RESOURCES.filter(
  (r): r is Extract<RegisteredResource, { demo: number }> => 'demo' in r,
)
  .sort((a, b) => a.demo - b.demo)
  .map((r) => r.table)
