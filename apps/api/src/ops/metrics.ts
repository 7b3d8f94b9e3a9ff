import { Counter, Gauge, Histogram, collectDefaultMetrics, register } from 'prom-client';

collectDefaultMetrics({ register });

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request latency',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
});

export const httpErrors = new Counter({ name: 'http_server_errors_total', help: '5xx answers', labelNames: ['route'] });

export const socketConnections = new Gauge({ name: 'socketio_connections', help: 'Open Socket.IO connections on this replica' });

export { register };
