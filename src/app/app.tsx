import type { QueryClient } from '@tanstack/react-query'
import { AppProvider } from '@/app/provider'
import { AppRouter } from '@/app/router'

export function App({ client }: { client?: QueryClient }) {
  return (
    <AppProvider client={client}>
      <AppRouter />
    </AppProvider>
  )
}
