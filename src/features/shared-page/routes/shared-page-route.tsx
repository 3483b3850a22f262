// A share link's page for its recipient, /s/<token> (docs/PRODUCT.md §24):
// rendered on the server by `npm start` and `npm run dev` (the renderer reads
// the link with the pass the browser's cookie carries), and in the browser
// alone on a static host, from the same read (GET /shared/{token}). It speaks
// the link's language; an expired or revoked link says so (410), a link with
// a passphrase asks for it first (401), an unknown one is not found (404).
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { useParams } from 'react-router-dom'
import { textDirection } from '@shared/contract/page-languages.ts'
import { NotFoundPage } from '@/components/not-found-page'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { loadCatalogue, loadedCatalogue } from '@/lib/i18n/catalogues'
import { MessagesProvider, useMessages } from '@/lib/i18n/messages-context'
import { useSharedText } from '../lib/shared-messages'
import { PageLanguageOverride, usePageLanguage } from '@/lib/i18n/page-language'
import { needsPassphrase, sendSharedView, sharedPageQueryOptions } from '../api/shared-page'
import { firstLine, goneKind, projectIdFromSlug, sharedOwner } from '../lib/shared-texts'
import { LinkGonePage } from '../components/link-gone-page'
import { PassphraseForm } from '../components/passphrase-form'
import { SharedHead } from '../components/shared-head'
import { SharedPageView, SharedProjectView } from '../components/shared-page-view'

export type SharedView = 'page' | 'project' | 'cv'

interface Props {
  view: SharedView
  /** The contact form (the home page's), when the link shows it. */
  contact: ReactNode
  /** The CV page (the public one), when the link shows it. */
  cv: ReactNode
}

/** The catalogue of the link's language around the page, as the server loaded it before rendering. */
function InLinkLanguage({ lang, children }: { lang: string; children: ReactNode }) {
  const catalogue = loadedCatalogue(lang)
  const [, arrived] = useState(0)
  useEffect(() => {
    if (catalogue) return
    let current = true
    void loadCatalogue(lang).then(() => current && arrived((n) => n + 1))
    return () => {
      current = false
    }
  }, [lang, catalogue])
  useEffect(() => {
    const root = document.documentElement
    root.lang = lang
    root.dir = textDirection(lang)
  }, [lang])
  if (!catalogue) return <SharedLoading />
  return (
    <PageLanguageOverride value={lang}>
      <MessagesProvider lang={lang} catalogue={catalogue}>
        {children}
      </MessagesProvider>
    </PageLanguageOverride>
  )
}

function SharedLoading() {
  const { t } = useMessages()
  return <Spinner label={t('page.loading')} />
}

export default function SharedPageRoute({ view, contact, cv }: Props) {
  const { token = '', slug } = useParams()
  const { site } = usePageLanguage()
  const query = useQuery(sharedPageQueryOptions(token))
  const data = query.data
  useEffect(() => {
    if (data) sendSharedView(token)
  }, [data, token])

  if (query.isPending) return <SharedLoading />
  const { error } = query
  if (error || !data) {
    if (needsPassphrase(error)) return <PassphraseForm token={token} />
    if (error instanceof ApiError && error.status === 410)
      return <LinkGonePage kind={goneKind(error.message)} />
    if (error instanceof ApiError && [400, 401, 404].includes(error.status)) return <NotFoundPage />
    return <SharedFailed />
  }
  const lang = data.lang ?? site.default
  return (
    <InLinkLanguage lang={lang}>
      <SharedContent token={token} view={view} slug={slug} contact={contact} cv={cv} />
    </InLinkLanguage>
  )
}

function SharedFailed() {
  const st = useSharedText()
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 text-center">
      <SharedHead title={st('failed')} />
      <p role="alert" className="text-muted-foreground">
        {st('failed')}
      </p>
    </main>
  )
}

function SharedContent({
  token,
  view,
  slug,
  contact,
  cv,
}: Props & { token: string; slug: string | undefined }) {
  const { catalogue } = useMessages()
  const { data } = useQuery(sharedPageQueryOptions(token))
  if (!data) return null
  const owner = sharedOwner(data.site, catalogue)
  const title = [owner.name || catalogue['nav.brand'], firstLine(data.note)]
    .filter(Boolean)
    .join(' — ')
  if (view === 'cv') {
    if (!data.showCv) return <NotFoundPage />
    return (
      <>
        <SharedHead title={title} />
        {cv}
      </>
    )
  }
  if (view === 'project') {
    const id = projectIdFromSlug(slug)
    const project = data.projects.find((p) => p.id === id)
    if (!project) return <NotFoundPage />
    return (
      <>
        <SharedHead title={`${project.name} — ${owner.name || catalogue['nav.brand']}`} />
        <SharedProjectView token={token} project={project} />
      </>
    )
  }
  return (
    <>
      <SharedHead title={title} />
      <SharedPageView token={token} page={data} owner={owner} contact={contact} />
    </>
  )
}
