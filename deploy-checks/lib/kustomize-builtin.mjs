// A small, deliberately partial kustomize: exactly the features k8s/ uses, and a loud
// error for anything else. It renders when no kubectl with kustomize >= v4 exists, and
// is compared object by object with `kubectl kustomize` whenever that does exist, so it
// cannot drift silently from the real thing.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { parseDocs, readDocs, readYaml } from './yaml-docs.mjs';

const SUPPORTED = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'labels',
  'resources',
  'images',
  'generatorOptions',
  'configMapGenerator',
  'secretGenerator',
  'patches',
]);
const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'PersistentVolume',
  'StorageClass',
  'PriorityClass',
  'IngressClass',
]);
// Strategic-merge keys of the lists the patches here touch; other lists are replaced.
const MERGE_KEYS = {
  containers: 'name',
  initContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  imagePullSecrets: 'name',
};

export function renderBuiltin(dir) {
  const kfile = join(dir, 'kustomization.yaml');
  if (!existsSync(kfile)) throw new Error(`${dir}: no kustomization.yaml`);
  const k = readYaml(kfile) ?? {};
  for (const key of Object.keys(k)) {
    if (!SUPPORTED.has(key)) throw new Error(`${kfile}: built-in renderer does not support "${key}"`);
  }

  let objects = [];
  for (const entry of k.resources ?? []) {
    const p = resolve(dir, entry);
    if (statSync(p).isDirectory()) objects.push(...renderBuiltin(p));
    else objects.push(...readDocs(p));
  }

  const opts = k.generatorOptions ?? {};
  for (const gen of k.configMapGenerator ?? []) objects = generate(objects, gen, 'ConfigMap', opts, kfile);
  for (const gen of k.secretGenerator ?? []) objects = generate(objects, gen, 'Secret', opts, kfile);

  for (const p of k.patches ?? []) objects = applyPatch(objects, p, dir, kfile);
  for (const img of k.images ?? []) objects.forEach((o) => setImages(o, img));
  for (const l of k.labels ?? []) {
    if (l.includeSelectors || l.includeTemplates) throw new Error(`${kfile}: labels with selectors/templates unsupported`);
    objects.forEach((o) => (o.metadata.labels = { ...(o.metadata.labels ?? {}), ...l.pairs }));
  }
  if (k.namespace) {
    for (const o of objects) if (!CLUSTER_SCOPED.has(o.kind)) o.metadata.namespace = k.namespace;
  }
  return objects;
}

function generate(objects, gen, kind, opts, kfile) {
  if (!opts.disableNameSuffixHash) throw new Error(`${kfile}: name suffix hashes unsupported; set generatorOptions.disableNameSuffixHash`);
  const unsupported = Object.keys(gen).filter((x) => !['name', 'behavior', 'literals'].includes(x));
  if (unsupported.length) throw new Error(`${kfile}: ${kind} generator field ${unsupported[0]} unsupported`);
  const data = {};
  for (const lit of gen.literals ?? []) {
    const i = lit.indexOf('=');
    const value = lit.slice(i + 1);
    data[lit.slice(0, i)] = kind === 'Secret' ? Buffer.from(value).toString('base64') : value;
  }
  const behavior = gen.behavior ?? 'create';
  const idx = objects.findIndex((o) => o.kind === kind && o.metadata?.name === gen.name);
  if (behavior === 'create') {
    if (idx >= 0) throw new Error(`${kfile}: ${kind} ${gen.name} already exists`);
    const obj = { apiVersion: 'v1', kind, metadata: { name: gen.name }, data };
    if (kind === 'Secret') obj.type = 'Opaque';
    return [...objects, obj];
  }
  if (idx < 0) throw new Error(`${kfile}: ${behavior} of missing ${kind} ${gen.name}`);
  const old = objects[idx];
  const next = structuredClone(old);
  if (behavior === 'merge') next.data = { ...(old.data ?? {}), ...data };
  else if (behavior === 'replace') {
    next.data = data;
    delete next.stringData;
  } else throw new Error(`${kfile}: generator behavior ${behavior} unsupported`);
  return objects.map((o, i) => (i === idx ? next : o));
}

function matches(obj, target) {
  if (!target) return false;
  if (target.kind && obj.kind !== target.kind) return false;
  if (target.name && obj.metadata?.name !== target.name) return false;
  const extra = Object.keys(target).filter((x) => !['kind', 'name'].includes(x));
  if (extra.length) throw new Error(`patch target field ${extra[0]} unsupported`);
  return true;
}

function applyPatch(objects, p, dir, kfile) {
  const text = p.path ? readFileSync(resolve(dir, p.path), 'utf8') : p.patch;
  if (typeof text !== 'string') throw new Error(`${kfile}: patch needs path or patch`);
  const parsed = parse(text);
  if (Array.isArray(parsed)) {
    if (!p.target) throw new Error(`${kfile}: JSON6902 patch needs a target`);
    let hit = 0;
    const out = objects.map((o) => {
      if (!matches(o, p.target)) return o;
      hit++;
      return jsonPatch(structuredClone(o), parsed);
    });
    if (!hit) throw new Error(`${kfile}: patch target matched nothing`);
    return out;
  }
  const [smp] = parseDocs(text, p.path ?? 'inline patch');
  const target = p.target ?? { kind: smp.kind, name: smp.metadata?.name };
  if (!objects.some((o) => matches(o, target))) throw new Error(`${kfile}: patch ${p.path ?? ''} matched nothing`);
  if (smp.$patch === 'delete') return objects.filter((o) => !matches(o, target));
  if (smp.$patch) throw new Error(`${kfile}: $patch ${smp.$patch} unsupported`);
  return objects.map((o) => {
    if (!matches(o, target)) return o;
    const { apiVersion, kind, ...rest } = smp;
    return strategicMerge(structuredClone(o), rest);
  });
}

function strategicMerge(base, patch, field) {
  if (Array.isArray(patch)) {
    const key = MERGE_KEYS[field];
    if (!key || !Array.isArray(base)) return structuredClone(patch);
    const out = [...base];
    for (const item of patch) {
      if (!(key in item)) throw new Error(`strategic merge: ${field} item without ${key}`);
      const i = out.findIndex((b) => b[key] === item[key]);
      if (i >= 0) out[i] = strategicMerge(out[i], item, undefined);
      else out.push(structuredClone(item));
    }
    return out;
  }
  if (patch && typeof patch === 'object') {
    const out = base && typeof base === 'object' && !Array.isArray(base) ? base : {};
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete out[k];
      else out[k] = strategicMerge(out[k], v, k);
    }
    return out;
  }
  return patch;
}

function pointer(path) {
  return path
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function jsonPatch(obj, ops) {
  for (const op of ops) {
    const parts = pointer(op.path);
    const last = parts.pop();
    let parent = obj;
    for (const part of parts) {
      parent = parent?.[Array.isArray(parent) ? Number(part) : part];
      if (parent === undefined) throw new Error(`JSON6902 ${op.op} ${op.path}: path does not exist`);
    }
    const key = Array.isArray(parent) ? (last === '-' ? parent.length : Number(last)) : last;
    if (op.op === 'remove' || op.op === 'replace') {
      if (!(key in parent)) throw new Error(`JSON6902 ${op.op} ${op.path}: path does not exist`);
    }
    if (op.op === 'remove') Array.isArray(parent) ? parent.splice(key, 1) : delete parent[key];
    else if (op.op === 'replace') parent[key] = op.value;
    else if (op.op === 'add') Array.isArray(parent) ? parent.splice(key, 0, op.value) : (parent[key] = op.value);
    else throw new Error(`JSON6902 op ${op.op} unsupported`);
  }
  return obj;
}

function podSpecOf(obj) {
  const spec = obj.spec;
  if (!spec) return null;
  if (obj.kind === 'Pod') return spec;
  if (obj.kind === 'CronJob') return spec.jobTemplate?.spec?.template?.spec ?? null;
  return spec.template?.spec ?? null;
}

function setImages(obj, img) {
  const pod = podSpecOf(obj);
  if (!pod) return;
  for (const c of [...(pod.containers ?? []), ...(pod.initContainers ?? [])]) {
    const m = /^([^@:]+(?::\d+\/[^@:]+)?)(?::([^@]+))?(@.+)?$/.exec(c.image ?? '');
    if (!m || m[1] !== img.name) continue;
    const name = img.newName ?? m[1];
    const tag = img.digest ? `@${img.digest}` : img.newTag ? `:${img.newTag}` : m[2] ? `:${m[2]}` : (m[3] ?? '');
    c.image = name + tag;
  }
}
