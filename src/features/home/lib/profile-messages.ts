// The profile's words on the public page (docs/PRODUCT.md §3, "Profile"), in
// the languages of the message catalogues. Kept beside the parts that use
// them, not in the catalogues: only the server draws those parts
// (components/server-part.tsx), and the English catalogue ships with every
// public page (its JavaScript budget, 130 kB).
import { catalogueLanguageOf, type CatalogueLanguage } from '@/lib/i18n/catalogues'

const en = {
  open: 'Open to work',
  selective: 'Open to the right role',
  book: 'Book a call',
  links: 'Links',
  photo: 'Photo of {name}',
  website: 'Website',
  email: 'E-mail',
}

export type ProfileKey = keyof typeof en

const texts: Record<CatalogueLanguage, Record<ProfileKey, string>> = {
  en,
  fr: {
    open: 'Disponible',
    selective: 'Ouvert au bon poste',
    book: 'Prendre rendez-vous',
    links: 'Liens',
    photo: 'Photo de {name}',
    website: 'Site web',
    email: 'E-mail',
  },
  de: {
    open: 'Offen für neue Aufgaben',
    selective: 'Offen für die passende Rolle',
    book: 'Termin buchen',
    links: 'Links',
    photo: 'Foto von {name}',
    website: 'Website',
    email: 'E-Mail',
  },
  es: {
    open: 'Disponible para trabajar',
    selective: 'Abierto al puesto adecuado',
    book: 'Reservar una llamada',
    links: 'Enlaces',
    photo: 'Foto de {name}',
    website: 'Sitio web',
    email: 'Correo electrónico',
  },
  pt: {
    open: 'Disponível para trabalhar',
    selective: 'Aberto à função certa',
    book: 'Marcar uma conversa',
    links: 'Links',
    photo: 'Foto de {name}',
    website: 'Site',
    email: 'E-mail',
  },
  ar: {
    open: 'متاح للعمل',
    selective: 'منفتح على الدور المناسب',
    book: 'احجز مكالمة',
    links: 'روابط',
    photo: 'صورة {name}',
    website: 'الموقع الإلكتروني',
    email: 'البريد الإلكتروني',
  },
}

/** A profile text in language `lang` (its catalogue's, else English), `{name}` filled in. */
export const profileText = (lang: string, key: ProfileKey, name = ''): string =>
  (texts[catalogueLanguageOf(lang)][key] ?? en[key]).replace('{name}', name)

export const profileLanguages = Object.keys(texts)
