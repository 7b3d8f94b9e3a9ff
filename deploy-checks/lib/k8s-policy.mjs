// House rules the schema cannot see: references that must resolve, and the hardening,
// probes and resource limits the issue asks for. A missing probe or a typo'd field name
// (readinesProbe) shows up here as "has no readiness probe".
const NAME = 'app.kubernetes.io/name';
const COMPONENT = 'app.kubernetes.io/component';
// Created out of band (docs/operations.md): referencing them without rendering is fine.
const EXTERNAL_SECRETS = new Set(['kickback-secrets', 'kickback-keda-redis', 'kickback-tls']);
const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'Job', 'DaemonSet']);

const podTemplate = (o) => (WORKLOADS.has(o.kind) ? o.spec?.template : null);
const subset = (sel = {}, labels = {}) => Object.keys(sel).length > 0 && Object.entries(sel).every(([k, v]) => labels[k] === v);

export function checkPolicy(objects, { requireImageTags }) {
  const problems = [];
  const find = (kind, name) => objects.find((o) => o.kind === kind && o.metadata?.name === name);
  const templates = objects.filter(podTemplate);
  const add = (o, msg) => problems.push(`${o.kind}/${o.metadata?.name}: ${msg}`);

  for (const o of templates) {
    const tpl = podTemplate(o);
    const pod = tpl.spec ?? {};
    const sel = o.spec?.selector?.matchLabels;
    if (o.kind !== 'Job' && !subset(sel, tpl.metadata?.labels)) add(o, 'selector does not match the pod template labels');
    if (pod.securityContext?.runAsNonRoot !== true) add(o, 'pod securityContext.runAsNonRoot must be true');
    const ours = tpl.metadata?.labels?.[NAME] === 'kickback';
    const volumes = new Map((pod.volumes ?? []).map((v) => [v.name, v]));
    for (const claim of o.spec?.volumeClaimTemplates ?? []) volumes.set(claim.metadata?.name, { claimTemplate: true });
    for (const c of [...(pod.containers ?? []), ...(pod.initContainers ?? [])]) {
      const where = `container ${c.name}`;
      for (const kind of ['requests', 'limits']) {
        for (const r of ['cpu', 'memory']) if (!c.resources?.[kind]?.[r]) add(o, `${where} has no ${kind}.${r}`);
      }
      const sc = c.securityContext ?? {};
      if (sc.allowPrivilegeEscalation !== false) add(o, `${where} must set allowPrivilegeEscalation: false`);
      if (!(sc.capabilities?.drop ?? []).includes('ALL')) add(o, `${where} must drop ALL capabilities`);
      if (/:latest$/.test(c.image ?? '') || (requireImageTags && !/[:@]/.test(c.image ?? ''))) {
        add(o, `${where} image ${c.image} is not pinned to a tag`);
      }
      for (const m of c.volumeMounts ?? []) if (!volumes.has(m.name)) add(o, `${where} mounts unknown volume ${m.name}`);
      for (const ref of c.envFrom ?? []) {
        if (ref.configMapRef && !find('ConfigMap', ref.configMapRef.name))
          add(o, `${where} envFrom missing ConfigMap ${ref.configMapRef.name}`);
        const s = ref.secretRef?.name;
        if (s && !find('Secret', s) && !EXTERNAL_SECRETS.has(s)) add(o, `${where} envFrom unknown Secret ${s}`);
      }
      if (!ours) continue;
      if (sc.readOnlyRootFilesystem !== true) add(o, `${where} must use readOnlyRootFilesystem`);
      const tmp = (c.volumeMounts ?? []).find((m) => m.mountPath === '/tmp');
      if (!tmp || !volumes.get(tmp.name)?.emptyDir) add(o, `${where} needs an emptyDir at /tmp`);
    }
    for (const v of volumes.values()) {
      const claim = v.persistentVolumeClaim?.claimName;
      if (claim && !find('PersistentVolumeClaim', claim)) add(o, `volume ${v.name} uses missing PVC ${claim}`);
    }
    const component = tpl.metadata?.labels?.[COMPONENT];
    if (ours && o.kind === 'Deployment' && ['api', 'worker'].includes(component)) {
      const c = pod.containers?.[0] ?? {};
      if (c.readinessProbe?.httpGet?.path !== '/readyz') add(o, 'has no readiness probe on /readyz');
      if (c.livenessProbe?.httpGet?.path !== '/healthz') add(o, 'has no liveness probe on /healthz');
      if (!(pod.terminationGracePeriodSeconds >= 30)) add(o, 'terminationGracePeriodSeconds must be at least 30');
      if (component === 'api' && !c.lifecycle?.preStop) add(o, 'api needs a preStop hook so endpoints deregister first');
    }
  }

  for (const o of objects) {
    if (o.kind === 'Service' && o.spec?.selector) {
      const matched = templates.some((t) => subset(o.spec.selector, podTemplate(t).metadata?.labels));
      if (!matched) add(o, 'selector matches no pod template');
    }
    if (o.kind === 'PodDisruptionBudget') {
      const matched = templates.some((t) => subset(o.spec?.selector?.matchLabels, podTemplate(t).metadata?.labels));
      if (!matched) add(o, 'selector matches no pod template');
    }
    if (o.kind === 'Ingress') {
      for (const rule of o.spec?.rules ?? []) {
        for (const path of rule.http?.paths ?? []) {
          const svc = find('Service', path.backend?.service?.name);
          const port = path.backend?.service?.port;
          if (!svc) add(o, `backend service ${path.backend?.service?.name} does not exist`);
          else if (port?.name && !(svc.spec?.ports ?? []).some((p) => p.name === port.name)) {
            add(o, `backend port ${port.name} is not a port of ${svc.metadata.name}`);
          }
        }
      }
    }
    const scaler = o.kind === 'HorizontalPodAutoscaler' || o.kind === 'ScaledObject';
    if (scaler) {
      const ref = o.spec?.scaleTargetRef ?? {};
      const target = find(ref.kind ?? 'Deployment', ref.name);
      if (!target) add(o, `scale target ${ref.name} does not exist`);
      else if (target.spec?.replicas !== undefined) add(o, `scale target ${ref.name} sets replicas, which would fight the autoscaler`);
    }
  }
  const scaled = objects.filter((o) => o.kind === 'HorizontalPodAutoscaler' || o.kind === 'ScaledObject');
  const targets = scaled.map((o) => o.spec?.scaleTargetRef?.name);
  for (const t of new Set(targets)) {
    if (targets.filter((x) => x === t).length > 1) problems.push(`${t} is scaled by more than one autoscaler`);
  }
  return problems;
}
