// What differs between the two resources of the developer's story (docs/PRODUCT.md
// §18): their words, their fields and where their screens live. The screens
// themselves are one set for both.
import { educationSchema, experienceSchema } from '@shared/contract/schemas.ts'
import type { Education, Experience } from '@shared/contract/types.ts'
import { paths } from '@/config/paths'
import type { StoryKind } from '@/lib/queries/story'

export interface StoryField {
  name: string
  label: string
  /** markdown: the Markdown editor (components/markdown-editor.tsx). */
  type: 'text' | 'month' | 'textarea' | 'markdown' | 'url'
  hint?: string
}

interface StoryConfig {
  /** 'experience', 'education entry': as messages name one item. */
  one: string
  /** 'Experience': the list's heading. */
  title: string
  /** 'Experience': as headings and buttons name one item ('Add New Experience'). */
  One: string
  empty: string
  listPath: string
  newPath: string
  editPath: (id: number) => string
  schema: typeof experienceSchema | typeof educationSchema
  fields: StoryField[]
  /** The row's first column and its name for screen readers. */
  name: (item: Experience | Education) => string
  /** The row's second column. */
  detail: (item: Experience | Education) => string
  detailLabel: string
  technologies: boolean
}

const months: StoryField[] = [
  { name: 'startDate', label: 'Start', type: 'month', hint: 'YYYY-MM' },
  { name: 'endDate', label: 'End', type: 'month', hint: 'Leave empty while it goes on' },
]

export const storyConfig: Record<StoryKind, StoryConfig> = {
  experiences: {
    one: 'experience',
    title: 'Experience',
    One: 'Experience',
    empty: 'No experience yet. Add your first role!',
    listPath: paths.admin.experience,
    newPath: paths.admin.newExperience,
    editPath: paths.admin.editExperience,
    schema: experienceSchema,
    fields: [
      { name: 'organization', label: 'Organization', type: 'text' },
      { name: 'role', label: 'Role', type: 'text' },
      { name: 'location', label: 'Location', type: 'text' },
      ...months,
      { name: 'url', label: 'Website', type: 'url' },
      { name: 'description', label: 'Description', type: 'markdown' },
    ],
    name: (item) => {
      const e = item as Experience
      return `${e.role} at ${e.organization}`
    },
    detail: (item) => (item as Experience).location,
    detailLabel: 'Location',
    technologies: true,
  },
  education: {
    one: 'education entry',
    title: 'Education',
    One: 'Education',
    empty: 'No education yet. Add your first qualification!',
    listPath: paths.admin.education,
    newPath: paths.admin.newEducation,
    editPath: paths.admin.editEducation,
    schema: educationSchema,
    fields: [
      { name: 'institution', label: 'Institution', type: 'text' },
      { name: 'qualification', label: 'Qualification', type: 'text' },
      { name: 'field', label: 'Field of study', type: 'text' },
      ...months,
      { name: 'url', label: 'Website', type: 'url' },
      { name: 'description', label: 'Description', type: 'textarea' },
    ],
    name: (item) => {
      const e = item as Education
      return `${e.qualification}, ${e.institution}`
    },
    detail: (item) => (item as Education).field,
    detailLabel: 'Field',
    technologies: false,
  },
}
