import { ArrowDownIcon, FileTextIcon } from 'lucide-react'
import { Link } from 'react-router-dom'
import { apiUrl } from '@/config/env'
import { paths } from '@/config/paths'
import { prefetchRoute } from '@/lib/route-prefetch'
import { useMessages } from '@/lib/i18n/messages-context'
import { usePageLanguage } from '@/lib/i18n/page-language'
import { siteTextAttributes, type LocalSiteConfig } from '../lib/local-site-config'
import { ServerPart } from './server-part'
import { LazyContactForm } from './lazy-contact-form'
import { PageSection } from './page-section'

/** A link of the contact column (the profile's links too, profile-parts.tsx). */
export const linkClass =
  'flex items-center gap-3 rounded-xl border bg-card px-4 py-3 text-sm font-semibold shadow-sm transition-colors hover:border-primary/60 hover:bg-accent'

export function ContactSection({ config }: { config: LocalSiteConfig }) {
  const { t } = useMessages()
  const page = usePageLanguage()
  return (
    <PageSection
      id="contact"
      title={config.contactTitle}
      titleAttrs={siteTextAttributes(config, 'contactTitle', page)}
      className="bg-muted/50"
    >
      <div className="grid gap-10 lg:grid-cols-[1fr_2fr]">
        <div className="flex flex-col gap-3">
          <p className="mb-2 text-muted-foreground">{t('contact.intro')}</p>
          <ServerPart name="contact-links" config={config} />
          {/* The CV as a page to read and print, and as a PDF the API builds from
              this same content (docs/PRODUCT.md §21). */}
          <Link
            to={paths.cv}
            className={linkClass}
            onPointerEnter={() => prefetchRoute('cv')}
            onFocus={() => prefetchRoute('cv')}
          >
            <FileTextIcon aria-hidden="true" className="size-5 shrink-0 text-primary" />
            {t('contact.viewCv')}
          </Link>
          <a href={`${apiUrl()}/cv.pdf`} download className={linkClass}>
            <ArrowDownIcon aria-hidden="true" className="size-5 shrink-0 text-primary" />
            {t('contact.downloadCv')}
          </a>
        </div>
        <div className="relative rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
          <LazyContactForm />
        </div>
      </div>
    </PageSection>
  )
}
