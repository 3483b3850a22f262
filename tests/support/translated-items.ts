// One valid create payload for each resource the registry says holds
// translations (api/registry.ts): a resource added there fails to typecheck
// in the tests that use this until it has its line.
import type { TRANSLATABLE } from '../../supabase/functions/_shared/api/registry.ts'

export const TRANSLATED_ITEMS: Record<keyof typeof TRANSLATABLE, { path: string; body: object }> = {
  projects: { path: '/projects', body: { name: 'Shop', description: 'A shop' } },
  certifications: {
    path: '/certifications',
    body: { name: 'CKA', icon: '☁️', obtainedDate: '2024-05-10', isActive: true },
  },
  configs: { path: '/configs', body: { name: 'heroTitle2', value: 'Hello' } },
  experiences: {
    path: '/experiences',
    body: { organization: 'Acme', role: 'Engineer', startDate: '2019-09' },
  },
  education: {
    path: '/education',
    body: { institution: 'MIT', qualification: 'BSc', startDate: '2015-09' },
  },
  posts: { path: '/posts', body: { title: 'Hello', body: 'Some text', status: 'draft' } },
}
