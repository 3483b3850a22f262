// Every route of the SPA (docs/PRODUCT.md §2), in one place; the public pages'
// patterns come from their table (supabase/functions/_shared/contract/public-routes.ts).
import {
  postPath,
  projectPath,
  publicPages,
  sharedPaths,
  slugify,
} from '@shared/contract/public-routes.ts'

export { slugify }

export const paths = {
  home: publicPages.home.pattern,
  /** One project's page (docs/PRODUCT.md §15): its id, then a slug that is only for people. */
  project: projectPath,
  /** The CV to read and print (docs/PRODUCT.md §21). */
  cv: publicPages.cv.pattern,
  /** A share link's page, its projects and its CV (docs/PRODUCT.md §24). */
  shared: sharedPaths,
  /** The posts and one post's page (docs/PRODUCT.md §26). */
  writing: publicPages.writing.pattern,
  post: postPath,
  admin: {
    root: '/admin',
    login: '/admin/login',
    register: '/admin/register',
    dashboard: '/admin/dashboard',
    projects: '/admin/projects',
    newProject: '/admin/projects/new',
    editProject: (id: number | string) => `/admin/projects/edit/${id}`,
    technologies: '/admin/technologies',
    newTechnology: '/admin/technologies/new',
    editTechnology: (id: number | string) => `/admin/technologies/edit/${id}`,
    certifications: '/admin/certifications',
    newCertification: '/admin/certifications/new',
    editCertification: (id: number | string) => `/admin/certifications/edit/${id}`,
    experience: '/admin/experience',
    newExperience: '/admin/experience/new',
    editExperience: (id: number | string) => `/admin/experience/edit/${id}`,
    education: '/admin/education',
    newEducation: '/admin/education/new',
    editEducation: (id: number | string) => `/admin/education/edit/${id}`,
    /** The owner's writing (docs/PRODUCT.md §26). */
    posts: '/admin/posts',
    newPost: '/admin/posts/new',
    editPost: (id: number | string) => `/admin/posts/edit/${id}`,
    /** Who the owner is, typed (docs/PRODUCT.md §3, "Profile"). */
    profile: '/admin/profile',
    configurations: '/admin/configurations',
    /** The site's languages (docs/PRODUCT.md §23). */
    languages: '/admin/languages',
    /** Theme, accent colour, fonts and the home page's sections (docs/PRODUCT.md §27). */
    appearance: '/admin/appearance',
    users: '/admin/users',
    messages: '/admin/messages',
    visitors: '/admin/visitors',
    /** Links for one recipient each (docs/PRODUCT.md §24). */
    shareLinks: '/admin/share-links',
    newShareLink: '/admin/share-links/new',
    editShareLink: (id: number | string) => `/admin/share-links/edit/${id}`,
    backup: '/admin/backup',
    /** The signed-in account: its sessions (docs/decisions/036). */
    account: '/admin/account',
  },
} as const
