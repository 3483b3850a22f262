// Switches between light and dark (docs/PRODUCT.md §4). Its accessible name says
// what a press will do, e.g. 'Switch to dark theme'.
import { MoonIcon, SunIcon } from 'lucide-react'
import { Button, type ButtonProps } from '@/components/ui/button'
import { useTheme } from '@/lib/theme'

export function ThemeToggle({
  className,
  variant = 'ghost',
  ...props
}: Omit<ButtonProps, 'onClick' | 'children'>) {
  const { mode, toggle } = useTheme()
  const next = mode === 'dark' ? 'light' : 'dark'
  const label = `Switch to ${next} theme`
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
