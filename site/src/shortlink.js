// shortlink: the page's side of kubeplay's short-link service (site/worker, issue 6).
//
// When the playground is served by the Cloudflare Worker, a short link https://HOST/s/{id} opens the page and
// loadShortLink() fetches the stored v1: payload from GET /api/share/{id}; the caller decodes it exactly like a
// #v1:… fragment (share.js). createShortLink() stores a payload with POST /api/share. Anywhere else (the dev
// server, a static host) there is no such API: createShortLink() resolves to null and the Share button keeps
// the fragment link. Everything fetched here is untrusted text; it is only ever decoded, never rendered as HTML.

const ID = /^\/s\/([A-Za-z0-9_-]{11,43})\/?$/;

// shortLinkID returns the id in a /s/{id} path, or null.
export function shortLinkID(pathname = globalThis.location ? location.pathname : '') {
  const m = ID.exec(pathname || '');
  return m ? m[1] : null;
}

// ShortLinkError carries the HTTP status (0 for a network failure) and a message to show.
export class ShortLinkError extends Error {
  constructor(message, status) {
    super(message);
    this.name = 'ShortLinkError';
    this.status = status;
  }
}

// loadShortLink resolves to the v1: payload when the page was opened at /s/{id}, and to null otherwise (no
// short link: use the #fragment if any). It rejects with a ShortLinkError when the link cannot be read: 404
// unknown, 400 malformed, 503 store unavailable, or a network error; the page then shows the message and
// opens the default scenario, never a blank page.
export async function loadShortLink() {
  const path = globalThis.location ? location.pathname : '';
  if (!path.startsWith('/s/')) return null;
  const id = shortLinkID(path);
  if (!id) throw new ShortLinkError('this short link is malformed', 400);
  let res;
  try {
    res = await fetch(`/api/share/${id}`, { headers: { Accept: 'text/plain' }, credentials: 'same-origin' });
  } catch (e) {
    throw new ShortLinkError(`the short link could not be loaded: ${e && e.message ? e.message : e}`, 0);
  }
  if (res.status === 404) throw new ShortLinkError('this short link does not exist', 404);
  if (!res.ok) throw new ShortLinkError(`the short link could not be loaded (HTTP ${res.status})`, res.status);
  const text = (await res.text()).trim();
  if (!text.startsWith('v1:')) throw new ShortLinkError('the short link holds no kubeplay state', 422);
  return text;
}

// createShortLink stores a v1: payload and resolves to {id, url}, or to null when no short-link service
// answers here or it refuses for now (413 too large, 429 too many, 503 unavailable): keep the fragment link.
export async function createShortLink(payload) {
  let res;
  try {
    res = await fetch('/api/share', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=utf-8' },
      body: payload,
      credentials: 'same-origin',
    });
  } catch (_) {
    return null;
  }
  if (res.status !== 201) return null;
  try {
    const out = await res.json();
    return out && typeof out.id === 'string' && typeof out.url === 'string' ? { id: out.id, url: out.url } : null;
  } catch (_) {
    return null;
  }
}
