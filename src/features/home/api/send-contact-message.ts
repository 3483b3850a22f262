import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import type { contactSchema } from '@shared/schemas.ts'
import { api } from '@/lib/api-client'

export type ContactPayload = z.output<typeof contactSchema>

/** POST /contact → 201 { success: true }; 429 when too many messages. */
export const sendContactMessage = (payload: ContactPayload) =>
  api.post<{ success: boolean }>('/contact', payload, { token: null })

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage })
