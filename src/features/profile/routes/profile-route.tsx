import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { profileFromConfigs, profileToConfigs } from '@shared/contract/profile.ts'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { configsQueryOptions } from '@/lib/queries/configs'
import { isAdmin, useSession } from '@/lib/session'
import { useSiteLanguages } from '@/lib/use-site-languages'
import { ProfileSaveError, storedProfileTranslations, useSaveProfile } from '../api/save-profile'
import { ProfileForm } from '../components/profile-form'

/**
 * Profile (docs/PRODUCT.md §3, "Profile"): who the owner is, typed. The values
 * are configurations with declared names; Configurations stays the Advanced
 * view of all of them. On a site of several languages, a tab per language
 * holds the translated texts (headline, location, bio, availability note).
 */
export default function ProfileRoute() {
  const canWrite = isAdmin(useSession())
  const configs = useQuery(configsQueryOptions())
  const save = useSaveProfile()
  const site = useSiteLanguages()
  const several = site.languages.length > 1
  return (
    <section className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">Profile</h1>
        <p className="text-sm text-muted-foreground">
          Who you are, whether you are available and where to reach you: the top of your public
          page.{' '}
          {several
            ? "Each of the site's languages has a tab for your headline, location, bio and availability note in it. "
            : null}
          Every value is also in{' '}
          <Link to={paths.admin.configurations} className="underline">
            Configurations
          </Link>
          .
        </p>
      </div>
      {configs.isPending ? (
        <Spinner label="Loading the profile" />
      ) : configs.isError ? (
        <div>
          <p className="text-sm text-destructive">Could not load the profile</p>
          <Button variant="outline" onClick={() => configs.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ProfileForm
          site={site}
          storedTranslations={storedProfileTranslations(configs.data)}
          defaultValues={profileFromConfigs(
            Object.fromEntries(configs.data.map((config) => [config.name, config.value])),
          )}
          canWrite={canWrite}
          onSave={async (values) => {
            try {
              await save.mutateAsync({
                saved: configs.data,
                values: profileToConfigs(values),
                site,
                translations: several ? (values.translations ?? {}) : undefined,
              })
              return null
            } catch (error) {
              const cause = error instanceof ProfileSaveError ? error.cause : error
              return {
                field: error instanceof ProfileSaveError ? error.field : 'ownerName',
                lang: error instanceof ProfileSaveError ? error.lang : undefined,
                message:
                  cause instanceof ApiError ? cause.message : 'The profile could not be saved',
              }
            }
          }}
        />
      )}
    </section>
  )
}
