// Which texts visitors would read in the default language on a page in
// another one (docs/PRODUCT.md §23), from the signed-in lists, which carry
// each item's translations. A text counts when the default language has it
// and the other language does not. Only what visitors see counts: inactive
// projects and certifications wait until they are published, so do draft
// posts (a scheduled one counts: it goes public by itself), and a
// configuration whose value is a link, an address or a number has nothing to
// translate.
import { isWebUrl } from '@shared/contract/links.ts'
import type {
  Certification,
  Config,
  Education,
  Experience,
  Languages,
  PostCard,
  Project,
} from '@shared/contract/types.ts'
import { otherLanguages, TRANSLATABLE, type TranslatedResource } from '@/lib/translations'
import type { ItemKind } from './item-path'

export interface TranslatedContent {
  projects: Project[]
  certifications: Certification[]
  experiences: Experience[]
  education: Education[]
  configs: Config[]
  posts: PostCard[]
}

export interface MissingItem {
  kind: ItemKind
  id: number
  /** How the item is named on screen. */
  name: string
  /** Its fields without a text in the language. */
  fields: string[]
}

export interface MissingInLanguage {
  lang: string
  /** Every missing text of every item. */
  count: number
  items: MissingItem[]
}

interface Described {
  id: number
  translations?: Record<string, Record<string, string>>
}

const kinds: Record<TranslatedResource, ItemKind> = {
  projects: 'project',
  certifications: 'certification',
  experiences: 'experience',
  education: 'education',
  configs: 'configuration',
  posts: 'post',
}

const names: { [R in TranslatedResource]: (item: TranslatedContent[R][number]) => string } = {
  projects: (p) => p.name,
  certifications: (c) => c.name,
  experiences: (e) => `${e.role} at ${e.organization}`,
  education: (e) => `${e.qualification}, ${e.institution}`,
  configs: (c) => c.name,
  posts: (p) => p.title,
}

const isText = (value: string) =>
  /\p{L}/u.test(value) && !isWebUrl(value) && !/^(mailto:)?[^\s@]+@[^\s@]+$/i.test(value)

const shown: { [R in TranslatedResource]: (item: TranslatedContent[R][number]) => boolean } = {
  projects: (p) => p.isActive,
  certifications: (c) => c.isActive,
  experiences: () => true,
  education: () => true,
  configs: (c) => isText(c.value.trim()),
  posts: (p) => p.status !== 'draft',
}

/** Whether the default language has the text; a post's card carries no body, only whether it has one. */
const hasText = (item: Described & Record<string, unknown>, field: string) =>
  field === 'body' && 'hasBody' in item ? item.hasBody === true : !!String(item[field] ?? '').trim()

export function missingTranslations(
  site: Languages,
  content: TranslatedContent,
): MissingInLanguage[] {
  return otherLanguages(site).map((lang) => {
    const items: MissingItem[] = []
    for (const resource of Object.keys(TRANSLATABLE) as TranslatedResource[]) {
      for (const item of content[resource] as (Described & Record<string, unknown>)[]) {
        if (!(shown[resource] as (i: unknown) => boolean)(item)) continue
        const texts = item.translations?.[lang] ?? {}
        const fields = TRANSLATABLE[resource].filter(
          (field) => hasText(item, field) && !texts[field]?.trim(),
        )
        if (fields.length)
          items.push({
            kind: kinds[resource],
            id: item.id,
            name: (names[resource] as (i: unknown) => string)(item),
            fields,
          })
      }
    }
    return { lang, items, count: items.reduce((sum, item) => sum + item.fields.length, 0) }
  })
}
