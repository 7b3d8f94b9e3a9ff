// Rendering overlays: `kubectl kustomize` when a kubectl with kustomize >= v4 exists
// (Debian's kubernetes-client 1.20 bundles kustomize v2, too old for `labels`/`patches`),
// otherwise the built-in subset renderer. With both, the two must agree.
import { spawnSync } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';
import { parseDocs, objectId } from './yaml-docs.mjs';
import { renderBuiltin } from './kustomize-builtin.mjs';

export function findKubectl() {
  if (process.env.DEPLOY_CHECKS_NO_KUBECTL === '1') return null;
  const r = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
  if (r.status !== 0) return null;
  const m = /Kustomize Version:\s*v(\d+)\.(\d+)\.(\d+)/.exec(r.stdout);
  const client = /Client Version:\s*(\S+)/.exec(r.stdout)?.[1] ?? 'unknown';
  if (!m || Number(m[1]) < 4) return { usable: false, client };
  return { usable: true, client, kustomize: `v${m[1]}.${m[2]}.${m[3]}` };
}

function renderKubectl(dir) {
  const r = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 32 << 20 });
  if (r.error) throw new Error(`kubectl kustomize ${dir}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`kubectl kustomize ${dir} failed:\n${r.stderr.trim()}`);
  return parseDocs(r.stdout, `kubectl kustomize ${dir}`);
}

/** Returns { objects, problems, renderer }. */
export function render(dir, kubectl) {
  const problems = [];
  let builtin;
  try {
    builtin = renderBuiltin(dir);
  } catch (err) {
    builtin = err;
  }
  if (!kubectl?.usable) {
    if (builtin instanceof Error) return { objects: [], problems: [builtin.message], renderer: 'built-in' };
    return { objects: builtin, problems, renderer: 'built-in' };
  }
  let objects;
  try {
    objects = renderKubectl(dir);
  } catch (err) {
    return { objects: [], problems: [err.message], renderer: 'kubectl' };
  }
  if (builtin instanceof Error) {
    problems.push(`built-in renderer (the fallback) cannot render what kubectl can: ${builtin.message}`);
  } else {
    problems.push(...compare(objects, builtin));
  }
  return { objects, problems, renderer: `kubectl ${kubectl.client}, kustomize ${kubectl.kustomize}` };
}

function compare(real, ours) {
  const problems = [];
  const byId = new Map(ours.map((o) => [objectId(o), o]));
  for (const o of real) {
    const id = objectId(o);
    if (!byId.has(id)) problems.push(`built-in renderer is missing ${id}`);
    else if (!isDeepStrictEqual(o, byId.get(id))) problems.push(`built-in renderer differs from kubectl on ${id}`);
    byId.delete(id);
  }
  for (const id of byId.keys()) problems.push(`built-in renderer has extra ${id}`);
  return problems;
}
