const SANDBOX_PATH = '/pay/sandbox/';

/**
 * The embedded default's sandbox page (a codeUrl a phone cannot reach), as a link on this
 * origin so the session cookie goes along even when PUBLIC_URL names another host; null for a
 * real WeChat code (weixin://…).
 */
export function sandboxHref(codeUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(codeUrl, window.location.origin);
  } catch {
    return null;
  }
  if (!url.protocol.startsWith('http') || !url.pathname.startsWith(SANDBOX_PATH)) return null;
  return url.pathname;
}
