// KEDA is a CRD with no model in kubernetes-models: a structural check of the fields
// KEDA itself requires, so a typo or a wrong type still fails the build.
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isStr = (v) => typeof v === 'string' && v.length > 0;
const isInt = (v) => Number.isInteger(v) && v >= 0;

export function checkScaledObject(o) {
  const p = [];
  const s = o.spec;
  if (!isObj(s)) return ['spec must be an object'];
  if (!isObj(s.scaleTargetRef) || !isStr(s.scaleTargetRef.name)) p.push('spec.scaleTargetRef.name must be a string');
  for (const f of ['minReplicaCount', 'maxReplicaCount', 'pollingInterval', 'cooldownPeriod']) {
    if (f in s && !isInt(s[f])) p.push(`spec.${f} must be a non-negative integer`);
  }
  if (isInt(s.minReplicaCount) && isInt(s.maxReplicaCount) && s.minReplicaCount > s.maxReplicaCount) {
    p.push('spec.minReplicaCount exceeds maxReplicaCount');
  }
  if (!Array.isArray(s.triggers) || s.triggers.length === 0) return [...p, 'spec.triggers must be a non-empty array'];
  s.triggers.forEach((t, i) => {
    if (!isObj(t) || !isStr(t.type)) return p.push(`spec.triggers[${i}].type must be a string`);
    if (!isObj(t.metadata)) return p.push(`spec.triggers[${i}].metadata must be an object`);
    for (const [k, v] of Object.entries(t.metadata)) {
      if (typeof v !== 'string') p.push(`spec.triggers[${i}].metadata.${k} must be a string (KEDA reads strings)`);
    }
    if (t.authenticationRef !== undefined && !(isObj(t.authenticationRef) && isStr(t.authenticationRef.name))) {
      p.push(`spec.triggers[${i}].authenticationRef.name must be a string`);
    }
    if (t.type === 'redis') {
      if (!isStr(t.metadata.listName)) p.push(`spec.triggers[${i}].metadata.listName is required for redis`);
      if (!/^\d+$/.test(t.metadata.listLength ?? '')) p.push(`spec.triggers[${i}].metadata.listLength must be a number string`);
      const hasAddr = ['address', 'addressFromEnv', 'host', 'hostFromEnv'].some((k) => k in t.metadata);
      if (!hasAddr && !t.authenticationRef) p.push(`spec.triggers[${i}]: redis needs an address or an authenticationRef`);
    }
  });
  return p;
}

export function checkTriggerAuthentication(o) {
  const s = o.spec;
  if (!isObj(s)) return ['spec must be an object'];
  const refs = s.secretTargetRef ?? [];
  if (!Array.isArray(refs)) return ['spec.secretTargetRef must be an array'];
  const p = [];
  refs.forEach((r, i) => {
    for (const f of ['parameter', 'name', 'key']) if (!isStr(r?.[f])) p.push(`spec.secretTargetRef[${i}].${f} must be a string`);
  });
  if (!refs.length && !s.env && !s.podIdentity && !s.hashiCorpVault) p.push('spec has no credential source');
  return p;
}
