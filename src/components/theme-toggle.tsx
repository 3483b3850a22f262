// Switches between light and dark (docs/PRODUCT.md §4). Its accessible name says
// what a press will do, e.g. 'Switch to dark theme'.
import { MoonIcon, SunIcon } from 'lucide-react'
import { Button, type ButtonProps } from '@/components/ui/button'
import { useMessages } from '@/lib/i18n/messages-context'
import { useTheme } from '@/lib/theme'

export function ThemeToggle({
  className,
  variant = 'ghost',
  ...props
}: Omit<ButtonProps, 'onClick' | 'children'>) {
  const { mode, toggle } = useTheme()
  const { t } = useMessages()
  const label = t(mode === 'dark' ? 'theme.toLight' : 'theme.toDark')
  return (
    <Button
      variant={variant}
      size="icon"
      className={className}
      onClick={toggle}
      aria-label={label}
      title={label}
      {...props}
    >
      {mode === 'dark' ? <SunIcon aria-hidden="true" /> : <MoonIcon aria-hidden="true" />}
    </Button>
  )
}
