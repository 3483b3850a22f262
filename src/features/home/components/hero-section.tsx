import { ArrowDownIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useMessages } from '@/lib/i18n/messages-context'
import { usePageLanguage } from '@/lib/i18n/page-language'
import { siteTextAttributes, type LocalSiteConfig, type SiteText } from '../lib/local-site-config'
import { scrollToSection } from '../lib/scroll-to-section'
import { ServerPart } from './server-part'

export function HeroSection({
  config,
  showsWork = true,
  showsContact = true,
}: {
  config: LocalSiteConfig
  /** Whether the page has a portfolio to scroll to ("View my work"). */
  showsWork?: boolean
  /** Whether the page shows its Contact section ("Contact me"; the owner may hide it, §27). */
  showsContact?: boolean
}) {
  const { t } = useMessages()
  const page = usePageLanguage()
  const attrs = (name: SiteText) => siteTextAttributes(config, name, page)
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden pt-32 pb-20 sm:pt-44 sm:pb-28"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_left,color-mix(in_oklch,var(--primary)_22%,transparent),transparent_55%),radial-gradient(ellipse_at_bottom_right,color-mix(in_oklch,var(--secondary)_22%,transparent),transparent_55%)]"
      />
      <div className="mx-auto max-w-6xl px-4 text-center sm:px-6">
        <ServerPart name="hero-profile" config={config} />
        <h1
          id="hero-title"
          className="text-5xl leading-[1.05] font-black tracking-tight sm:text-7xl lg:text-8xl"
        >
          <span {...attrs('heroTitle1')} className="block">
            {config.heroTitle1}
          </span>
          <span
            {...attrs('heroTitle2')}
            className="block bg-gradient-to-r from-primary to-secondary bg-clip-text pb-2 text-transparent"
          >
            {config.heroTitle2}
          </span>
        </h1>
        <p
          {...attrs('heroDescription')}
          className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground sm:text-xl"
        >
          {config.heroDescription}
        </p>
        <div className="mt-10 flex flex-wrap items-center justify-center gap-4">
          {showsWork && (
            <Button
              size="lg"
              className="rounded-full px-8 font-bold tracking-wide"
              onClick={() => scrollToSection('portfolio')}
            >
              {t('hero.viewWork')}
              <ArrowDownIcon aria-hidden="true" />
            </Button>
          )}
          {showsContact && (
            <Button
              asChild
              size="lg"
              variant="outline"
              className="rounded-full px-8 font-bold tracking-wide"
            >
              <a href="#contact">{t('hero.contactMe')}</a>
            </Button>
          )}
        </div>
      </div>
    </section>
  )
}
