import type { BuildProgress, BuildStreamEvent } from './build-progress';
import { nextBuildProgress, startingBuildProgress } from './build-progress';
import type { KnowledgeFile, ServerBuildStatus } from './knowledge-api';
import { KB_TEXT } from './knowledge-messages';

/** The knowledge-base section's state and its transitions (content-creation §4), free of I/O. */

export type BuildState = 'none' | 'building' | 'built' | 'error';
export type SessionValidity = 'unknown' | 'checking' | 'valid' | 'expired';

export interface KnowledgeState {
  enabled: boolean;
  sessionId: string | null;
  files: KnowledgeFile[];
  build: BuildState;
  /** Why the last build failed; set only with build 'error'. */
  buildError: string | null;
  /** The bar during a build; null otherwise. */
  progress: BuildProgress | null;
  validity: SessionValidity;
  uploading: boolean;
  /** Files whose delete is under way. */
  deleting: string[];
}

export type KnowledgeEvent =
  | { type: 'enable' }
  | { type: 'disable' }
  | { type: 'checkStarted'; sessionId: string }
  | { type: 'checkPassed'; sessionId: string; files: KnowledgeFile[]; status: ServerBuildStatus; message?: string | null }
  | { type: 'checkFailed' }
  | { type: 'expired' }
  | { type: 'uploadStarted' }
  | { type: 'uploaded'; sessionId: string; files: KnowledgeFile[] }
  | { type: 'uploadFailed' }
  | { type: 'deleteStarted'; fileId: string }
  | { type: 'deleted'; fileId: string }
  | { type: 'deleteFailed'; fileId: string }
  | { type: 'buildStarted' }
  | { type: 'buildProgress'; event: BuildStreamEvent }
  | { type: 'built' }
  | { type: 'buildFailed'; message: string };

export function initialKnowledgeState(): KnowledgeState {
  return {
    enabled: false,
    sessionId: null,
    files: [],
    build: 'none',
    buildError: null,
    progress: null,
    validity: 'unknown',
    uploading: false,
    deleting: [],
  };
}

const BUILD_FROM_SERVER: Record<ServerBuildStatus, BuildState> = {
  none: 'none',
  building: 'building',
  completed: 'built',
  error: 'error',
};

/** The file list changed: a build of the old list no longer counts (spec §4). */
const unbuilt = { build: 'none', buildError: null, progress: null } as const;

export function reduceKnowledge(state: KnowledgeState, event: KnowledgeEvent): KnowledgeState {
  switch (event.type) {
    case 'enable':
      return { ...state, enabled: true };
    case 'disable':
      // Turning the knowledge base off forgets whether the session was checked (spec §4).
      return { ...state, enabled: false, validity: 'unknown' };
    case 'checkStarted':
      return { ...state, sessionId: event.sessionId, validity: 'checking' };
    case 'checkPassed': {
      const build = BUILD_FROM_SERVER[event.status];
      return {
        ...state,
        sessionId: event.sessionId,
        files: event.files,
        validity: 'valid',
        build,
        buildError: build === 'error' ? (event.message ?? state.buildError ?? KB_TEXT.lastBuildFailed) : null,
        progress: build === 'building' ? (state.progress ?? startingBuildProgress()) : null,
      };
    }
    case 'checkFailed':
      // Not known to be alive: the next upload starts a new session rather than add to an unlisted one.
      return { ...state, sessionId: null, validity: 'unknown' };
    case 'expired':
      // A 404 on any call: session, files and build state go; the section stays as the user set it.
      return { ...initialKnowledgeState(), enabled: state.enabled, validity: 'expired' };
    case 'uploadStarted':
      return { ...state, uploading: true };
    case 'uploaded':
      return {
        ...state,
        ...unbuilt,
        uploading: false,
        sessionId: event.sessionId,
        validity: 'valid',
        // A new session (the old one is gone) starts a new list.
        files: event.sessionId === state.sessionId ? [...state.files, ...event.files] : [...event.files],
      };
    case 'uploadFailed':
      return { ...state, uploading: false };
    case 'deleteStarted':
      return state.deleting.includes(event.fileId) ? state : { ...state, deleting: [...state.deleting, event.fileId] };
    case 'deleted':
      return {
        ...state,
        ...unbuilt,
        files: state.files.filter((file) => file.fileId !== event.fileId),
        deleting: state.deleting.filter((id) => id !== event.fileId),
      };
    case 'deleteFailed':
      return { ...state, deleting: state.deleting.filter((id) => id !== event.fileId) };
    case 'buildStarted':
      return { ...state, build: 'building', buildError: null, progress: startingBuildProgress() };
    case 'buildProgress':
      if (state.build !== 'building') return state;
      return { ...state, progress: nextBuildProgress(state.progress, event.event) };
    case 'built':
      return { ...state, build: 'built', buildError: null, progress: null, validity: 'valid' };
    case 'buildFailed':
      return { ...state, build: 'error', buildError: event.message, progress: null };
  }
}

/** Derived flags the section and the submit use. */
export function knowledgeFlags(state: KnowledgeState) {
  const building = state.build === 'building';
  const busy = state.uploading || state.deleting.length > 0 || building || state.validity === 'checking';
  return {
    building,
    busy,
    canUpload: !busy,
    canBuild: state.files.length > 0 && !busy,
    /** Files are there but not built: the generation will not use them. */
    showUnbuiltHint: state.enabled && state.files.length > 0 && state.build === 'none',
  };
}
