import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A built page as the frontend's build writes it: the data marker in the head, the app's root element in the body. */
export const builtPage = (root: string) => `<!doctype html><html><head><!--app-data--></head><body><div id="${root}"></div></body></html>`;

/** A stand-in for the built frontend (FRONTEND_DIST): these files, by path, in a new temporary folder. */
export function frontendDist(files: Record<string, string>): string {
  const dist = mkdtempSync(join(tmpdir(), 'kb-dist-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), text);
  }
  return dist;
}

/** The data the api injected into a served page (`window.__APP__`). */
export function injectedPageData<T>(html: string): T {
  const match = /<script nonce="[^"]+">window\.__APP__=(.*?);<\/script>/s.exec(html);
  if (!match) throw new Error('no injected page data');
  return JSON.parse(match[1]!) as T;
}
