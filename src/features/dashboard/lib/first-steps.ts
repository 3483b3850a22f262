// "Make it yours": the first session's steps, each done or not from the data
// itself (docs/PRODUCT.md §12, "First steps").
import { profileLinks } from '@shared/contract/profile-links.ts'
import { paths } from '@/config/paths'

export interface FirstStepFacts {
  configs: Record<string, string>
  /** GET /demo's `present`: rows of the demo content are still on the site. */
  demo: boolean
  /** The owner chose a theme, accent or font of their own (GET /appearance). */
  lookChosen: boolean
  projects: number
  siteUrl: string | null
  /** No deploy hook: the site is served as it is, nothing to publish. */
  publishConfigured: boolean
  published: boolean
  passkeys: number
  twoStep: boolean
}

export interface FirstStep {
  id: string
  label: string
  to: string
  done: boolean
}

const isLocal = (url: string) => /^https?:\/\/(localhost|127\.|\[::1\]|0\.0\.0\.0)/i.test(url)

export function firstSteps(facts: FirstStepFacts): FirstStep[] {
  const { configs, demo } = facts
  return [
    {
      id: 'name',
      label: 'Your name and photo',
      to: paths.admin.profile,
      done: !demo && !!configs.ownerName?.trim() && !!configs.photo?.trim(),
    },
    {
      id: 'links',
      label: 'Your links',
      to: paths.admin.profile,
      done: !demo && profileLinks(configs).length > 0,
    },
    {
      id: 'content',
      label: 'Remove the demo or add your first project',
      to: paths.admin.projects,
      done: !demo && facts.projects > 0,
    },
    {
      id: 'look',
      label: 'Your look',
      to: paths.admin.appearance,
      done: facts.lookChosen,
    },
    {
      id: 'address',
      label: "The site's address (SITE_URL, not localhost)",
      to: paths.admin.dashboard,
      done: !!facts.siteUrl && !isLocal(facts.siteUrl),
    },
    {
      id: 'sign-in',
      label: 'A passkey or two-step sign-in',
      to: paths.admin.account,
      done: facts.passkeys > 0 || facts.twoStep,
    },
    {
      id: 'publish',
      label: 'Publish',
      to: paths.admin.dashboard,
      done: !facts.publishConfigured || facts.published,
    },
  ]
}

/** Shown while the demo is here or the site has no name, until dismissed or all done. */
export const showFirstSteps = (facts: FirstStepFacts, steps: FirstStep[]) =>
  (facts.demo || !facts.configs.ownerName?.trim()) && steps.some((step) => !step.done)
