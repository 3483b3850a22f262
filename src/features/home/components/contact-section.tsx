import { ArrowDownIcon, FileTextIcon, MailIcon } from 'lucide-react'
import { Link } from 'react-router-dom'
import { apiUrl } from '@/config/env'
import { paths } from '@/config/paths'
import { prefetchRoute } from '@/lib/route-prefetch'
import { useMessages } from '@/lib/i18n/messages-context'
import { mailtoHref, safeHref } from '@/lib/safe-url'
import { usePageLanguage } from '@/lib/i18n/page-language'
import { siteTextAttributes, type LocalSiteConfig } from '../lib/local-site-config'
import { GithubIcon, LinkedinIcon } from './brand-icons'
import { LazyContactForm } from './lazy-contact-form'
import { PageSection } from './page-section'
import { visitTarget } from '@/lib/visit-target'

const linkClass =
  'flex items-center gap-3 rounded-xl border bg-card px-4 py-3 text-sm font-semibold shadow-sm transition-colors hover:border-primary/60 hover:bg-accent'

export function ContactSection({ config }: { config: LocalSiteConfig }) {
  const { t } = useMessages()
  const page = usePageLanguage()
  const email = mailtoHref(config.email)
  const linkedin = safeHref(config.linkedinUrl)
  const github = safeHref(config.githubUrl)
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
          {email && (
            <a href={email} className={linkClass} {...visitTarget('email')}>
              <MailIcon aria-hidden="true" className="size-5 shrink-0 text-primary" />
              <span className="break-all">{config.email.replace(/^mailto:/i, '')}</span>
            </a>
          )}
          {linkedin && (
            <a
              href={linkedin}
              target="_blank"
              rel="noopener noreferrer"
              className={linkClass}
              {...visitTarget('linkedin')}
            >
              <LinkedinIcon className="size-5 shrink-0 text-primary" />
              LinkedIn
            </a>
          )}
          {github && (
            <a
              href={github}
              target="_blank"
              rel="noopener noreferrer"
              className={linkClass}
              {...visitTarget('github')}
            >
              <GithubIcon className="size-5 shrink-0 text-primary" />
              GitHub
            </a>
          )}
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
