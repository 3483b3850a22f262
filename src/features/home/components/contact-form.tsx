// The contact form (its own chunk, loaded after 100 ms; docs/PRODUCT.md §2). It
// really sends to POST /contact; the `website` field is a honeypot people
// never see, so a bot that fills it is ignored by the server.
//
// Unlike the admin forms it does not use react-hook-form + zod: those two add
// about 38 kB gzipped to the public route, whose budget is 130 kB in total. It
// checks with the same rules and words (checkContact in @shared/messages.ts, kept
// in agreement with contactSchema by a test); the server checks again with zod
// (docs/decisions/004-light-contact-form.md).
import { useState, type FormEvent } from 'react'
import { checkContact, type ContactFields } from '@shared/contract/messages.ts'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api-client'
import { serverFieldErrors } from '@/lib/server-field-errors'
import { cn } from '@/lib/utils'
import { useSendContactMessage } from '../api/send-contact-message'

export const contactMessages = {
  sent: 'Thank you! Your message has been sent.',
  failed: 'Sorry, your message could not be sent. Please try again later.',
  tooMany: 'Too many messages. Please try again later.',
}

type Field = keyof ContactFields
type Errors = Partial<Record<Field, string>>
/** The fields a visitor sees, in their order on the form. */
const FIELDS = ['name', 'email', 'message'] as const satisfies readonly Field[]

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
  const [errors, setErrors] = useState<Errors>({})
  const send = useSendContactMessage()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const values = readForm(form)
    const found = checkContact(values)
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
        const found = serverFieldErrors(error, FIELDS)
        setErrors(found)
        const first = FIELDS.find((field) => found[field])
        if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      },
    })
  }

  const failure =
    send.error instanceof ApiError && send.error.status === 429
      ? contactMessages.tooMany
      : contactMessages.failed
  const invalid = (field: Field) => ({
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `contact-${field}-error` : undefined,
  })

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Contact form" className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor="contact-name">Name</Label>
          <Input id="contact-name" autoComplete="name" defaultValue="" {...invalid('name')} />
          <FieldError id="contact-name-error" message={errors.name} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="contact-email">E-mail</Label>
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
        <Label htmlFor="contact-message">Message</Label>
        <Textarea id="contact-message" rows={6} defaultValue="" {...invalid('message')} />
        <FieldError id="contact-message-error" message={errors.message} />
      </div>
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
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
          {send.isPending ? 'Sending...' : 'Send message'}
        </Button>
        <p
          role="status"
          aria-live="polite"
          className={cn('text-sm font-medium', send.isError ? 'text-destructive' : 'text-success')}
        >
          {send.isSuccess && contactMessages.sent}
          {send.isError && failure}
        </p>
      </div>
    </form>
  )
}
