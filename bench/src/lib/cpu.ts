/** CPU readings from /proc (Linux): a process's own CPU time and the whole machine's load. */
import { readFileSync } from 'node:fs';

const TICKS = 100; // USER_HZ on Linux

/** The user + system CPU of process `pid` so far, in seconds (NaN without a pid). */
export function processCpu(pid: string): number {
  if (!pid) return NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** The user and system (kernel) CPU of process `pid` so far, in seconds. */
export function processCpuSplit(pid: string): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { user: Number(fields[11]) / TICKS, system: Number(fields[12]) / TICKS };
}

/** Whole machine: busy and total jiffies. */
export function machineCpu(): { busy: number; total: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = f.reduce((x, y) => x + y, 0);
  const idle = (f[3] ?? 0) + (f[4] ?? 0);
  return { busy: total - idle, total };
}

export function machineCores(): number {
  return readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((l) => /^cpu\d/.test(l)).length;
}
