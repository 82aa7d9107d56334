import { createHash } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { StorageConfig } from '../../config/config-types.js';

/** The WeChat JS-SDK, loaded by the share button inside WeChat (apps/web/src/features/share/wechat-sdk.ts). */
export const WECHAT_SDK_ORIGIN = 'https://res.wx.qq.com';

export interface SecurityHeaderSettings {
  publicUrl: string;
  storage: StorageConfig;
  /**
   * Other hosts the app shows pictures from now: the stock sources' thumbnails. Asked at each
   * response, since an operator can switch the sources without a restart (decision 083).
   */
  imageOrigins?: () => readonly string[];
}

type Directives = Record<string, string[]>;

function imageSources(settings: SecurityHeaderSettings, origins: readonly string[]): string[] {
  const sources = ["'self'", 'data:', 'blob:'];
  if (settings.storage.driver === 's3' && settings.storage.endpoint) sources.push(new URL(settings.storage.endpoint).origin);
  // The picture search shows a stock source's candidates from its own CDN until one is picked
  // (the picked one is copied to our storage): only the hosts of the sources in use.
  for (const origin of origins) if (!sources.includes(origin)) sources.push(origin);
  return sources;
}

/** img-src for this response: worked out again only when the origins in use change (one list per setting). */
const NO_ORIGINS: readonly string[] = [];

function currentImageSources(settings: SecurityHeaderSettings): () => string {
  let origins: readonly string[] | undefined;
  let value = '';
  return () => {
    const now = settings.imageOrigins?.() ?? NO_ORIGINS;
    if (now !== origins) {
      origins = now;
      value = imageSources(settings, now).join(' ');
    }
    return value;
  };
}

/**
 * The Content-Security-Policy of the web app and the share page. Everything the built app loads
 * comes from this origin: scripts and styles are files (no inline script, no inline style
 * element), the progress streams are same-origin EventSource/fetch calls, and pictures are
 * served by this server under /media (or come from data:/blob: URLs: QR codes, the avatar crop).
 * The storage host is allowed for images in case a deployment links its bucket directly, and the
 * image hosts of the stock sources in use for the picture search's candidates.
 */
export function appDirectives(settings: SecurityHeaderSettings): Directives {
  const imageSourcesNow = imageSources(settings, settings.imageOrigins?.() ?? []);
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", WECHAT_SDK_ORIGIN],
    'style-src': ["'self'"],
    'img-src': imageSourcesNow,
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'media-src': ["'self'"],
    'object-src': ["'none'"],
    // The app frames one page of its own: the WeChat layout preview (framedPreviewDirectives).
    'frame-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (isHttps(settings.publicUrl)) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * A small server-rendered page (the sandbox payment page, the dev outbox): nothing but its own
 * style element, named by hash, and scripts from this origin.
 */
export function pageDirectives(inlineStyles: readonly string[]): Directives {
  return {
    'default-src': ["'none'"],
    'style-src': inlineStyles.map(inlineHash),
    'script-src': ["'self'"],
    'connect-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * The WeChat layout preview (publish/themes/preview-page.ts), framed by the app: the themed
 * article is all inline `style` attributes, which the app's own policy refuses, so the page gets a
 * policy of its own: inline styles, no script at all, pictures from this site (and from the
 * address the themed HTML makes them absolute to, and the storage bucket), framed by the app only.
 */
export function framedPreviewDirectives(settings: Pick<SecurityHeaderSettings, 'publicUrl' | 'storage'>): Directives {
  const imageSources = ["'self'", 'data:'];
  const publicOrigin = new URL(settings.publicUrl).origin;
  imageSources.push(publicOrigin);
  if (settings.storage.driver === 's3' && settings.storage.endpoint) {
    const storageOrigin = new URL(settings.storage.endpoint).origin;
    if (!imageSources.includes(storageOrigin)) imageSources.push(storageOrigin);
  }
  return {
    'default-src': ["'none'"],
    'style-src': ["'unsafe-inline'"],
    'script-src': ["'none'"],
    'img-src': imageSources,
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'self'"],
  };
}

/** The CSP source that allows exactly this inline style or script text. */
export function inlineHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

export function serializeDirectives(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => (values.length ? `${name} ${values.join(' ')}` : name))
    .join('; ');
}

/** Replaces the policy of one response (a page whose needs differ from the app's). */
export function setPagePolicy(reply: FastifyReply, inlineStyles: readonly string[]): FastifyReply {
  return reply.header('Content-Security-Policy', serializeDirectives(pageDirectives(inlineStyles)));
}

const isHttps = (url: string) => new URL(url).protocol === 'https:';

/**
 * Security headers on every response (decision 044): a strict CSP, no framing, nosniff, no
 * referrer to other sites, HSTS when the site is served over HTTPS, and the request id.
 */
export async function registerSecurityHeaders(app: FastifyInstance, settings: SecurityHeaderSettings): Promise<void> {
  const https = isHttps(settings.publicUrl);
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      // img-src is worked out per response: the stock sources in use may change (decision 083).
      directives: { ...appDirectives(settings), 'img-src': [currentImageSources(settings)] },
    },
    // WeChat's article editor and other sites show our pictures when a creator pastes an article:
    // stored media is cross-origin readable (set on the media route); the rest stays same-origin.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: { allow: false },
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
}
