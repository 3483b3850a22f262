// The share link page's own texts (docs/PRODUCT.md §24), in the languages of
// the message catalogues (src/lib/i18n/messages/). Kept beside the page, not in
// the catalogues: only a share link's page reads them, and the English
// catalogue ships with every public page (its JavaScript budget, 130 kB).
import { catalogueLanguageOf, type CatalogueLanguage } from '@/lib/i18n/catalogues'
import { useMessages } from '@/lib/i18n/messages-context'

const en = {
  noteTitle: 'A note for you',
  projectsTitle: 'Projects chosen for you',
  cvTitle: 'CV',
  back: 'Back to the chosen projects',
  privateTitle: 'This page is private',
  passphraseText: 'Enter the passphrase you were given to see it.',
  passphrase: 'Passphrase',
  open: 'Open',
  opening: 'Opening...',
  passphraseRequired: 'Enter the passphrase',
  wrongPassphrase: 'Wrong passphrase',
  tooMany: 'Too many wrong passphrases. Please try again later.',
  expired: 'This link has expired',
  revoked: 'This link was revoked',
  goneText: 'Ask the person who sent it for a new one, or see the public portfolio.',
  toPortfolio: 'See the portfolio',
  failed: 'This page could not be loaded. Please try again later.',
}

export type SharedKey = keyof typeof en

const texts: Record<CatalogueLanguage, Record<SharedKey, string>> = {
  en,
  fr: {
    noteTitle: 'Un mot pour vous',
    projectsTitle: 'Projets choisis pour vous',
    cvTitle: 'CV',
    back: 'Retour aux projets choisis',
    privateTitle: 'Cette page est privée',
    passphraseText: 'Saisissez la phrase secrète que l’on vous a donnée pour la voir.',
    passphrase: 'Phrase secrète',
    open: 'Ouvrir',
    opening: 'Ouverture...',
    passphraseRequired: 'Saisissez la phrase secrète',
    wrongPassphrase: 'Phrase secrète incorrecte',
    tooMany: 'Trop de phrases secrètes incorrectes. Veuillez réessayer plus tard.',
    expired: 'Ce lien a expiré',
    revoked: 'Ce lien a été révoqué',
    goneText:
      'Demandez-en un nouveau à la personne qui vous l’a envoyé, ou consultez le portfolio public.',
    toPortfolio: 'Voir le portfolio',
    failed: 'Cette page n’a pas pu être chargée. Veuillez réessayer plus tard.',
  },
  de: {
    noteTitle: 'Eine Nachricht für Sie',
    projectsTitle: 'Für Sie ausgewählte Projekte',
    cvTitle: 'Lebenslauf',
    back: 'Zurück zu den ausgewählten Projekten',
    privateTitle: 'Diese Seite ist privat',
    passphraseText: 'Geben Sie die Passphrase ein, die Sie erhalten haben, um sie zu sehen.',
    passphrase: 'Passphrase',
    open: 'Öffnen',
    opening: 'Wird geöffnet...',
    passphraseRequired: 'Geben Sie die Passphrase ein',
    wrongPassphrase: 'Falsche Passphrase',
    tooMany: 'Zu viele falsche Passphrasen. Bitte versuchen Sie es später erneut.',
    expired: 'Dieser Link ist abgelaufen',
    revoked: 'Dieser Link wurde widerrufen',
    goneText:
      'Bitten Sie die Person, die ihn gesendet hat, um einen neuen, oder sehen Sie sich das öffentliche Portfolio an.',
    toPortfolio: 'Zum Portfolio',
    failed: 'Diese Seite konnte nicht geladen werden. Bitte versuchen Sie es später erneut.',
  },
  es: {
    noteTitle: 'Una nota para usted',
    projectsTitle: 'Proyectos elegidos para usted',
    cvTitle: 'CV',
    back: 'Volver a los proyectos elegidos',
    privateTitle: 'Esta página es privada',
    passphraseText: 'Introduzca la frase de acceso que le dieron para verla.',
    passphrase: 'Frase de acceso',
    open: 'Abrir',
    opening: 'Abriendo...',
    passphraseRequired: 'Introduzca la frase de acceso',
    wrongPassphrase: 'Frase de acceso incorrecta',
    tooMany: 'Demasiadas frases de acceso incorrectas. Inténtelo de nuevo más tarde.',
    expired: 'Este enlace ha caducado',
    revoked: 'Este enlace fue revocado',
    goneText: 'Pida uno nuevo a quien se lo envió, o vea el portfolio público.',
    toPortfolio: 'Ver el portfolio',
    failed: 'No se pudo cargar esta página. Inténtelo de nuevo más tarde.',
  },
  pt: {
    noteTitle: 'Uma nota para você',
    projectsTitle: 'Projetos escolhidos para você',
    cvTitle: 'CV',
    back: 'Voltar aos projetos escolhidos',
    privateTitle: 'Esta página é privada',
    passphraseText: 'Digite a frase-senha que você recebeu para vê-la.',
    passphrase: 'Frase-senha',
    open: 'Abrir',
    opening: 'Abrindo...',
    passphraseRequired: 'Digite a frase-senha',
    wrongPassphrase: 'Frase-senha incorreta',
    tooMany: 'Muitas frases-senha incorretas. Tente novamente mais tarde.',
    expired: 'Este link expirou',
    revoked: 'Este link foi revogado',
    goneText: 'Peça um novo a quem o enviou, ou veja o portfólio público.',
    toPortfolio: 'Ver o portfólio',
    failed: 'Não foi possível carregar esta página. Tente novamente mais tarde.',
  },
  ar: {
    noteTitle: 'ملاحظة لك',
    projectsTitle: 'مشاريع اختيرت لك',
    cvTitle: 'السيرة الذاتية',
    back: 'العودة إلى المشاريع المختارة',
    privateTitle: 'هذه الصفحة خاصة',
    passphraseText: 'أدخل عبارة المرور التي أُعطيت لك لرؤيتها.',
    passphrase: 'عبارة المرور',
    open: 'فتح',
    opening: 'جارٍ الفتح...',
    passphraseRequired: 'أدخل عبارة المرور',
    wrongPassphrase: 'عبارة مرور خاطئة',
    tooMany: 'محاولات خاطئة كثيرة. يرجى المحاولة لاحقًا.',
    expired: 'انتهت صلاحية هذا الرابط',
    revoked: 'أُلغي هذا الرابط',
    goneText: 'اطلب رابطًا جديدًا ممن أرسله إليك، أو اطّلع على ملف الأعمال العام.',
    toPortfolio: 'عرض ملف الأعمال',
    failed: 'تعذّر تحميل هذه الصفحة. يرجى المحاولة لاحقًا.',
  },
}

/** A text of the share link's page in language `lang` (its catalogue's, else English). */
export const sharedText = (lang: string, key: SharedKey): string =>
  texts[catalogueLanguageOf(lang)][key] ?? en[key]

/** The page's texts in the page's language, as useMessages gives the catalogue's. */
export function useSharedText() {
  const { lang } = useMessages()
  return (key: SharedKey) => sharedText(lang, key)
}
