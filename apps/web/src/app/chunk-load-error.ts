/**
 * A dynamic import that failed: the browsers word it differently (Chromium "Failed to fetch
 * dynamically imported module", Firefox "error loading dynamically imported module", Safari
 * "Importing a module script failed"), Vite's preload helper "Unable to preload CSS". These
 * messages are the browsers', not our server's: reading them is the only way to tell this case.
 */
const CHUNK_LOAD_MESSAGES = [/dynamically imported module/i, /importing a module script failed/i, /unable to preload css/i];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return CHUNK_LOAD_MESSAGES.some((pattern) => pattern.test(error.message));
}
