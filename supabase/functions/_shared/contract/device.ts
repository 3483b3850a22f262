// A coarse name for this device ("Chrome on Linux", device.ts): the back office
// offers it as a new passkey's name, as the server names sessions.
export { describeDevice } from '../device.ts'
