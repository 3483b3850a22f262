// The public pages' interface texts in English: the spec's words, exactly
// (docs/PRODUCT.md §2, §8). English defines the keys; every other catalogue
// has the same keys and placeholders (catalogues.test.ts). `{name}` is filled
// in by `t`; a plural message has a form per Intl.PluralRules category.
import type { PluralMessage } from '../message-format'

export const en = {
  // Navigation and page chrome
  'nav.label': 'Main',
  'nav.mobileLabel': 'Mobile',
  'nav.experience': 'Experience',
  'nav.education': 'Education',
  'nav.certifications': 'Certifications',
  'nav.skills': 'Skills',
  'nav.portfolio': 'Portfolio',
  'nav.writing': 'Writing',
  'nav.contact': 'Contact',
  'nav.openMenu': 'Open menu',
  'nav.closeMenu': 'Close menu',
  'nav.menu': 'Menu',
  'nav.theme': 'Theme',
  'nav.skipToContent': 'Skip to content',
  'nav.brand': 'Portfolio',
  'theme.toDark': 'Switch to dark theme',
  'theme.toLight': 'Switch to light theme',
  'page.loading': 'Loading page',
  'load.failed': 'Failed to load data. Please try again later.',
  'load.retry': 'Try again',
  'date.present': 'Present',

  // The site's texts until the owner sets their own (configurations, §3)
  'site.heroTitle1': 'FULL STACK',
  'site.heroTitle2': 'DEVELOPER',
  'site.heroDescription':
    'I design and build fast, accessible web applications, from the database to the last pixel.',
  'site.footerText': 'All rights reserved.',
  'site.contactTitle': 'DO YOU HAVE A PROJECT TO DISCUSS?',
  'site.portfolioTitle': 'PORTFOLIO',
  'site.skillsTitle': 'SKILLS',
  'site.certificationsTitle': 'MY CERTIFICATIONS',

  // Home page sections
  'home.loading': 'Loading portfolio',
  'hero.viewWork': 'VIEW MY WORK',
  'hero.contactMe': 'CONTACT ME',
  'story.experienceTitle': 'EXPERIENCE',
  'story.educationTitle': 'EDUCATION',
  'certifications.empty': 'No certifications yet.',
  'skills.empty': 'No skills listed yet.',
  'skills.projects': { one: '{count} project', other: '{count} projects' },
  'skills.roles': { one: '{count} role', other: '{count} roles' },
  'skills.posts': { one: '{count} post', other: '{count} posts' },
  'skills.certified': 'certified',
  'portfolio.filterLabel': 'Filter by technology:',
  'portfolio.loading': 'Loading projects',
  'portfolio.empty': 'No projects found.',
  'portfolio.emptyFiltered': 'No projects found with the selected technology.',
  'portfolio.listLabel': 'Projects',
  'portfolio.showing': 'Showing {shown} of {total} projects',
  'portfolio.showMore': 'Show more projects',

  // Projects (cards and the project page)
  'project.featured': 'Featured',
  'featured.title': 'Featured projects',
  'project.technologies': 'Technologies',
  'project.screenshotOf': 'Screenshot of {name}',
  'project.screenshot': '{name} screenshot',
  'project.screenshotNumbered': '{name} screenshot {index}',
  'project.liveDemo': 'Live demo',
  'project.liveDemoOf': 'Live demo of {name}',
  'project.sourceOnGithub': 'Source code of {name} on GitHub',
  'project.sourceCode': 'Source code',
  'project.back': 'Back to portfolio',
  'project.loading': 'Loading project',
  'project.unpublished': "Not published: visitors can't see this page",
  'project.documentTitle': '{name} | Projects',
  'gallery.label': 'Project images',
  'gallery.roleDescription': 'carousel',
  'gallery.previous': 'Previous image',
  'gallery.next': 'Next image',
  'gallery.position': 'Image {index} of {count}',
  'gallery.all': 'All images',
  'gallery.show': 'Show image {index}: {alt}',

  // Writing: the posts' list and pages (§26)
  'writing.title': 'Writing',
  'writing.documentTitle': 'Writing | {name}',
  'writing.description': 'Posts by {name}.',
  'writing.empty': 'No posts yet.',
  'writing.about': 'Posts about {name}',
  'writing.all': 'All posts',
  'writing.showMore': 'Show more posts',
  'writing.loading': 'Loading posts',
  'writing.readingTime': '{count} min read',
  'writing.published': 'Published',
  'post.loading': 'Loading post',
  'post.draft': 'Draft: only you can see this',
  'post.preview': 'Preview: this post is not published yet',
  'post.previous': 'Previous post',
  'post.next': 'Next post',
  'post.projects': 'Projects',
  'post.technologies': 'Technologies',
  'post.documentTitle': '{title} | Writing',

  // Contact
  'contact.intro':
    'Tell me about your idea, your team or your deadline. I usually answer within two working days.',
  'contact.viewCv': 'View CV',
  'contact.downloadCv': 'Download CV',
  'contact.loadingForm': 'Loading contact form',
  'contact.needsScript':
    'Sending a message here needs JavaScript. You can write by e-mail instead.',
  'contact.formLabel': 'Contact form',
  'contact.name': 'Name',
  'contact.email': 'E-mail',
  'contact.message': 'Message',
  'contact.send': 'Send message',
  'contact.sending': 'Sending...',
  'contact.sent': 'Thank you! Your message has been sent.',
  'contact.failed': 'Sorry, your message could not be sent. Please try again later.',
  'contact.tooMany': 'Too many messages. Please try again later.',
  'contact.nameRequired': 'Name is required',
  'contact.emailInvalid': 'Please enter a valid e-mail address',
  'contact.messageRequired': 'Message is required',
  'contact.tooLong': 'Must be at most {max} characters',

  // The CV page
  'cv.back': 'Back to the portfolio',
  'cv.print': 'Print',
  'cv.downloadPdf': 'Download PDF',
  'cv.loading': 'Loading CV',
  'cv.failed': 'The CV could not be loaded. Please try again later.',
  'cv.documentTitle': '{name} – CV',
  'cv.description': 'The curriculum vitae of {name}: experience, education, skills and projects.',
  'cv.untitled': 'Curriculum vitae',
  'cv.experience': 'Experience',
  'cv.education': 'Education',
  'cv.projects': 'Projects',
  'cv.skills': 'Skills',
  'cv.certifications': 'Certifications',

  // The not-found page (§2.2)
  'notFound.title': 'Page Not Found',
  'notFound.text': "The page you are looking for doesn't exist or has been moved.",
  'notFound.back': 'Back to Home',
} satisfies Record<string, string | PluralMessage>

export type MessageKey = keyof typeof en

/** A catalogue: every English key, a plural where English has one. */
export type Catalogue = {
  readonly [K in MessageKey]: (typeof en)[K] extends string ? string : PluralMessage
}
