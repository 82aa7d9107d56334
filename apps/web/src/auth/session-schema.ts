// Loaded on demand by AuthProvider (with the session request), so that zod is not in the entry chunk.
export { sessionResponseSchema } from '@tianma/shared';
