import { readdirSync, readFileSync } from 'node:fs';

/** Parent pid of every process on the machine, read from /proc (Linux); empty elsewhere. */
function parentPids() {
  const parents = new Map();
  let entries = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return parents;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name (field 2) may hold spaces and parentheses: the fields after its last ')' are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      /* the process ended while we read */
    }
  }
  return parents;
}

/** `pid` and every process below it, parents before their children. */
export function processTree(pid) {
  const parents = parentPids();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  return tree;
}

function signal(pids, sig) {
  for (const pid of pids) {
    try {
      process.kill(pid, sig);
    } catch {
      /* already gone */
    }
  }
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Stops a process and everything it started, wherever they sit: a test runner's web server may run in a process
 * group of its own, so signalling the runner's group would miss it. The tree is read before the first signal
 * (an orphan loses its parent link), asked to stop with SIGTERM, and whatever is left after `graceMs` is killed.
 */
export async function stopProcessTree(pid, graceMs = 10_000) {
  const tree = processTree(pid);
  signal(tree, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && tree.some(alive)) await new Promise((r) => setTimeout(r, 200));
  // Anything started during the grace period by a process of the tree belongs to it too.
  const left = [...new Set(tree.filter(alive).flatMap((p) => processTree(p)))];
  signal(left, 'SIGKILL');
}
