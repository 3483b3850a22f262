import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { expect, test } from 'vitest'
import NotFoundRoute from './not-found'

test('says the page was not found and leads back home', async () => {
  const user = userEvent.setup()
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '*', Component: NotFoundRoute },
    ],
    { initialEntries: ['/no/such/page'] },
  )
  render(<RouterProvider router={router} />)
  expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument()
  expect(
    screen.getByText("The page you are looking for doesn't exist or has been moved."),
  ).toBeInTheDocument()
  expect(document.title).toBe('Page Not Found')

  await user.click(screen.getByRole('link', { name: 'Back to Home' }))
  expect(screen.getByText('Home page')).toBeInTheDocument()
  expect(router.state.location.pathname).toBe('/')
})
