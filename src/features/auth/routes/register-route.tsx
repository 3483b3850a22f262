import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { Alert } from '@/components/ui/alert'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { useSession } from '@/lib/session'
import { useRegisterStatus } from '../api/register'
import { AuthCard } from '../components/auth-card'
import { RegisterForm } from '../components/register-form'

const loginLinkClass = 'text-primary underline-offset-4 hover:underline'

export default function RegisterRoute() {
  const session = useSession()
  const navigate = useNavigate()
  const status = useRegisterStatus()
  // The link the server prints at start carries the setup code that proves
  // the visitor owns the server (docs/decisions/034-claiming-a-fresh-install.md).
  const [search] = useSearchParams()
  const setupToken = search.get('setup') ?? undefined

  if (session) return <Navigate to={paths.admin.dashboard} replace />

  return (
    <AuthCard title="Create Admin Account">
      <p className="mb-4 text-center text-sm text-muted-foreground">
        This is a temporary page for creating the first admin user
      </p>
      {status.isPending ? (
        <Spinner label="Checking registration" className="py-6" />
      ) : status.data?.open === false ? (
        <Alert>Registration is closed: an admin account already exists.</Alert>
      ) : (
        // If the status check itself failed, the form still works: the server decides.
        <RegisterForm
          setupToken={setupToken}
          onSuccess={() => navigate(paths.admin.login, { state: { registered: true } })}
        />
      )}
      <p className="mt-4 text-center text-sm">
        <Link to={paths.admin.login} className={loginLinkClass}>
          Already have an account? Login
        </Link>
      </p>
    </AuthCard>
  )
}
