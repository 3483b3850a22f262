import { useQuery } from '@tanstack/react-query'
import { CheckCircle2, Circle, X } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { api } from '@/lib/api-client'
import { useConfigs } from '@/lib/queries/configs'
import { useDashboardProjects } from '../api/get-dashboard-data'
import { usePublishStatus } from '../api/publish'
import { DEFAULT_ACCENT } from '@shared/contract/appearance.ts'
import { appearanceQueryOptions } from '@/lib/queries/appearance'
import { useDemoContent } from '../api/demo-content'
import { firstSteps, showFirstSteps } from '../lib/first-steps'

const DISMISSED = 'vitrine.firstSteps.dismissed'

/** The account's sign-in keys (the Account screen's own reads, under the same keys). */
const usePasskeyCount = () =>
  useQuery({
    queryKey: ['account', 'passkeys'],
    queryFn: ({ signal }) => api.get('/auth/passkeys', { signal }),
  })
const useTwoStepStatus = () =>
  useQuery({
    queryKey: ['account', 'two-step'],
    queryFn: ({ signal }) => api.get('/auth/two-step', { signal }),
  })

/** "Make it yours" (docs/PRODUCT.md §12): the first session's steps, each done from the data. */
export function FirstStepsCard() {
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED) === '1')
  const configs = useConfigs()
  const projects = useDashboardProjects()
  const publish = usePublishStatus()
  const passkeys = usePasskeyCount()
  const twoStep = useTwoStepStatus()
  const demo = useDemoContent(true)
  const look = useQuery(appearanceQueryOptions())
  if (dismissed || !configs.data || !projects.data || !publish.data || !demo.data) return null
  const values = Object.fromEntries(configs.data.map((c) => [c.name, c.value]))
  const facts = {
    configs: values,
    demo: demo.data.present,
    lookChosen:
      !!look.data &&
      (look.data.theme !== 'classic' ||
        look.data.font !== 'system' ||
        look.data.accent !== DEFAULT_ACCENT),
    projects: projects.data.length,
    siteUrl: publish.data.siteUrl,
    publishConfigured: publish.data.configured,
    published: publish.data.upToDate && publish.data.publishedAt !== null,
    passkeys: passkeys.data?.length ?? 0,
    twoStep: twoStep.data?.enabled ?? false,
  }
  const steps = firstSteps(facts)
  if (!showFirstSteps(facts, steps)) return null
  const left = steps.filter((step) => !step.done).length
  return (
    <section
      aria-labelledby="first-steps"
      className="grid gap-3 rounded-lg border bg-card p-4 sm:p-6"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="first-steps" className="text-lg font-semibold">
            Make it yours
          </h2>
          <p className="text-sm text-muted-foreground">
            {left} of {steps.length} steps left before the site is yours.
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Dismiss the first steps"
          onClick={() => {
            localStorage.setItem(DISMISSED, '1')
            setDismissed(true)
          }}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      <ol className="grid gap-2">
        {steps.map((step) => (
          <li key={step.id} className="flex items-center gap-2">
            {step.done ? (
              <CheckCircle2 aria-hidden="true" className="size-5 text-primary" />
            ) : (
              <Circle aria-hidden="true" className="size-5 text-muted-foreground" />
            )}
            <Link
              to={step.to}
              className={step.done ? 'text-muted-foreground line-through' : 'underline'}
            >
              {step.label}
            </Link>
            {step.done ? <span className="sr-only">(done)</span> : null}
          </li>
        ))}
      </ol>
    </section>
  )
}
