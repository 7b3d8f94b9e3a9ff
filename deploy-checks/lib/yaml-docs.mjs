// Multi-document YAML helpers shared by the renderers and the checks.
import { readFileSync } from 'node:fs';
import { parseAllDocuments, parse } from 'yaml';

/** Every non-empty document of a YAML stream; a syntax error names the source. */
export function parseDocs(text, source) {
  const docs = parseAllDocuments(text, { prettyErrors: true, merge: true });
  const out = [];
  for (const doc of docs) {
    if (doc.errors.length) throw new Error(`${source}: ${doc.errors[0].message}`);
    const value = doc.toJS();
    if (value !== null && value !== undefined) out.push(value);
  }
  return out;
}

export function readYaml(path) {
  // merge: compose files use YAML 1.1 merge keys (<<: *anchor) as docker-compose does.
  return parse(readFileSync(path, 'utf8'), { prettyErrors: true, merge: true });
}

export function readDocs(path) {
  return parseDocs(readFileSync(path, 'utf8'), path);
}

/** Stable identity of a rendered object, as kustomize itself keys them. */
export function objectId(obj) {
  const ns = obj?.metadata?.namespace ?? '';
  return `${obj?.apiVersion}/${obj?.kind} ${ns ? ns + '/' : ''}${obj?.metadata?.name}`;
}
