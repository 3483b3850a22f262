import { render, screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { MarkdownText } from './markdown-text'

describe('MarkdownText', () => {
  test("shows the server's HTML as it comes, with the text's language attributes", () => {
    const { container } = render(
      <MarkdownText
        html={'<p><strong>Bold</strong> <a href="https://x.example">link</a></p>\n'}
        text="**Bold** [link](https://x.example)"
        attrs={{ lang: 'en' }}
      />,
    )
    expect(screen.getByText('Bold').tagName).toBe('STRONG')
    expect(screen.getByRole('link', { name: 'link' })).toHaveAttribute('href', 'https://x.example')
    expect(container.firstElementChild).toHaveAttribute('lang', 'en')
    expect(container.textContent).not.toContain('**')
  })

  test('without HTML (an older answer), the text shows as paragraphs with its line breaks, as text', () => {
    const { container } = render(
      <MarkdownText html={null} text={'One\nline two\r\n\r\n<b>Three</b>'} />,
    )
    const paragraphs = container.querySelectorAll('p')
    expect([...paragraphs].map((p) => p.textContent)).toEqual(['One\nline two', '<b>Three</b>'])
    expect(container.querySelector('b')).toBeNull()
  })
})
