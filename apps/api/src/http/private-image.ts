import type { Response } from 'express';

/**
 * Sends a private image (a ticket attachment, a payout's proof) that the caller was found allowed to see. The path is
 * ours, a server-made name under UPLOAD_DIR (by default .data/uploads), so dot-folders in it are allowed. The image
 * headers go with the file only (never cached by shared caches), so a file missing on disk answers the JSON 404.
 */
export function sendPrivateImage(res: Response, path: string, notFoundMessage: string): void {
  const headers = { 'Content-Type': 'image/webp', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, max-age=300' };
  res.sendFile(path, { dotfiles: 'allow', headers }, (err) => {
    if (err && !res.headersSent) res.status(404).json({ success: false, message: notFoundMessage });
  });
}
