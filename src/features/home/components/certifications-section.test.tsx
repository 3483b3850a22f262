import { screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { certifications } from '@test-support/home/fixtures'
import { renderWithQuery } from '@test-support/home/render'
import { CertificationsSection } from './certifications-section'

test('shows each certification with its month and year, and an image icon named after it', () => {
  renderWithQuery(
    <CertificationsSection title="MY CERTIFICATIONS" certifications={certifications} />,
  )
  expect(screen.getByRole('heading', { level: 2, name: 'MY CERTIFICATIONS' })).toBeInTheDocument()
  expect(screen.getByText('May 2023')).toBeInTheDocument()
  expect(screen.getByText('March 2024')).toBeInTheDocument()
  const icon = screen.getByRole('img', { name: 'AWS Developer' })
  expect(icon).toHaveAttribute('width', '64')
  expect(icon).toHaveAttribute('height', '64')
})

test('shows an emoji icon as hidden text beside the visible name', () => {
  renderWithQuery(
    <CertificationsSection title="MY CERTIFICATIONS" certifications={certifications} />,
  )
  expect(screen.getByRole('heading', { level: 3, name: 'CKAD' })).toBeInTheDocument()
  const emoji = screen.getByText('☸️')
  expect(emoji).toHaveAttribute('aria-hidden', 'true')
  expect(screen.queryByRole('img', { name: 'CKAD' })).not.toBeInTheDocument()
})
