// Where the back office shows one item, for the dashboard's activity and
// health lists. Edit screens are for admins (AdminOnly); a read-only account
// is sent to the list instead, which it may read.
import { paths } from '@/config/paths'

export type ItemKind =
  | 'project'
  | 'technology'
  | 'certification'
  | 'experience'
  | 'education'
  | 'configuration'
  | 'user'
  | 'message'
  | 'post'
  | 'share link'
  | 'languages'
  | 'appearance'
  | 'contribution'

const { admin } = paths

export function itemPath(kind: ItemKind, id: number, canWrite: boolean): string {
  switch (kind) {
    case 'project':
      return canWrite ? admin.editProject(id) : admin.projects
    case 'technology':
      return canWrite ? admin.editTechnology(id) : admin.technologies
    case 'certification':
      return canWrite ? admin.editCertification(id) : admin.certifications
    case 'experience':
      return canWrite ? admin.editExperience(id) : admin.experience
    case 'education':
      return canWrite ? admin.editEducation(id) : admin.education
    case 'configuration':
      return admin.configurations
    case 'user':
      return canWrite ? admin.users : admin.dashboard
    case 'message':
      return admin.messages
    case 'share link':
      return canWrite ? admin.editShareLink(id) : admin.shareLinks
    case 'post':
      return canWrite ? admin.editPost(id) : admin.posts
    // The site's list of languages, which every account may read.
    case 'languages':
      return admin.languages
    // The site's one appearance, which every account may read.
    case 'appearance':
      return admin.appearance
    // Chosen on the projects screen (GitHub's pull requests).
    case 'contribution':
      return admin.projects
  }
}

/** The activity history names tables; the screens name items. */
export const kindOfTable = {
  projects: 'project',
  technologies: 'technology',
  certifications: 'certification',
  configs: 'configuration',
  users: 'user',
  contact_messages: 'message',
  experiences: 'experience',
  education: 'education',
  posts: 'post',
  share_links: 'share link',
  languages: 'languages',
  appearance: 'appearance',
  contributions: 'contribution',
} as const satisfies Record<string, ItemKind>
