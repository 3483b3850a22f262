import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { Controller, useForm, type Path, type Resolver, type UseFormReturn } from 'react-hook-form'
import { postSchema, type PostPayload } from '@shared/contract/schemas.ts'
import type { Post } from '@shared/contract/types.ts'
import { LabeledField } from '@/components/labeled-field'
import { MarkdownField } from '@/components/markdown-field'
import { TechnologyPicker, useTechnologyList } from '@/components/technology-picker'
import { CheckboxPicker } from '@/components/checkbox-picker'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { paths, slugify } from '@/config/paths'
import { LanguagePanels } from '@/components/translations/language-panels'
import { useTranslationTabs } from '@/components/translations/use-translation-tabs'
import { useRecordForm, type RecordFormProps } from '@/components/record-form'
import { useProjects } from '@/lib/queries/projects'
import { showServerFieldErrors } from '@/lib/server-field-errors'
import { translationDefaults, translationPaths, translationsPayload } from '@/lib/translations'
import { useSiteLanguages } from '@/lib/use-site-languages'
import {
  POST_TRANSLATED,
  postFormDefaults,
  postInput,
  type PostFormValues,
} from '../lib/post-form-values'
import { CoverImageField } from './cover-image-field'
import { ScheduleFields } from './schedule-fields'

const FIELDS = [
  'title',
  'slug',
  'summary',
  'body',
  'coverImage',
  'status',
  'publishAt',
  'technologiesIds',
  'projectIds',
] as const satisfies readonly (keyof PostFormValues)[]

/** Another language's tab: the texts, the body in the Markdown editor. */
const translated = [
  { name: 'title', label: 'Title' },
  { name: 'summary', label: 'Summary', multiline: true },
  { name: 'body', label: 'Body', markdown: true },
] as const

/** The shared schema (docs/PRODUCT.md §26), given the form's values as the API would get them. */
const checkPost = zodResolver(postSchema) as unknown as Resolver<
  PostFormValues,
  unknown,
  PostPayload
>
const resolver: Resolver<PostFormValues, unknown, PostPayload> = (values, context, options) =>
  checkPost(postInput(values) as PostFormValues, context, options)

/**
 * The lists a post is linked to, for its screens to ask for beside the
 * record and to show the form once they are in: they sit above the status,
 * which would otherwise move down as they arrive.
 */
export const usePostFormLists = () => [...useTechnologyList(), useProjects()] as const

/**
 * Create and edit a post (docs/PRODUCT.md §26). A new post's slug follows its
 * title until the owner types one; an existing post keeps its slug. On a site
 * of several languages, a tab per language (docs/PRODUCT.md §23).
 */
export function PostForm({ post, edit }: RecordFormProps<'post', Post>) {
  const site = useSiteLanguages()
  const editing = post !== undefined
  const translations = translationDefaults(site, POST_TRANSLATED, post?.translations)
  const form = useForm<PostFormValues, unknown, PostPayload>({
    resolver,
    defaultValues: { ...postFormDefaults(post), ...(translations && { translations }) },
  })
  // The tabs read and set values only; the payload's own type (slug optional) is not theirs.
  const texts = form as unknown as UseFormReturn<PostFormValues>
  const tabs = useTranslationTabs(texts, site, POST_TRANSLATED, post?.translations)
  const { errors, isSubmitting } = form.formState
  const saving = useRecordForm('posts', {
    one: 'post',
    listPath: paths.admin.posts,
    id: post?.id,
    edit,
  })
  const projects = useProjects()
  const [slugTyped, setSlugTyped] = useState(editing)
  const status = form.watch('status')

  const title = form.register('title', {
    onChange: (event: { target: { value: string } }) => {
      if (!slugTyped) form.setValue('slug', slugify(event.target.value))
    },
  })
  const slug = form.register('slug', {
    // Emptied, the slug follows the title again.
    onChange: (event: { target: { value: string } }) => setSlugTyped(event.target.value !== ''),
  })

  const onSubmit = form.handleSubmit(async ({ translations: given, ...rest }) => {
    const sent = translationsPayload(site, given, editing)
    const payload: PostPayload = sent ? { ...rest, translations: sent } : rest
    await saving.run(
      () => saving.write(payload),
      (error) => {
        showServerFieldErrors(
          form,
          error,
          [...FIELDS, ...(translationPaths(site, POST_TRANSLATED) as Path<PostFormValues>[])],
          'slug',
        )
        tabs.showServerError(error)
      },
    )
  }, tabs.onInvalid)

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-3xl gap-6">
      {saving.alert}
      <LanguagePanels form={texts} site={site} tabs={tabs} fields={translated}>
        <>
          <LabeledField label="Title" error={errors.title?.message}>
            <Input autoComplete="off" {...title} />
          </LabeledField>
          <LabeledField
            label="Slug"
            hint={
              slugTyped
                ? 'The end of the post’s address, /writing/<slug>.'
                : 'Made from the title until you change it; the end of the post’s address.'
            }
            error={errors.slug?.message}
          >
            <Input autoComplete="off" spellCheck={false} {...slug} />
          </LabeledField>
          <LabeledField
            label="Summary"
            hint="At most 500 characters."
            error={errors.summary?.message}
          >
            <Textarea rows={3} {...form.register('summary')} />
          </LabeledField>
          <MarkdownField
            control={form.control}
            name="body"
            label="Body"
            error={errors.body?.message}
            rows={18}
          />
          <Controller
            control={form.control}
            name="coverImage"
            render={({ field }) => (
              <CoverImageField
                value={field.value}
                onChange={field.onChange}
                error={errors.coverImage?.message}
              />
            )}
          />
          <TechnologyPicker control={form.control} />
          <Controller
            control={form.control}
            name="projectIds"
            render={({ field }) => (
              <CheckboxPicker
                legend="Projects"
                options={projects}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <ScheduleFields control={form.control} errors={errors} status={status} />
        </>
      </LanguagePanels>
      {saving.actions(
        isSubmitting
          ? editing
            ? 'Updating Post...'
            : 'Creating Post...'
          : editing
            ? 'Update Post'
            : 'Create Post',
        isSubmitting,
      )}
    </form>
  )
}
