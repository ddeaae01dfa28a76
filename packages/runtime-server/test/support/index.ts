// Throwaway PostgreSQL and Redis servers for tests and the benchmark (`@svc/runtime-server/test-support`).
export { sharedPg, type PgServer } from './pg-server.js';
export { sharedRedis, type RedisServer } from './redis-server.js';
