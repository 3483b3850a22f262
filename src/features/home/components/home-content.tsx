// Everything below the navigation once the data is in. Part of the first chunk,
// so the render that has the data paints the page without fetching more code
// (docs/decisions/018); what waits for a visitor's action stays lazy (the
// contact form, the mobile menu, the project page). The server renders all of
// it (docs/decisions/023), so the whole page is in the HTML, and the browser
// takes it over in one hydration.
import type {
  Certification,
  Education,
  Experience,
  PostCard,
  Project,
  TechnologySummary,
} from '@shared/contract/types.ts'
import { Fragment, type ReactNode } from 'react'
import { usePageLanguage } from '@/lib/i18n/page-language'
import type { PublicProjects } from '../api/use-public-projects'
import { siteTextAttributes, type LocalSiteConfig, type SiteText } from '../lib/local-site-config'
import { CertificationsSection } from './certifications-section'
import { ContactSection } from './contact-section'
import { FeaturedSection } from './featured-section'
import { HeroSection } from './hero-section'
import { showsPortfolio } from './nav-links'
import { PageMeta } from './page-meta'
import { PortfolioSection } from './portfolio-section'
import { ServerPart } from './server-part'
import { SiteFooter } from './site-footer'
import { SkillsSection } from './skills-section'
import { StorySections } from './story-sections'
import { WritingSection } from './writing-section'

/** The page's data; the projects come page by page from the portfolio section's own query. */
export interface HomeData {
  technologies: TechnologySummary[]
  certifications: Certification[]
  config: LocalSiteConfig
  experiences: Experience[]
  education: Education[]
  /** The Featured row, in the owner's order (docs/PRODUCT.md §15). */
  featured: Project[]
}

export default function HomeContent({
  data,
  projects,
  posts = [],
  sections,
}: {
  data: HomeData
  projects: PublicProjects
  /** The latest public posts (docs/PRODUCT.md §26): the Writing section, when there are some. */
  posts?: PostCard[]
  /** The sections to show, in order (GET /appearance); all, in the default order, without it. */
  sections?: readonly string[]
}) {
  const { config } = data
  const page = usePageLanguage()
  const attrs = (name: SiteText) => siteTextAttributes(config, name, page)
  // A section with nothing in it is left out, with its link (nav-links.ts);
  // the others each once, in the owner's order, hidden ones left out (docs/PRODUCT.md §27).
  const portfolio = showsPortfolio(projects)
  const shows = (id: string) => !sections || sections.includes(id)
  const parts: Record<string, ReactNode> = {
    featured: <FeaturedSection projects={data.featured} />,
    experience: <StorySections experiences={data.experiences} education={[]} />,
    education: <StorySections experiences={[]} education={data.education} />,
    certifications: data.certifications.length > 0 && (
      <CertificationsSection
        title={config.certificationsTitle}
        titleAttrs={attrs('certificationsTitle')}
        certifications={data.certifications}
      />
    ),
    skills: data.technologies.length > 0 && (
      <SkillsSection
        title={config.skillsTitle}
        titleAttrs={attrs('skillsTitle')}
        technologies={data.technologies}
        onShowProjects={shows('portfolio') ? projects.select : undefined}
      />
    ),
    portfolio: portfolio && (
      <PortfolioSection
        title={config.portfolioTitle}
        titleAttrs={attrs('portfolioTitle')}
        technologies={data.technologies}
        projects={projects}
      />
    ),
    writing: <WritingSection posts={posts} />,
    // Drawn by the server alone (open-source-section.tsx): empty while nothing is chosen.
    opensource: <ServerPart name="open-source" config={config} />,
    contact: <ContactSection config={config} />,
  }
  return (
    <>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <HeroSection
          config={config}
          showsWork={portfolio && shows('portfolio')}
          showsContact={shows('contact')}
        />
        {(sections ?? Object.keys(parts)).map((id) => (
          <Fragment key={id}>{parts[id]}</Fragment>
        ))}
      </main>
      <SiteFooter text={config.footerText} textAttrs={attrs('footerText')} />
      <PageMeta config={config} />
    </>
  )
}
