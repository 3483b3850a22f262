import type { Certification, Project, Technology } from '@shared/types.ts'
import type { SiteConfig } from '../lib/site-config'
import { CertificationsSection } from './certifications-section'
import { ContactSection } from './contact-section'
import { HeroSection } from './hero-section'
import { PortfolioSection } from './portfolio-section'
import { SkillsSection } from './skills-section'

export interface HomeData {
  projects: Project[]
  technologies: Technology[]
  certifications: Certification[]
  config: SiteConfig
}

export function HomeContent({ data }: { data: HomeData }) {
  const { config } = data
  return (
    <>
      <HeroSection config={config} />
      <CertificationsSection title={config.certificationsTitle} certifications={data.certifications} />
      <SkillsSection title={config.skillsTitle} technologies={data.technologies} />
      <PortfolioSection title={config.portfolioTitle} projects={data.projects} />
      <ContactSection config={config} />
    </>
  )
}
