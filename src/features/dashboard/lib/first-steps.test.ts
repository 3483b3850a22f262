import { describe, expect, test } from 'vitest'
import { firstSteps, showFirstSteps, type FirstStepFacts } from './first-steps'

const fresh: FirstStepFacts = {
  configs: {},
  demo: false,
  lookChosen: false,
  projects: 0,
  siteUrl: 'http://localhost:3000',
  publishConfigured: true,
  published: false,
  passkeys: 0,
  twoStep: false,
}
const done = (facts: FirstStepFacts) =>
  Object.fromEntries(firstSteps(facts).map((step) => [step.id, step.done]))

describe('the first steps', () => {
  test('on a new site nothing is done, and the list shows', () => {
    expect(done(fresh)).toEqual({
      name: false,
      links: false,
      content: false,
      look: false,
      address: false,
      'sign-in': false,
      publish: false,
    })
    expect(showFirstSteps(fresh, firstSteps(fresh))).toBe(true)
  })

  test('while the demo is there, no name, links or content count as your own', () => {
    const demo = {
      ...fresh,
      demo: true,
      configs: {
        ownerName: 'Jordan Avery',
        photo: '/uploads/x.webp',
        githubUrl: 'https://github.com/x',
      },
      projects: 6,
    }
    expect(done(demo)).toMatchObject({ name: false, links: false, content: false })
    expect(showFirstSteps(demo, firstSteps(demo))).toBe(true)
  })

  test('each step is marked done from the data, and the list goes once all are', () => {
    const yours: FirstStepFacts = {
      configs: {
        ownerName: 'Ada',
        photo: '/uploads/ada.webp',
        links: '[{"kind":"dev","url":"https://dev.to/ada"}]',
      },
      demo: false,
      lookChosen: true,
      projects: 1,
      siteUrl: 'https://ada.example',
      publishConfigured: true,
      published: true,
      passkeys: 0,
      twoStep: true,
    }
    expect(Object.values(done(yours)).every(Boolean)).toBe(true)
    expect(showFirstSteps(yours, firstSteps(yours))).toBe(false)
    // Without a deploy hook the site is served as it is: nothing to publish.
    expect(done({ ...fresh, publishConfigured: false }).publish).toBe(true)
  })
})
