// The CV page's head (docs/PRODUCT.md §21): the owner's name in the title and
// the link preview, the page's canonical address in its language, and the
// person it is about as JSON-LD (a ProfilePage whose mainEntity is the
// Person the home page describes, with what the CV says of them).
import { publicPages } from '@shared/contract/public-routes.ts'
import type { TextPage } from '@/lib/i18n/localize'
import { formatMessage } from '@/lib/i18n/message-format'
import type { Catalogue } from '@/lib/i18n/messages/en'
import type { SiteConfig } from '@/features/home/lib/site-config'
import type { CvResume } from '@/features/cv/components/cv-document'
import { canonicalOf, homeImage, person, siteNameOf, tags } from './head'

export function cvHead(
  resume: CvResume | null,
  config: SiteConfig,
  siteUrl: string,
  page: TextPage,
  catalogue: Catalogue,
): string {
  const languages = { page, path: publicPages.cv.pattern }
  const canonical = canonicalOf(siteUrl, languages)
  const name = resume?.basics.name || config.ownerName
  const title = name
    ? formatMessage(page.lang, catalogue['cv.documentTitle'], { name })
    : catalogue['cv.untitled']
  const description = formatMessage(page.lang, catalogue['cv.description'], {
    name: name || siteNameOf(config),
  })
  const skills = resume?.skills.map((skill) => skill.name).filter(Boolean) ?? []
  return tags(
    {
      title,
      description,
      canonical,
      siteName: siteNameOf(config),
      type: 'profile',
      image: homeImage(config, siteUrl, page),
      languages,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'ProfilePage',
        name: title,
        url: canonical,
        inLanguage: page.lang,
        mainEntity: {
          ...person(config, siteUrl, page),
          ...(resume?.basics.label ? { jobTitle: resume.basics.label } : {}),
          ...(skills.length ? { knowsAbout: skills } : {}),
        },
      },
    },
    siteUrl,
  )
}
