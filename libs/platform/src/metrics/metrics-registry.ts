import {
  Counter,
  Gauge,
  Histogram,
  collectDefaultMetrics,
  register,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';

let defaultsCollected = false;

/** Process metrics once per process, even when an api and a worker share one (tests). */
export function ensureDefaultMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register });
}

function existing<T>(name: string): T | undefined {
  return register.getSingleMetric(name) as T | undefined;
}

export const metric = {
  gauge: <L extends string>(cfg: GaugeConfiguration<L>) => existing<Gauge<L>>(cfg.name) ?? new Gauge(cfg),
  counter: <L extends string>(cfg: CounterConfiguration<L>) => existing<Counter<L>>(cfg.name) ?? new Counter(cfg),
  histogram: <L extends string>(cfg: HistogramConfiguration<L>) => existing<Histogram<L>>(cfg.name) ?? new Histogram(cfg),
};

export { register as metricsRegister };
