// Everything below the navigation once the data is in. A separate chunk that
// the route starts fetching together with the API calls, so the first chunk
// stays small (docs/decisions/003 and the bundle budget in the report).
import type { Certification, Technology } from '@shared/types.ts'
import type { SiteConfig } from '../lib/site-config'
import { CertificationsSection } from './certifications-section'
import { ContactSection } from './contact-section'
import { HeroSection } from './hero-section'
import { PageMeta } from './page-meta'
import { PortfolioSection } from './portfolio-section'
import { SiteFooter } from './site-footer'
import { SkillsSection } from './skills-section'

/** The page's data; the projects come page by page from the portfolio section's own query. */
export interface HomeData {
  technologies: Technology[]
  certifications: Certification[]
  config: SiteConfig
}

export default function HomeContent({ data }: { data: HomeData }) {
  const { config } = data
  return (
    <>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <HeroSection config={config} />
        <CertificationsSection
          title={config.certificationsTitle}
          certifications={data.certifications}
        />
        <SkillsSection title={config.skillsTitle} technologies={data.technologies} />
        <PortfolioSection title={config.portfolioTitle} technologies={data.technologies} />
        <ContactSection config={config} />
      </main>
      <SiteFooter text={config.footerText} />
      <PageMeta config={config} />
    </>
  )
}
