import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test } from 'vitest'
import { renderWithQuery as render } from '@test-support/home/render'
import { SiteNav } from './site-nav'

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
  act(() => {
    window.dispatchEvent(new Event('scroll'))
  })
}

afterEach(() => Object.defineProperty(window, 'scrollY', { value: 0, configurable: true }))

test('fades the bar background in as the page scrolls from 20 to 100 px', async () => {
  render(<SiteNav brand="Ada" />)
  const background = screen.getByTestId('nav-background')
  expect(background.style.opacity).toBe('0')
  scrollTo(20)
  await waitFor(() => expect(background.style.opacity).toBe('0'))
  scrollTo(60)
  await waitFor(() => expect(background.style.opacity).toBe('0.5'))
  scrollTo(100)
  await waitFor(() => expect(background.style.opacity).toBe('1'))
  scrollTo(400)
  await waitFor(() => expect(background.style.opacity).toBe('1'))
})

test('links the four sections and offers the theme toggle', () => {
  render(<SiteNav brand="Ada" />)
  const nav = screen.getByRole('navigation', { name: 'Main' })
  expect(
    within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href')),
  ).toEqual(['#certifications', '#skills', '#portfolio', '#contact'])
  expect(
    within(nav).getByRole('button', { name: /Switch to (dark|light) theme/ }),
  ).toBeInTheDocument()
})

test('the mobile drawer holds the same links and the toggle, and closes when a link is chosen', async () => {
  const user = userEvent.setup()
  render(
    <>
      <SiteNav brand="Ada" />
      <section id="skills" tabIndex={-1}>
        Skills
      </section>
    </>,
  )
  const menuButton = screen.getByRole('button', { name: 'Open menu' })
  expect(menuButton).toHaveAttribute('aria-expanded', 'false')
  await user.click(menuButton)
  const drawer = await screen.findByRole('dialog', { name: 'Menu' })
  expect(within(drawer).getAllByRole('link')).toHaveLength(4)
  expect(
    within(drawer).getByRole('button', { name: /Switch to (dark|light) theme/ }),
  ).toBeInTheDocument()
  expect(within(drawer).getByRole('button', { name: 'Close menu' })).toBeInTheDocument()
  expect(menuButton).toHaveAttribute('aria-expanded', 'true')

  await user.click(within(drawer).getByRole('link', { name: 'Skills' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  expect(menuButton).toHaveAttribute('aria-expanded', 'false')
  await waitFor(() => expect(document.getElementById('skills')).toHaveFocus())
  expect(window.location.hash).toBe('#skills')
})

test('the drawer closes with its close button and gives focus back to the menu button', async () => {
  const user = userEvent.setup()
  render(<SiteNav brand="Ada" />)
  const menuButton = screen.getByRole('button', { name: 'Open menu' })
  await user.click(menuButton)
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('button', {
      name: 'Close menu',
    }),
  )
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  expect(menuButton).toHaveFocus()
})
