import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (user + system, ms) of the processes `wanted` picks, from /proc (Linux; 0 elsewhere).
 * On a 2-core machine the load generator, the sandbox, the relays and PostgreSQL share the
 * cores, so a relay's added latency is mostly CPU it or its database spend per request.
 */
export function cpuMs(
  wanted: (pid: number, name: string) => boolean,
  kernelOnly = false,
  reapedChildren = false,
): number {
  let ticks = 0;
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const entry of names) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (!wanted(Number(entry), stat.slice(stat.indexOf('(') + 1, close))) continue;
      const fields = stat.slice(close + 2).split(' ');
      ticks += (kernelOnly ? 0 : Number(fields[11])) + Number(fields[12]);
      if (reapedChildren) ticks += (kernelOnly ? 0 : Number(fields[13])) + Number(fields[14]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/**
 * CPU ms of every PostgreSQL server process (backends, WAL writer, checkpointer, autovacuum), with
 * those that ended: the server waits for each of its processes, so theirs stays counted in its own
 * children's time. Without it, a backend that exited between two readings (a pool's idle connection
 * closed, an autovacuum worker done) took its CPU out of the second, once giving -0.15 ms per request.
 */
export function postgresCpuMs(): number {
  return cpuMs((_, name) => name === 'postgres', false, true);
}

/** A thread's scheduler times, ms: on a core, and runnable but waiting for one. */
export interface ThreadTimes {
  onCpuMs: number;
  waitingMs: number;
}

/**
 * The main thread's (the one running JavaScript) times of a process, from /proc/<pid>/schedstat
 * (Linux, nanoseconds; null elsewhere or once it has ended). A single-threaded server at full load
 * is limited by this thread alone: its time on a core per request bounds its requests a second even
 * with a core of its own, and its waiting time is what the other processes on the cores cost it.
 */
export function mainThreadTimes(pid: number): ThreadTimes | null {
  try {
    const [onCpu, waiting] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(' ').map(Number);
    if (!Number.isFinite(onCpu) || !Number.isFinite(waiting)) return null;
    return { onCpuMs: onCpu / 1e6, waitingMs: waiting / 1e6 };
  } catch {
    return null;
  }
}
