// Written by scripts/api-calls.ts from the API's declarations: do not edit.
// `npm run api-calls` writes it again; scripts/api-calls.test.ts fails when it is stale.
import type { z } from 'zod'
import type * as responses from '@shared/contract/responses.ts'
import type * as schemas from '@shared/contract/schemas.ts'

/** Every call of the REST contract that answers JSON: path parameters, query, body, answer. */
export interface ApiCalls {
  'GET /health': { answer: { status: 'ok' } }
  'GET /openapi.json': { answer: { [key: string]: unknown } }
  'POST /auth/register': {
    body: z.input<typeof schemas.registerSchema>
    answer: z.output<typeof responses.authResponse>
  }
  'GET /auth/register': { answer: { open: boolean } }
  'POST /auth/login': {
    body: z.input<typeof schemas.loginSchema>
    answer:
      | { accessToken: string; user: { id: number; username: string; role: 'admin' | 'user' } }
      | { twoStep: true; challenge: string }
  }
  'POST /auth/logout': { answer: undefined }
  'GET /auth/sessions': { answer: z.output<typeof responses.sessionList> }
  'POST /auth/sessions/end-others': { answer: { ended: number } }
  'DELETE /auth/sessions/{sessionId}': { params: { sessionId: string }; answer: undefined }
  'GET /auth/me': { answer: z.output<typeof responses.user> }
  'POST /auth/login/verify': {
    body: z.input<typeof schemas.loginVerifySchema>
    answer: z.output<typeof responses.authResponse>
  }
  'GET /auth/two-step': { answer: z.output<typeof responses.twoStepStatus> }
  'POST /auth/two-step/setup': {
    body: z.input<typeof schemas.passwordConfirmationSchema>
    answer: z.output<typeof responses.twoStepSetup>
  }
  'POST /auth/two-step/enable': {
    body: z.input<typeof schemas.twoStepEnableSchema>
    answer: z.output<typeof responses.recoveryCodes>
  }
  'POST /auth/two-step/disable': {
    body: z.input<typeof schemas.twoStepDisableSchema>
    answer: undefined
  }
  'GET /auth/passkeys': { answer: z.output<typeof responses.passkey>[] }
  'POST /auth/passkeys/register/options': {
    body: z.input<typeof schemas.passwordConfirmationSchema>
    answer: z.output<typeof responses.passkeyRegistrationOptions>
  }
  'POST /auth/passkeys/register/verify': {
    body: z.input<typeof schemas.passkeyRegisterSchema>
    answer: z.output<typeof responses.passkey>
  }
  'PATCH /auth/passkeys/{passkeyId}': {
    params: { passkeyId: string }
    body: z.input<typeof schemas.passkeyRenameSchema>
    answer: z.output<typeof responses.passkey>
  }
  'DELETE /auth/passkeys/{passkeyId}': {
    params: { passkeyId: string }
    body?: z.input<typeof schemas.passwordConfirmationSchema>
    answer: undefined
  }
  'POST /auth/passkeys/login/options': {
    body: Record<string, never>
    answer: z.output<typeof responses.passkeySignInOptions>
  }
  'POST /auth/passkeys/login/verify': {
    body: z.input<typeof schemas.passkeySignInSchema>
    answer: z.output<typeof responses.authResponse>
  }
  'GET /projects': {
    query: {
      limit?: number
      cursor?: string
      technologyId?: number
      featured?: 'true'
      lang?: string
    }
    answer: z.output<typeof responses.project>[]
  }
  'GET /projects/{id}': {
    params: { id: number }
    query: { lang?: string }
    answer: z.output<typeof responses.project>
  }
  'POST /projects': {
    body: z.input<typeof schemas.projectSchema>
    answer: z.output<typeof responses.project>
  }
  'PATCH /projects/{id}': {
    params: { id: number }
    body: z.input<typeof schemas.projectUpdateSchema>
    answer: z.output<typeof responses.project>
  }
  'DELETE /projects/{id}': { params: { id: number }; answer: undefined }
  'PUT /projects/featured-order': { body: { projectIds: number[] }; answer: undefined }
  'GET /posts': {
    query: { limit?: number; cursor?: string; technology?: number; lang?: string }
    answer: z.output<typeof responses.postCard>[]
  }
  'GET /posts/{id}': {
    params: { id: number }
    query: { lang?: string }
    answer: z.output<typeof responses.post>
  }
  'POST /posts': {
    body: z.input<typeof schemas.postSchema>
    answer: z.output<typeof responses.post>
  }
  'PATCH /posts/{id}': {
    params: { id: number }
    body: z.input<typeof schemas.postUpdateSchema>
    answer: z.output<typeof responses.post>
  }
  'DELETE /posts/{id}': { params: { id: number }; answer: undefined }
  'GET /posts/slug/{slug}': {
    params: { slug: string }
    query: { lang?: string; preview?: string }
    answer: z.output<typeof responses.postPage>
  }
  'POST /posts/{id}/preview-links': {
    params: { id: number }
    body?: Record<string, never>
    answer: z.output<typeof responses.previewLink>
  }
  'DELETE /posts/{id}/preview-links': { params: { id: number }; answer: undefined }
  'GET /technologies': {
    query: { projects?: boolean; lang?: string }
    answer: z.output<typeof responses.technologyInList>[]
  }
  'GET /technologies/{id}': {
    params: { id: number }
    answer: z.output<typeof responses.technology>
  }
  'POST /technologies': {
    body: z.input<typeof schemas.technologySchema>
    answer: z.output<typeof responses.technology>
  }
  'PATCH /technologies/{id}': {
    params: { id: number }
    body: z.input<typeof schemas.technologyUpdateSchema>
    answer: z.output<typeof responses.technology>
  }
  'DELETE /technologies/{id}': { params: { id: number }; answer: undefined }
  'GET /certifications': {
    query: { lang?: string }
    answer: z.output<typeof responses.certification>[]
  }
  'GET /certifications/{id}': {
    params: { id: number }
    query: { lang?: string }
    answer: z.output<typeof responses.certification>
  }
  'POST /certifications': {
    body: z.input<typeof schemas.certificationSchema>
    answer: z.output<typeof responses.certification>
  }
  'PATCH /certifications/{id}': {
    params: { id: number }
    body: z.input<typeof schemas.certificationUpdateSchema>
    answer: z.output<typeof responses.certification>
  }
  'DELETE /certifications/{id}': { params: { id: number }; answer: undefined }
  'GET /experiences': { query: { lang?: string }; answer: z.output<typeof responses.experience>[] }
  'GET /experiences/{id}': {
    params: { id: number }
    query: { lang?: string }
    answer: z.output<typeof responses.experience>
  }
  'POST /experiences': {
    body: z.input<typeof schemas.experienceSchema>
    answer: z.output<typeof responses.experience>
  }
  'PATCH /experiences/{id}': {
    params: { id: number }
    body: z.input<typeof schemas.experienceUpdateSchema>
    answer: z.output<typeof responses.experience>
  }
  'DELETE /experiences/{id}': { params: { id: number }; answer: undefined }
  'GET /education': { query: { lang?: string }; answer: z.output<typeof responses.education>[] }
  'GET /education/{id}': {
    params: { id: number }
    query: { lang?: string }
    answer: z.output<typeof responses.education>
  }
  'POST /education': {
    body: z.input<typeof schemas.educationSchema>
    answer: z.output<typeof responses.education>
  }
  'PATCH /education/{id}': {
    params: { id: number }
    body: z.input<typeof schemas.educationUpdateSchema>
    answer: z.output<typeof responses.education>
  }
  'DELETE /education/{id}': { params: { id: number }; answer: undefined }
  'GET /configs': { query: { lang?: string }; answer: z.output<typeof responses.config>[] }
  'GET /configs/{id}': {
    params: { id: number }
    query: { lang?: string }
    answer: z.output<typeof responses.config>
  }
  'POST /configs': {
    body: z.input<typeof schemas.configCreateSchema>
    answer: z.output<typeof responses.config>
  }
  'PATCH /configs/{id}': {
    params: { id: number }
    body: z.input<typeof schemas.configUpdateSchema>
    answer: z.output<typeof responses.config>
  }
  'DELETE /configs/{id}': { params: { id: number }; answer: undefined }
  'GET /configs/all-as-object': {
    query: { lang?: string }
    answer: z.output<typeof responses.configsObject>
  }
  'GET /configs/name/{name}': {
    params: { name: string }
    answer: z.output<typeof responses.config>
  }
  'GET /configs/value/{name}': { params: { name: string }; answer: { value: string } }
  'GET /languages': { answer: z.output<typeof responses.languages> }
  'PUT /languages': {
    body: z.input<typeof schemas.languagesSchema>
    answer: z.output<typeof responses.languagesChanged>
  }
  'GET /appearance': { answer: z.output<typeof responses.appearance> }
  'GET /appearance/options': { answer: z.output<typeof responses.appearanceOptions> }
  'PUT /appearance': {
    body: z.input<typeof schemas.appearanceSchema>
    answer: z.output<typeof responses.appearance>
  }
  'POST /uploads/image': { body: FormData; answer: { url: string } }
  'POST /uploads/sign': {
    body: z.input<typeof schemas.signUploadSchema>
    answer: z.output<typeof responses.signedUpload>
  }
  'DELETE /uploads/image': {
    body: z.input<typeof schemas.deleteImageSchema>
    answer: z.output<typeof responses.success>
  }
  'POST /backup': { body: FormData; answer: z.output<typeof responses.restoreSummary> }
  'POST /backup/sign': {
    body: z.input<typeof schemas.signBackupSchema>
    answer: z.output<typeof responses.signedArchiveUpload>
  }
  'POST /backup/restore': {
    body: z.input<typeof schemas.restoreBackupSchema>
    answer: z.output<typeof responses.restoreSummary>
  }
  'GET /backup/kept': { answer: z.output<typeof responses.keptBackup>[] }
  'GET /demo': { answer: z.output<typeof responses.demoStatus> }
  'DELETE /demo': { answer: z.output<typeof responses.demoRemoval> }
  'GET /publish': { answer: z.output<typeof responses.publishStatus> }
  'POST /publish': { answer: z.output<typeof responses.publishStatus> }
  'GET /resume.json': { query: { lang?: string }; answer: z.output<typeof responses.resume> }
  'POST /resume/import': {
    query: { dryRun?: boolean; lang?: string }
    body: {
      $schema?: string
      basics?: {
        name?: string
        label?: string
        image?: string
        email?: string
        phone?: string
        url?: string
        summary?: string
        location?: {
          address?: string
          postalCode?: string
          city?: string
          countryCode?: string
          region?: string
          [key: string]: unknown
        }
        profiles?: { network?: string; username?: string; url?: string; [key: string]: unknown }[]
        [key: string]: unknown
      }
      work?: {
        name?: string
        location?: string
        description?: string
        position?: string
        url?: string
        startDate?: string
        endDate?: string
        summary?: string
        highlights?: string[]
        [key: string]: unknown
      }[]
      volunteer?: {
        organization?: string
        position?: string
        url?: string
        startDate?: string
        endDate?: string
        summary?: string
        highlights?: string[]
        [key: string]: unknown
      }[]
      education?: {
        institution?: string
        url?: string
        area?: string
        studyType?: string
        startDate?: string
        endDate?: string
        score?: string
        courses?: string[]
        [key: string]: unknown
      }[]
      awards?: {
        title?: string
        date?: string
        awarder?: string
        summary?: string
        [key: string]: unknown
      }[]
      certificates?: {
        name?: string
        date?: string
        url?: string
        issuer?: string
        [key: string]: unknown
      }[]
      publications?: {
        name?: string
        publisher?: string
        releaseDate?: string
        url?: string
        summary?: string
        [key: string]: unknown
      }[]
      skills?: { name?: string; level?: string; keywords?: string[]; [key: string]: unknown }[]
      languages?: { language?: string; fluency?: string; [key: string]: unknown }[]
      interests?: { name?: string; keywords?: string[]; [key: string]: unknown }[]
      references?: { name?: string; reference?: string; [key: string]: unknown }[]
      projects?: {
        name?: string
        description?: string
        highlights?: string[]
        keywords?: string[]
        startDate?: string
        endDate?: string
        url?: string
        roles?: string[]
        entity?: string
        type?: string
        [key: string]: unknown
      }[]
      meta?: { canonical?: string; version?: string; lastModified?: string; [key: string]: unknown }
      [key: string]: unknown
    }
    answer: z.output<typeof responses.resumeImportPlan>
  }
  'GET /users': { answer: z.output<typeof responses.user>[] }
  'GET /users/{id}': { params: { id: number }; answer: z.output<typeof responses.user> }
  'POST /users': {
    body: z.input<typeof schemas.userCreateSchema>
    answer: z.output<typeof responses.user>
  }
  'PUT /users/{id}': {
    params: { id: number }
    body: z.input<typeof schemas.userUpdateSchema>
    answer: z.output<typeof responses.user>
  }
  'DELETE /users/{id}': {
    params: { id: number }
    body?: z.input<typeof schemas.userDeleteSchema>
    answer: undefined
  }
  'POST /contact': {
    body: z.input<typeof schemas.contactSchema>
    answer: z.output<typeof responses.success>
  }
  'GET /messages': { answer: z.output<typeof responses.contactMessage>[] }
  'PATCH /messages/{id}': {
    params: { id: number }
    body: z.input<typeof schemas.messageUpdateSchema>
    answer: z.output<typeof responses.contactMessage>
  }
  'DELETE /messages/{id}': { params: { id: number }; answer: undefined }
  'GET /activity': {
    query: { limit?: number; before?: string }
    answer: z.output<typeof responses.activityEntry>[]
  }
  'GET /insights': { answer: z.output<typeof responses.finding>[] }
  'POST /events': { body: z.input<typeof schemas.visitEventSchema>; answer: undefined }
  'GET /stats': { query: { days?: number }; answer: z.output<typeof responses.visitStats> }
  'POST /mcp': {
    answer:
      | ({ jsonrpc: '2.0'; [key: string]: unknown } | { jsonrpc: '2.0'; [key: string]: unknown }[])
      | undefined
  }
  'GET /mcp': { answer: undefined }
  'DELETE /mcp': { answer: undefined }
  'GET /share-links': { answer: z.output<typeof responses.shareLink>[] }
  'GET /share-links/{id}': { params: { id: number }; answer: z.output<typeof responses.shareLink> }
  'POST /share-links': {
    body: z.input<typeof schemas.shareLinkSchema>
    answer: z.output<typeof responses.createdShareLink>
  }
  'PATCH /share-links/{id}': {
    params: { id: number }
    body: z.input<typeof schemas.shareLinkUpdateSchema>
    answer: z.output<typeof responses.shareLink>
  }
  'DELETE /share-links/{id}': { params: { id: number }; answer: undefined }
  'GET /shared/{token}': {
    params: { token: string }
    answer: z.output<typeof responses.sharedPage>
  }
  'POST /shared/{token}/unlock': {
    params: { token: string }
    body: z.input<typeof schemas.shareUnlockSchema>
    answer: z.output<typeof responses.sharePass>
  }
  'POST /shared/{token}/views': {
    params: { token: string }
    body: z.input<typeof schemas.shareViewSchema>
    answer: undefined
  }
  'GET /github/repositories': {
    query: { login: string }
    answer: z.output<typeof responses.githubRepositories>
  }
  'GET /github/pull-requests': {
    query: { login: string }
    answer: z.output<typeof responses.githubPullRequests>
  }
  'POST /github/import': {
    body: { repositories: string[] }
    answer: z.output<typeof responses.githubImported>
  }
  'POST /github/sync': { answer: z.output<typeof responses.githubSynced> }
  'GET /contributions': { answer: z.output<typeof responses.contribution>[] }
  'POST /contributions': {
    body: { url: string; repository: string; number: number; title: string; mergedAt: string }
    answer: z.output<typeof responses.contribution>
  }
  'DELETE /contributions/{id}': { params: { id: number }; answer: undefined }
}
