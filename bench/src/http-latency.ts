/**
 * Rough HTTP latency probe: `npx tsx bench/src/http-latency.ts [baseUrl] [requests] [concurrency]`.
 * Hits an endpoint that needs no account (the 401 path of GET /api/system/config)
 * and prints p50/p95/p99. Real load scenarios are added by later issues.
 */
import { API_BASE, api } from '@parley/protocol';

const [base = 'http://127.0.0.1:8080', total = '2000', concurrency = '50'] = process.argv.slice(2);
const url = `${base}${API_BASE}${api.systemConfig.path}`;
const n = Number(total);
const c = Number(concurrency);
const times: number[] = [];
let next = 0;

async function worker(): Promise<void> {
  while (next < n) {
    next++;
    const t0 = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: c }, () => worker()));
const elapsed = (performance.now() - started) / 1000;
times.sort((a, b) => a - b);
const pct = (p: number): string => (times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0).toFixed(1);
console.log(`${n} requests, concurrency ${c}, ${(n / elapsed).toFixed(0)} req/s`);
console.log(`p50 ${pct(0.5)} ms  p95 ${pct(0.95)} ms  p99 ${pct(0.99)} ms`);
