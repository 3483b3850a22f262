// Arranging certifications on the shared test server (tests/support has no
// helper for them): direct calls as the admin.
import { inject } from 'vitest'
import type { Certification } from '@shared/types.ts'
import type { CertificationPayload } from '../api/create-certification'

async function asAdmin<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${inject('apiUrl')}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${inject('adminSession').token}`,
      'Content-Type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`)
  return (response.status === 204 ? undefined : await response.json()) as T
}

export const certificationsOnServer = {
  create: (input: Partial<CertificationPayload> & { name: string }) =>
    asAdmin<Certification>('POST', '/certifications', {
      icon: '☁️',
      obtainedDate: '2024-05-10',
      isActive: true,
      ...input,
    }),
  get: (id: number) => asAdmin<Certification>('GET', `/certifications/${id}`),
  list: () => asAdmin<Certification[]>('GET', '/certifications'),
  delete: (id: number) => asAdmin<void>('DELETE', `/certifications/${id}`),
}
