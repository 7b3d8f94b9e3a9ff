import { ADMIN_USER_MESSAGES } from '@kickback/contracts';
import { escapeHtml } from './html-escape';

export interface LoginPageView {
  siteName: string;
  csrfToken: string;
  error: string | null;
  /** Set when the refused login was a banned member's: the admin's reason, shown with the way to appeal. */
  banReason: string | null;
  /** Where to go back to after login (already checked by safeReturnPath). */
  returnTo: string | null;
  demoUsers: { id: number; username: string; role: string }[] | null;
  primaryColor: string;
}

export const LOGIN_ERRORS: Record<string, string> = {
  denied: 'Login was cancelled on Kick.',
  state: 'Your login attempt expired or was not started here. Please try again.',
  failed: 'Kick login failed. Please try again.',
  linked: 'That Kick account is already linked to another user.',
  banned: ADMIN_USER_MESSAGES.bannedMember,
};

function banDetails(v: LoginPageView): string {
  if (v.error !== LOGIN_ERRORS.banned) return '';
  const reason = v.banReason ? `<p>Reason: ${escapeHtml(v.banReason)}</p>` : '';
  return `${reason}<p>If you think this is a mistake, <a href="/contact">contact us</a>.</p>`;
}

/** The full-page login screen (SPEC §2: /login is a full page load). */
export function renderLoginPage(v: LoginPageView): string {
  const demo = v.demoUsers
    ? `<section class="demo" aria-labelledby="demo-title"><h2 id="demo-title">Demo login</h2>
<p>Local demo only: pick a seeded account.</p>
<form method="post" action="/login/dev">
<input type="hidden" name="_csrf" value="${escapeHtml(v.csrfToken)}">
${v.returnTo ? `<input type="hidden" name="next" value="${escapeHtml(v.returnTo)}">` : ''}
<ul>${v.demoUsers
        .map(
          (u) =>
            `<li><button type="submit" name="user_id" value="${u.id}">${escapeHtml(u.username)} <span>${escapeHtml(u.role)}</span></button></li>`,
        )
        .join('')}</ul></form></section>`
    : '';
  const error = v.error ? `<div class="error" role="alert"><p>${escapeHtml(v.error)}</p>${banDetails(v)}</div>` : '';
  const kickHref = v.returnTo ? `/auth/kick?${new URLSearchParams({ next: v.returnTo }).toString()}` : '/auth/kick';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Login · ${escapeHtml(v.siteName)}</title>
<style>
:root{--primary:${escapeHtml(v.primaryColor)}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:radial-gradient(circle at top,#2a160c,#0f0805 60%);color:#f5efe9;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{width:min(420px,92vw);background:#1c120d;border:1px solid #3a2518;border-radius:16px;padding:2rem;box-shadow:0 20px 60px #0008}
h1{margin:0 0 .25rem;font-size:1.6rem}p{margin:.25rem 0 1rem;color:#d9c9bd}
.kick{display:flex;align-items:center;justify-content:center;gap:.5rem;width:100%;padding:.85rem 1rem;border-radius:10px;background:#53fc18;color:#0b0b0b;font-weight:700;text-decoration:none}
.kick:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #fff;outline-offset:2px}
.error{background:#4a1410;border:1px solid #b3261e;border-radius:8px;padding:.6rem .8rem;margin-bottom:1rem;color:#ffd9d4}.error p{margin:.25rem 0;color:inherit}.error a{color:#fff}
.demo{margin-top:1.5rem;border-top:1px solid #3a2518;padding-top:1rem}.demo h2{font-size:1rem;margin:0}
.demo ul{list-style:none;padding:0;margin:0;display:grid;gap:.5rem}
.demo button{width:100%;display:flex;justify-content:space-between;padding:.6rem .8rem;border-radius:8px;border:1px solid #3a2518;background:#26180f;color:#f5efe9;font:inherit;cursor:pointer}
.demo button:hover{border-color:var(--primary)}.demo span{color:#f4a460;font-size:.85rem}
.back{display:inline-block;margin-top:1.25rem;color:#f4a460}
</style></head>
<body><main>
<h1>${escapeHtml(v.siteName)}</h1>
<p>Log in with your Kick account to collect points, enter raffles and make predictions.</p>
${error}
<a class="kick" href="${escapeHtml(kickHref)}">Log in with Kick</a>
${demo}
<a class="back" href="/">Back to the site</a>
</main></body></html>`;
}
