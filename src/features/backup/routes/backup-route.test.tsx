import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  connectToRealApi,
  renderApp,
  signInAsAdmin,
  signInAsReader,
  loadScreensFirst,
} from '@test-support/real-api'

connectToRealApi()
loadScreensFirst('/admin/backup')
afterEach(() => vi.restoreAllMocks())

describe('backup screen', () => {
  test('downloads the backup as a dated zip', async () => {
    signInAsAdmin()
    const saved: { name: string; size: number }[] = []
    URL.createObjectURL = vi.fn(() => 'blob:backup')
    URL.revokeObjectURL = vi.fn()
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, size: 0 })
    })
    const { user } = await renderApp('/admin/backup')
    await user.click(await screen.findByRole('button', { name: 'Download backup' }))
    expect(await screen.findByText('Backup downloaded')).toBeInTheDocument()
    expect(saved).toEqual([
      { name: expect.stringMatching(/^vitrine-backup-\d{4}-\d\d-\d\d\.zip$/), size: 0 },
    ])
  })

  test('asks before replacing content and shows what was wrong with a bad file', async () => {
    signInAsAdmin()
    const { user } = await renderApp('/admin/backup')
    const input = await screen.findByLabelText('Backup file (.zip)')
    await user.upload(input, new File(['not a zip'], 'old.zip', { type: 'application/zip' }))
    await user.click(screen.getByRole('button', { name: 'Restore backup' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Replace all content?' })
    expect(dialog).toHaveTextContent(
      'Every project, technology, certification and configuration of this site will be replaced by those in old.zip',
    )
    expect(dialog).toHaveTextContent('Accounts stay as they are.')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Restore backup' }))
    await user.click(await screen.findByRole('button', { name: 'Replace content' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This backup cannot be restored: the file is not a zip archive',
    )
  })

  test('a read-only account is sent to the dashboard and has no Backup link', async () => {
    signInAsReader()
    await renderApp('/admin/backup')
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Backup' })).not.toBeInTheDocument()
  })
})
