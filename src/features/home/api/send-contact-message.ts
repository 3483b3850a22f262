import { useMutation } from '@tanstack/react-query'
import type { ContactFields } from '@shared/contract/messages.ts'
import { api } from '@/lib/api-client'

/** What the form sends: the three fields and the honeypot, which people leave empty. */
export type ContactPayload = ContactFields & { website: string }

/** POST /contact → 201 { success: true }; 429 when too many messages. */
export const sendContactMessage = (payload: ContactPayload) =>
  api.post('/contact', payload, { token: null })

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage })
