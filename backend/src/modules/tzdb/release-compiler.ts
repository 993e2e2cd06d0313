/** The compiler's entry points as this module uses them, in one place. */
export { bundledRelease, bundledVersions, BUNDLED_RELEASES_DIR } from './bundled-release.js';
export { compareTzVersions, compileRelease, detectReleaseInput, ReleaseError } from './compile-release.js';
export type { ReleaseInput } from './compile-release.js';
