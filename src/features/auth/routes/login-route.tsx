import { useEffect, useState } from 'react'
import { Navigate, useLocation, useNavigate, type Location } from 'react-router-dom'
import { Alert } from '@/components/ui/alert'
import { paths } from '@/config/paths'
import { takeSessionEndReason, useSession } from '@/lib/session'
import { AuthCard } from '../components/auth-card'
import { LoginForm } from '../components/login-form'
import { TwoStepForm } from '../components/two-step-form'

interface LoginState {
  from?: Location
  registered?: boolean
}

function targetAfterLogin(state: LoginState | null) {
  const from = state?.from
  if (!from?.pathname?.startsWith(paths.admin.root)) return paths.admin.dashboard
  if (from.pathname === paths.admin.login || from.pathname === paths.admin.register)
    return paths.admin.dashboard
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
}

export default function LoginRoute() {
  const session = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  const state = location.state as LoginState | null
  const [expired, setExpired] = useState(false)
  // Set when the password was right and the account asks for a code next.
  const [challenge, setChallenge] = useState<string | null>(null)

  // Read in an effect: the reason is consumed once, and StrictMode's double
  // render must not lose it.
  useEffect(() => {
    if (takeSessionEndReason() === 'expired') setExpired(true)
  }, [])

  const done = () => navigate(targetAfterLogin(state), { replace: true })

  if (session) return <Navigate to={targetAfterLogin(state)} replace />

  return (
    <AuthCard title="Admin Login">
      <div aria-live="polite" className="mb-4 grid gap-2 empty:hidden">
        {expired ? (
          <Alert variant="destructive">Your session has expired. Please log in again.</Alert>
        ) : null}
        {state?.registered ? (
          <Alert variant="success">Account created successfully. Please log in.</Alert>
        ) : null}
      </div>
      {challenge ? (
        <TwoStepForm challenge={challenge} onSuccess={done} onRestart={() => setChallenge(null)} />
      ) : (
        <LoginForm onSuccess={done} onTwoStep={setChallenge} />
      )}
    </AuthCard>
  )
}
