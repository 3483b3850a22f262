import { useMessages } from '@/lib/i18n/messages-context'

/** The owner's "featured" mark on a project's card and page: text, so every reader gets it. */
export function FeaturedMark() {
  const { t } = useMessages()
  return (
    <span className="inline-flex w-fit items-center rounded-full border border-primary/40 bg-primary/10 px-2.5 py-0.5 text-xs font-semibold text-foreground">
      {t('project.featured')}
    </span>
  )
}
