// Schema validation of rendered objects with kubernetes-models (the Kubernetes OpenAPI
// schemas compiled to validators). It catches wrong types, missing required fields and
// bad enums; it does not flag unknown fields, which k8s-policy.mjs partly covers.
import { createRequire } from 'node:module';
import { checkScaledObject, checkTriggerAuthentication } from './keda.mjs';

const require = createRequire(import.meta.url);
const CRD_CHECKS = {
  'keda.sh/v1alpha1/ScaledObject': checkScaledObject,
  'keda.sh/v1alpha1/TriggerAuthentication': checkTriggerAuthentication,
};

function modelFor(apiVersion, kind) {
  if (typeof apiVersion !== 'string' || !/^[a-z0-9.\-/]+$/.test(apiVersion)) return null;
  try {
    const mod = require(`kubernetes-models/${apiVersion}`);
    return typeof mod[kind] === 'function' ? mod[kind] : null;
  } catch {
    return null;
  }
}

/** Problems for one object; empty when valid. */
export function validateSchema(obj) {
  if (!obj || typeof obj !== 'object') return ['document is not an object'];
  if (!obj.metadata?.name) return ['metadata.name is missing'];
  const crd = CRD_CHECKS[`${obj.apiVersion}/${obj.kind}`];
  if (crd) return crd(obj);
  const Model = modelFor(obj.apiVersion, obj.kind);
  if (!Model) return [`no schema known for ${obj.apiVersion} ${obj.kind}`];
  try {
    new Model(obj).validate();
    return [];
  } catch (err) {
    return [
      String(err.message ?? err)
        .split('\n')
        .slice(0, 5)
        .join('; '),
    ];
  }
}
