/** The temporary knowledge base's limits (content-creation §5, §9), shared by client and server. */
export const KB_MAX_FILES = 5;
export const KB_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const KB_ACCEPTED_EXTENSIONS = ['.txt', '.pdf', '.docx', '.md'] as const;
export const KB_BUILD_TIMEOUT_MS = 180_000;
/** A session nobody used for this long is deleted with its files and index. */
export const KB_IDLE_MS = 60 * 60_000;
/**
 * Text one session may hold, as the product counts length (five 2 MB Chinese text files fit):
 * the index is rebuilt in memory for searching, so a session stays within a process's means
 * (about 8,000 chunks).
 */
export const KB_MAX_SESSION_CHARS = 4_000_000;

export type KbBuildStatus = 'none' | 'building' | 'completed' | 'error';

/** The error code of a build refused because the knowledge base holds no file (the client reads the code, not the wording). */
export const KB_EMPTY_CODE = 'KB_EMPTY';
