import { mergeConfig } from 'vitest/config'
import base from './vitest.config.ts'
export default mergeConfig(base, { test: { execArgv: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] } })
