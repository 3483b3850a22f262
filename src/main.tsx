import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from '@/app/app'
import { createQueryClient } from '@/app/provider'
import { primeHomeData } from '@/features/home/api/use-home-data'
import '@/index.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// On the public page, the first render waits (briefly) for the reads index.html
// started, so it paints the page rather than a spinner (docs/decisions/019).
const client = createQueryClient()
void primeHomeData(client).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App client={client} />
    </StrictMode>,
  ),
)
