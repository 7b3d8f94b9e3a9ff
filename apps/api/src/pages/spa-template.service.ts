import { Injectable, Logger } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AppConfig } from '@kickback/platform';
import { jsonForScript } from './html-escape';

export type SpaEntry = 'index' | 'admin' | 'overlay';
const MARKER = '<!--app-data-->';

/**
 * The built HTML entries, read once (re-read on every page only in development, where the client is rebuilt while
 * the api runs); the page data goes where the marker stands.
 */
@Injectable()
export class SpaTemplateService {
  private readonly logger = new Logger(SpaTemplateService.name);
  private readonly cache = new Map<SpaEntry, string>();

  constructor(private readonly config: AppConfig) {}

  get distDir(): string {
    return resolve(this.config.env.FRONTEND_DIST);
  }

  render(entry: SpaEntry, data: unknown, nonce: string): string {
    const script = `<script nonce="${nonce}">window.__APP__=${jsonForScript(data)};</script>`;
    // A function replacement: the data is inserted as it is, never read for `$'`, `$&` or `$$` patterns.
    return this.template(entry).replace(MARKER, () => script);
  }

  private template(entry: SpaEntry): string {
    const cached = this.cache.get(entry);
    if (cached) return cached;
    let html: string;
    try {
      html = readFileSync(join(this.distDir, `${entry}.html`), 'utf8');
    } catch {
      this.logger.warn(`frontend build missing (${entry}.html in ${this.distDir}); run npm run build`);
      html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kickback</title>${MARKER}</head><body><div id="root"></div></body></html>`;
    }
    if (!html.includes(MARKER)) throw new Error(`${entry}.html has no ${MARKER} marker`);
    if (this.config.env.NODE_ENV !== 'development') this.cache.set(entry, html);
    return html;
  }
}
