import { SwitchField } from '@/components/switch-field'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { projectSchema, type ProjectInput, type ProjectPayload } from '@shared/contract/schemas.ts'
import type { Project } from '@shared/contract/types.ts'
import { LanguagePanels } from '@/components/translations/language-panels'
import { useTranslationTabs } from '@/components/translations/use-translation-tabs'
import { useSiteLanguages } from '@/lib/use-site-languages'
import { useRecordForm, type RecordFormProps } from '@/components/record-form'
import { LabeledField } from '@/components/labeled-field'
import { Input } from '@/components/ui/input'
import { MarkdownField } from '@/components/markdown-field'
import { paths } from '@/config/paths'
import { projectFormDefaults, toYear } from '../lib/project-form-values'
import { existingImage, type ExistingImage, type ImageItem } from '../lib/project-images'
import { ImagesPicker } from './images-picker'
import { TechnologyPicker } from '@/components/technology-picker'
import { ThumbnailPicker } from './thumbnail-picker'
import { UploadProgress } from './upload-progress'
import { useSaveProject } from '../hooks/use-save-project'
import { showServerFieldErrors } from '@/lib/server-field-errors'
import {
  TRANSLATABLE,
  translationDefaults,
  translationPaths,
  translationsPayload,
  withPrunedTranslations,
} from '@/lib/translations'
import type { Path } from 'react-hook-form'

const fieldNames = Object.keys(projectSchema.shape) as (keyof ProjectInput)[]
const translated = [
  { name: 'name', label: 'Name' },
  { name: 'description', label: 'Description', markdown: true },
] as const

/** What the project says about one of its images; the owner's own text only, the default stays a placeholder. */
function detailsOf(project: Project, url: string) {
  const details = project.imageDetails?.find((d) => d.url === url)
  return details && { ...details, alt: isDefaultAlt(project.name, details.alt) ? '' : details.alt }
}
/** The database's default text ("<name> screenshot N"), which follows the image's place, so it is not kept as typed. */
function isDefaultAlt(name: string, alt: string) {
  const prefix = `${name} screenshot`
  return (
    alt === prefix || (alt.startsWith(`${prefix} `) && /^\d+$/.test(alt.slice(prefix.length + 1)))
  )
}

/**
 * Create and edit a project (docs/PRODUCT.md §2); `project` present means edit.
 * On a site of several languages, a tab per language (docs/PRODUCT.md §23).
 */
export function ProjectForm({ project, edit }: RecordFormProps<'project', Project>) {
  const site = useSiteLanguages()
  const editing = project !== undefined
  const translations = translationDefaults(site, TRANSLATABLE.projects, project?.translations)
  const form = useForm<ProjectInput, unknown, ProjectPayload>({
    resolver: withPrunedTranslations(zodResolver(projectSchema)),
    defaultValues: { ...projectFormDefaults(project), ...(translations && { translations }) },
  })
  const tabs = useTranslationTabs(form, site, TRANSLATABLE.projects, project?.translations)
  const { errors } = form.formState
  const [thumbnail, setThumbnail] = useState<ImageItem | null>(() =>
    project?.thumbnail
      ? existingImage(project.thumbnail, detailsOf(project, project.thumbnail))
      : null,
  )
  const [images, setImages] = useState<ImageItem[]>(
    () => project?.images.map((url) => existingImage(url, detailsOf(project, url))) ?? [],
  )
  const projectName = form.watch('name') ?? ''
  const saving = useRecordForm('projects', {
    one: 'project',
    listPath: paths.admin.projects,
    id: project?.id,
    edit,
  })
  const { save, phase, progress, uploading } = useSaveProject(
    project ? String(project.id) : undefined,
    edit?.version,
  )
  const busy = phase !== 'idle'

  // An uploaded file becomes an existing image, so a retry after a failure never uploads it twice.
  const onUploaded = (key: string, stored: ExistingImage) => {
    setThumbnail((item) => (item?.key === key ? stored : item))
    setImages((items) => items.map((item) => (item.key === key ? stored : item)))
  }

  const onSubmit = form.handleSubmit(async ({ translations: texts, ...rest }) => {
    saving.start()
    const sent = translationsPayload(site, texts, editing)
    const values: ProjectPayload = sent ? { ...rest, translations: sent } : rest
    const result = await save({ values, thumbnail, images, onUploaded })
    if (result.ok) return saving.back()
    saving.fail(result.error, result.message)
    showServerFieldErrors(form, result.error, [
      ...fieldNames,
      ...(translationPaths(site, TRANSLATABLE.projects) as Path<ProjectInput>[]),
    ])
    tabs.showServerError(result.error)
  }, tabs.onInvalid)

  const submitText =
    phase === 'uploading'
      ? 'Uploading Images...'
      : phase === 'saving'
        ? editing
          ? 'Updating Project...'
          : 'Creating Project...'
        : editing
          ? 'Update Project'
          : 'Create Project'

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-3xl gap-6">
      {saving.alert}
      <LanguagePanels form={form} site={site} tabs={tabs} fields={translated}>
        <>
          <LabeledField label="Name" error={errors.name?.message}>
            <Input autoComplete="off" {...form.register('name')} />
          </LabeledField>
          <MarkdownField
            control={form.control}
            name="description"
            label="Description"
            error={errors.description?.message}
            rows={8}
          />
          <div className="grid gap-6 sm:grid-cols-2">
            <LabeledField
              label="Start year"
              className="content-start"
              error={errors.startYear?.message}
            >
              <Input
                type="number"
                inputMode="numeric"
                {...form.register('startYear', { setValueAs: toYear })}
              />
            </LabeledField>
            <LabeledField
              label="End year"
              className="content-start"
              hint="Leave empty if project is ongoing"
              error={errors.endYear?.message}
            >
              <Input
                type="number"
                inputMode="numeric"
                {...form.register('endYear', { setValueAs: toYear })}
              />
            </LabeledField>
          </div>
          <div className="grid gap-6 sm:grid-cols-2">
            <LabeledField
              label="Live URL"
              className="content-start"
              error={errors.liveUrl?.message}
            >
              <Input type="url" placeholder="https://" {...form.register('liveUrl')} />
            </LabeledField>
            <LabeledField
              label="GitHub URL"
              className="content-start"
              error={errors.githubUrl?.message}
            >
              <Input type="url" placeholder="https://github.com/" {...form.register('githubUrl')} />
            </LabeledField>
          </div>
          <SwitchField
            control={form.control}
            name="isActive"
            label="Project is active/published"
            initial
          />
          <SwitchField
            control={form.control}
            name="featured"
            label="Featured project"
            hint="Marked as featured on its card and page"
            initial={false}
          />
          <ThumbnailPicker
            value={thumbnail}
            onChange={setThumbnail}
            disabled={busy}
            projectName={projectName}
          />
          <ImagesPicker
            value={images}
            onChange={setImages}
            disabled={busy}
            projectName={projectName}
          />
          <TechnologyPicker control={form.control} />
        </>
      </LanguagePanels>
      {phase === 'uploading' ? <UploadProgress items={uploading} progress={progress} /> : null}
      {saving.actions(submitText, busy)}
    </form>
  )
}
