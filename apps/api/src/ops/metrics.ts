import { ensureDefaultMetrics, metric, metricsRegister } from '@kickback/platform';

ensureDefaultMetrics();

export const httpDuration = metric.histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request latency',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
});

export const httpErrors = metric.counter({ name: 'http_server_errors_total', help: '5xx answers', labelNames: ['route'] });

export const socketConnections = metric.gauge({ name: 'socketio_connections', help: 'Open Socket.IO connections on this replica' });

/** Requests made over the socket (raffle:enter) do not pass the HTTP middleware, so they are timed here. */
export const socketRequestDuration = metric.histogram({
  name: 'socketio_request_duration_seconds',
  help: 'Latency of client requests answered over Socket.IO acknowledgements',
  labelNames: ['event', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
});

export { metricsRegister as register };
