import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { CvScriptsNotice } from './cv-scripts-notice'

test('languages in Latin, Greek, Cyrillic or Arabic script need no notice', () => {
  const { container } = render(
    <CvScriptsNotice languages={['en', 'fr', 'pt-BR', 'el', 'ru', 'sr', 'ar', 'fa', 'ur']} />,
  )
  expect(container).toBeEmptyDOMElement()
})

test('a language whose script the PDF cannot draw is named, with its script', () => {
  render(<CvScriptsNotice languages={['en', 'ja', 'he', 'fr']} />)
  const notice = screen.getByRole('status')
  expect(notice).toHaveTextContent('The PDF CV cannot write every language of the site')
  expect(notice).toHaveTextContent('Japanese (ja, Japanese script), Hebrew (he, Hebrew script)')
  expect(notice).not.toHaveTextContent('French')
})
