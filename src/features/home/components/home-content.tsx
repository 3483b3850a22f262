// Everything below the navigation once the data is in. Part of the first chunk,
// so the render that has the data paints the hero without fetching more code
// (docs/decisions/018); what waits for a visitor's action stays lazy (the
// contact form, the mobile menu, the project page).
import { useDeferredValue } from 'react'
import type { Certification, Technology } from '@shared/types.ts'
import type { PublicProjects } from '../api/use-public-projects'
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

export default function HomeContent({
  data,
  projects,
}: {
  data: HomeData
  projects: PublicProjects
}) {
  const { config } = data
  // The hero is committed and painted alone first; the sections below it (out of
  // view on a phone) follow in the next render, so the largest paint does not
  // wait for them (docs/decisions/018).
  const below = useDeferredValue(true, false)
  return (
    <>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <HeroSection config={config} />
        {below && (
          <>
            <CertificationsSection
              title={config.certificationsTitle}
              certifications={data.certifications}
            />
            <SkillsSection title={config.skillsTitle} technologies={data.technologies} />
            <PortfolioSection
              title={config.portfolioTitle}
              technologies={data.technologies}
              projects={projects}
            />
            <ContactSection config={config} />
          </>
        )}
      </main>
      {below && <SiteFooter text={config.footerText} />}
      <PageMeta config={config} />
    </>
  )
}
