// The public page (docs/PRODUCT.md §2, "Public home"). Imported eagerly by the
// router: keep this module and its imports free of admin code.
import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useMessages } from '@/lib/i18n/messages-context'
import { apiLanguage } from '@/lib/i18n/localize'
import { usePageLanguage } from '@/lib/i18n/page-language'
import { appearanceQueryOptions } from '@/lib/queries/appearance'
import { useHomeData } from '../api/use-home-data'
import { shownTechnologyId, usePublicProjects } from '../api/use-public-projects'
import HomeContent from '../components/home-content'
import { shownNavLinks, showsPortfolio } from '../components/nav-links'
import { SiteNav } from '../components/site-nav'
import { useLatestPosts } from '../components/writing-section'

function Main({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="flex-1 outline-none">
      {children}
    </main>
  )
}

export default function HomeRoute() {
  const { t } = useMessages()
  const { data, isError, retry } = useHomeData()
  // The portfolio's pages and filter (the section shows them; see usePublicProjects).
  // Back from a project's page, the chip chosen before (use-public-projects.ts).
  const [technologyId, setTechnologyId] = useState<number | null>(shownTechnologyId)
  const projects = usePublicProjects(technologyId, apiLanguage(usePageLanguage()))
  const posts = useLatestPosts()
  // The sections shown, in the owner's order (docs/PRODUCT.md §27); all until it is read.
  const sections = useQuery(appearanceQueryOptions())
    .data?.sections.filter((section) => section.visible)
    .map((section) => section.id)
  const brand = data ? data.config.ownerName || t('nav.brand') : ''
  return (
    <div id="top" className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('nav.skipToContent')}
      </a>
      <SiteNav
        brand={brand}
        links={shownNavLinks(
          {
            experience: data?.experiences.length ?? 0,
            education: data?.education.length ?? 0,
            posts: posts.length,
            certifications: data?.certifications.length,
            skills: data?.technologies.length,
            portfolio: showsPortfolio({ ...projects, technologyId }) ? undefined : 0,
          },
          sections,
        )}
      />
      {data ? (
        <HomeContent
          data={data}
          projects={{ ...projects, technologyId, select: setTechnologyId }}
          posts={posts}
          sections={sections}
        />
      ) : isError ? (
        <Main>
          <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 pt-40 pb-20 text-center">
            <Alert variant="destructive">{t('load.failed')}</Alert>
            <Button variant="outline" onClick={retry}>
              {t('load.retry')}
            </Button>
          </div>
        </Main>
      ) : (
        <Main>
          <Spinner label={t('home.loading')} className="min-h-dvh" />
        </Main>
      )}
    </div>
  )
}
