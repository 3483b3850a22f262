// How GitHub spells an account and a repository, for the API's checks, the
// GitHub client and the back office's login field alike (docs/github.md).

/** GitHub's login rules: 1 to 39 letters, digits and single hyphens, not at either end. */
export const GITHUB_LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/
/** owner/name as GitHub spells a repository. */
export const GITHUB_REPOSITORY =
  /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}\/[A-Za-z0-9._-]{1,100}$/
