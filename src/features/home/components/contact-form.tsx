// The contact form (its own chunk, loaded after 100 ms; docs/PRODUCT.md §2). It
// really sends to POST /contact; the `website` field is a honeypot people
// never see, so a bot that fills it is ignored by the server.
//
// Unlike the admin forms it does not use react-hook-form + zod: those two add
// about 38 kB gzipped to the public route, whose budget is 130 kB in total. It
// checks with the same rules and words (checkContact in @shared/messages.ts, kept
// in agreement with contactSchema by a test); the server checks again with zod
// (docs/decisions/004-light-contact-form.md). Its own checks speak the page's
// language; a rule only the server has keeps the server's English words.
import { useState, type FormEvent } from 'react'
import {
  checkContact,
  messages as sharedMessages,
  type ContactFields,
} from '@shared/contract/messages.ts'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api-client'
import { useMessages, type Translate } from '@/lib/i18n/messages-context'
import type { MessageKey } from '@/lib/i18n/messages/en'
import { serverFieldErrors } from '@/lib/server-field-errors'
import { cn } from '@/lib/utils'
import { useSendContactMessage } from '../api/send-contact-message'

type Field = keyof ContactFields
type Errors = Partial<Record<Field, string>>
/** The fields a visitor sees, in their order on the form. */
const FIELDS = ['name', 'email', 'message'] as const satisfies readonly Field[]

/** A message of the shared rules (checkContact, the server's) in the page's language; any other as it is. */
function localized(message: string, t: Translate): string {
  const tooLong = /^Must be at most (\d+) characters$/.exec(message)
  if (tooLong) return t('contact.tooLong', { max: Number(tooLong[1]) })
  const key = {
    [sharedMessages.contactNameRequired]: 'contact.nameRequired',
    [sharedMessages.contactEmailInvalid]: 'contact.emailInvalid',
    [sharedMessages.contactMessageRequired]: 'contact.messageRequired',
  } as const satisfies Record<string, MessageKey>
  return message in key ? t(key[message as keyof typeof key]) : message
}

const localizedAll = (errors: Errors, t: Translate): Errors =>
  Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, localized(text, t)]))

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  )
}

function readForm(form: HTMLFormElement) {
  const data = new FormData(form)
  const text = (name: string) => String(data.get(name) ?? '')
  return {
    name: text('name'),
    email: text('email'),
    message: text('message'),
    website: text('website'),
  }
}

export default function ContactForm() {
  const { t } = useMessages()
  const [errors, setErrors] = useState<Errors>({})
  const send = useSendContactMessage()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const values = readForm(form)
    const found = localizedAll(checkContact(values), t)
    setErrors(found)
    const firstInvalid = FIELDS.find((field) => found[field])
    if (firstInvalid) {
      form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus()
      return
    }
    const payload = {
      ...values,
      name: values.name.trim(),
      email: values.email.trim(),
      message: values.message.trim(),
    }
    send.mutate(payload, {
      onSuccess: () => form.reset(),
      // The server's field messages (it checks again) land on the same fields, the first focused.
      onError: (error) => {
        const found = localizedAll(serverFieldErrors(error, FIELDS), t)
        setErrors(found)
        const first = FIELDS.find((field) => found[field])
        if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      },
    })
  }

  const failure =
    send.error instanceof ApiError && send.error.status === 429
      ? t('contact.tooMany')
      : t('contact.failed')
  const invalid = (field: Field) => ({
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `contact-${field}-error` : undefined,
  })

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={t('contact.formLabel')}
      className="flex flex-col gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor="contact-name">{t('contact.name')}</Label>
          <Input id="contact-name" autoComplete="name" defaultValue="" {...invalid('name')} />
          <FieldError id="contact-name-error" message={errors.name} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="contact-email">{t('contact.email')}</Label>
          <Input
            id="contact-email"
            type="email"
            autoComplete="email"
            defaultValue=""
            {...invalid('email')}
          />
          <FieldError id="contact-email-error" message={errors.email} />
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="contact-message">{t('contact.message')}</Label>
        <Textarea id="contact-message" rows={6} defaultValue="" {...invalid('message')} />
        <FieldError id="contact-message-error" message={errors.message} />
      </div>
      <div aria-hidden="true" className="absolute -start-[10000px] size-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <Button
          type="submit"
          size="lg"
          className="rounded-full px-8 font-bold"
          disabled={send.isPending}
        >
          {t(send.isPending ? 'contact.sending' : 'contact.send')}
        </Button>
        <p
          role="status"
          aria-live="polite"
          className={cn('text-sm font-medium', send.isError ? 'text-destructive' : 'text-success')}
        >
          {send.isSuccess && t('contact.sent')}
          {send.isError && failure}
        </p>
      </div>
    </form>
  )
}
