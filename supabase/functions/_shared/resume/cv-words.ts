// The CV's own words in its language (docs/PRODUCT.md §21): section titles,
// the end of an ongoing entry, the line for projects left out, and months
// through Intl. English is as it always was ('Mar 2021 – Present'); a
// language without words here is written with the English ones.

export interface CvWords {
  experience: string
  education: string
  projects: string
  skills: string
  certifications: string
  /** The end of an ongoing job or study. */
  present: string
  /** The end of an ongoing project. */
  now: string
  /** Between a role and its organization. */
  comma: string
  more: (count: string, one: boolean) => string
  /** "Mar 2021" from (2021, 3). */
  month: (year: number, month: number) => string
  /** "2021", in the language's digits. */
  year: (year: number) => string
}

const ENGLISH_MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')

const english: CvWords = {
  experience: 'Experience',
  education: 'Education',
  projects: 'Projects',
  skills: 'Skills',
  certifications: 'Certifications',
  present: 'Present',
  now: 'now',
  comma: ', ',
  more: (n, one) => `And ${n} more ${one ? 'project' : 'projects'} in the portfolio.`,
  month: (year, month) => `${ENGLISH_MONTHS[month - 1]} ${year}`,
  year: String,
}

/** Months as the language writes them short, with its digits ("mars 2021", "مارس ٢٠٢١"). */
const intlMonth = (lang: string) => {
  const format = new Intl.DateTimeFormat(lang, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
  return (year: number, month: number) => format.format(Date.UTC(year, month - 1, 1))
}

const WORDS: Record<string, Omit<CvWords, 'month' | 'year'>> = {
  fr: {
    experience: 'Expérience',
    education: 'Formation',
    projects: 'Projets',
    skills: 'Compétences',
    certifications: 'Certifications',
    present: 'aujourd’hui',
    now: 'en cours',
    comma: ', ',
    more: (n, one) => `Et ${n} ${one ? 'autre projet' : 'autres projets'} dans le portfolio.`,
  },
  de: {
    experience: 'Berufserfahrung',
    education: 'Ausbildung',
    projects: 'Projekte',
    skills: 'Kenntnisse',
    certifications: 'Zertifizierungen',
    present: 'heute',
    now: 'laufend',
    comma: ', ',
    more: (n, one) => `Und ${n} ${one ? 'weiteres Projekt' : 'weitere Projekte'} im Portfolio.`,
  },
  es: {
    experience: 'Experiencia',
    education: 'Formación',
    projects: 'Proyectos',
    skills: 'Habilidades',
    certifications: 'Certificaciones',
    present: 'actualidad',
    now: 'en curso',
    comma: ', ',
    more: (n, one) => `Y ${n} ${one ? 'proyecto más' : 'proyectos más'} en el portafolio.`,
  },
  pt: {
    experience: 'Experiência',
    education: 'Formação',
    projects: 'Projetos',
    skills: 'Competências',
    certifications: 'Certificações',
    present: 'atual',
    now: 'em curso',
    comma: ', ',
    more: (n, one) => `E mais ${n} ${one ? 'projeto' : 'projetos'} no portfólio.`,
  },
  ar: {
    experience: 'الخبرة',
    education: 'التعليم',
    projects: 'المشاريع',
    skills: 'المهارات',
    certifications: 'الشهادات',
    present: 'حتى الآن',
    now: 'مستمر',
    comma: '، ',
    more: (n, one) => (one ? 'ومشروع آخر في ملف الأعمال.' : `و${n} مشاريع أخرى في ملف الأعمال.`),
  },
}

/** The words of the CV in `lang` (by its language subtag: pt-BR as pt), else English's. */
export function cvWords(lang = 'en'): CvWords {
  const words = WORDS[lang.split('-')[0]!.toLowerCase()]
  if (!words) return english
  const digits = new Intl.NumberFormat(lang, { useGrouping: false })
  return { ...words, month: intlMonth(lang), year: (year) => digits.format(year) }
}
