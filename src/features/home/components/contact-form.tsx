// The contact form (its own chunk, loaded after 100 ms; spec section 2). It
// really sends to POST /contact; the `website` field is a honeypot people
// never see, so a bot that fills it is ignored by the server.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { contactSchema, type ContactInput } from '@shared/schemas.ts'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api-client'
import { cn } from '@/lib/utils'
import { useSendContactMessage, type ContactPayload } from '../api/send-contact-message'

export const contactMessages = {
  sent: 'Thank you! Your message has been sent.',
  failed: 'Sorry, your message could not be sent. Please try again later.',
  tooMany: 'Too many messages. Please try again later.',
}

const defaultValues: ContactInput = { name: '', email: '', message: '', website: '' }

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  )
}

export default function ContactForm() {
  const form = useForm<ContactInput, unknown, ContactPayload>({
    resolver: zodResolver(contactSchema),
    defaultValues,
  })
  const { errors } = form.formState
  const send = useSendContactMessage()

  const onSubmit = form.handleSubmit((values) =>
    send.mutate(values, { onSuccess: () => form.reset(defaultValues) }),
  )

  const failure =
    send.error instanceof ApiError && send.error.status === 429
      ? contactMessages.tooMany
      : contactMessages.failed
  const invalid = (field: 'name' | 'email' | 'message') => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `contact-${field}-error` : undefined,
  })

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Contact form" className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor="contact-name">Name</Label>
          <Input
            id="contact-name"
            autoComplete="name"
            {...invalid('name')}
            {...form.register('name')}
          />
          <FieldError id="contact-name-error" message={errors.name?.message} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="contact-email">E-mail</Label>
          <Input
            id="contact-email"
            type="email"
            autoComplete="email"
            {...invalid('email')}
            {...form.register('email')}
          />
          <FieldError id="contact-email-error" message={errors.email?.message} />
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="contact-message">Message</Label>
        <Textarea
          id="contact-message"
          rows={6}
          {...invalid('message')}
          {...form.register('message')}
        />
        <FieldError id="contact-message-error" message={errors.message?.message} />
      </div>
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input
          id="contact-website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...form.register('website')}
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
