import { lazy, Suspense, useEffect, useState } from 'react'
import { Spinner } from '@/components/ui/spinner'
import { useMessages } from '@/lib/i18n/messages-context'

/** Contact form lazy delay (docs/PRODUCT.md §9). */
export const CONTACT_FORM_DELAY_MS = 100

const ContactForm = lazy(() => import('./contact-form'))

/** Loads the contact form's chunk 100 ms after the page, off the critical path. */
export function LazyContactForm() {
  const { t } = useMessages()
  const [ready, setReady] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), CONTACT_FORM_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])
  const fallback = (
    <>
      {/* Without JavaScript (the server-rendered page, docs/decisions/023; index.html marks <html> with 'js' when scripts run): no endless spinner, but a word on what to do. */}
      <Spinner
        label={t('contact.loadingForm')}
        className="min-h-80 py-0 [html:not(.js)_&]:hidden"
      />
      <p className="text-muted-foreground [html.js_&]:hidden">{t('contact.needsScript')}</p>
    </>
  )
  if (!ready) return fallback
  return (
    <Suspense fallback={fallback}>
      <ContactForm />
    </Suspense>
  )
}
