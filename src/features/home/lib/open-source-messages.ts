// The Open source section's words (docs/github.md), in the languages of the
// message catalogues. Kept beside the section, not in the catalogues, as the
// profile's are (profile-messages.ts): only the server draws it
// (components/server-part.tsx), and the English catalogue ships with every
// public page (its JavaScript budget, 130 kB). Pull requests' titles stay as
// written on GitHub.
import { catalogueLanguageOf, type CatalogueLanguage } from '@/lib/i18n/catalogues'

const en = {
  title: 'Open source',
  intro: 'Pull requests merged into projects by others.',
  merged: 'Merged {date}',
  pullRequest: 'Pull request #{number} to {repository}',
}

export type OpenSourceKey = keyof typeof en

const texts: Record<CatalogueLanguage, Record<OpenSourceKey, string>> = {
  en,
  fr: {
    title: 'Open source',
    intro: 'Pull requests fusionnées dans les projets d’autres personnes.',
    merged: 'Fusionnée le {date}',
    pullRequest: 'Pull request n° {number} vers {repository}',
  },
  de: {
    title: 'Open Source',
    intro: 'Pull Requests, die in Projekte anderer übernommen wurden.',
    merged: 'Übernommen am {date}',
    pullRequest: 'Pull Request #{number} an {repository}',
  },
  es: {
    title: 'Código abierto',
    intro: 'Pull requests fusionadas en proyectos de otras personas.',
    merged: 'Fusionada el {date}',
    pullRequest: 'Pull request n.º {number} a {repository}',
  },
  pt: {
    title: 'Código aberto',
    intro: 'Pull requests integradas em projetos de outras pessoas.',
    merged: 'Integrada em {date}',
    pullRequest: 'Pull request n.º {number} para {repository}',
  },
  ar: {
    title: 'المصادر المفتوحة',
    intro: 'طلبات سحب دُمجت في مشاريع الآخرين.',
    merged: 'دُمج في {date}',
    pullRequest: 'طلب السحب رقم {number} إلى {repository}',
  },
}

/** A text of the section in language `lang` (its catalogue's, else English), with its values filled in. */
export const openSourceText = (
  lang: string,
  key: OpenSourceKey,
  values: Record<string, string | number> = {},
): string =>
  Object.entries(values).reduce(
    (text, [name, value]) => text.replace(`{${name}}`, String(value)),
    texts[catalogueLanguageOf(lang)][key] ?? en[key],
  )

export const openSourceLanguages = Object.keys(texts)
