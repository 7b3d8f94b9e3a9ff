import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** Count and total self size of the objects of one kind in a heap snapshot. */
export interface HeapGroup {
  count: number;
  bytes: number;
}

interface SnapshotMeta {
  node_fields: string[];
  node_types: [string[]];
  edge_fields: string[];
  edge_types: [string[]];
  location_fields: string[];
}

/** Node types whose name is their content (a string's text, a number), grouped by type only. */
const NAMELESS = new Set(['string', 'concatenated string', 'sliced string', 'number', 'bigint', 'code', 'symbol', 'regexp']);

const lines = (file: string) => createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });

/** One section's rows of numbers ("nodes", "edges", "locations"): V8 writes one row per line. */
const numbers = (line: string): number[] =>
  line
    .replace(/^"\w+":\[/, '')
    .replace(/^,/, '')
    .replace(/\],?$/, '')
    .split(',')
    .filter(Boolean)
    .map(Number);

/** The snapshot's meta and its string table (the file's last section, one JSON string per line). */
async function header(file: string): Promise<{ meta: SnapshotMeta; nodeCount: number; strings: string[] }> {
  let text = '';
  let reading: 'meta' | 'skip' | 'strings' = 'meta';
  const strings: string[] = [];
  for await (const line of lines(file)) {
    if (reading === 'meta') {
      if (line.startsWith('"nodes":[')) reading = 'skip';
      else text += line;
    } else if (reading === 'skip') {
      if (line.startsWith('"strings":[')) {
        reading = 'strings';
        strings.push(JSON.parse(line.slice('"strings":['.length).replace(/,$/, '').replace(/\]\}$/, '')) as string);
      }
    } else strings.push(JSON.parse(line.replace(/,$/, '').replace(/\]\}$/, '')) as string);
  }
  const { snapshot } = JSON.parse(`${text.replace(/,$/, '')}}`) as { snapshot: { meta: SnapshotMeta; node_count: number } };
  return { meta: snapshot.meta, nodeCount: snapshot.node_count, strings };
}

/** The last three segments of a script's path: enough to tell node_modules/rxjs from apps/api. */
const shortScript = (name: string): string => name.split('/').slice(-3).join('/');

/**
 * Self size by kind of a V8 heap snapshot: an object by its constructor ("object:IncomingMessage"), a function by its
 * name and where it was written ("closure:onclose socket.io/dist/socket.js:120"), strings and code by type only. Read in
 * two passes line by line, as a snapshot of a process holding 20,000 sockets is larger than the longest string
 * JSON.parse accepts; it relies on V8's layout (one node, edge or location per line, one JSON string per line).
 */
export async function heapByKind(file: string): Promise<Map<string, HeapGroup>> {
  const { meta, nodeCount, strings } = await header(file);
  const nf = meta.node_fields.length;
  const ef = meta.edge_fields.length;
  const types = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const at = (fields: string[], name: string) => fields.indexOf(name);
  const [typeAt, nameAt, sizeAt, edgeCountAt] = ['type', 'name', 'self_size', 'edge_count'].map((f) => at(meta.node_fields, f));
  const [edgeTypeAt, edgeNameAt, edgeToAt] = ['type', 'name_or_index', 'to_node'].map((f) => at(meta.edge_fields, f));
  const [locObjectAt, locLineAt] = ['object_index', 'line'].map((f) => at(meta.location_fields, f));
  const closure = types.indexOf('closure');
  const internal = edgeTypes.indexOf('internal');
  const sharedName = strings.indexOf('shared');
  const scriptName = strings.indexOf('script_or_debug_info');

  const type = new Int32Array(nodeCount);
  const name = new Int32Array(nodeCount);
  const size = new Float64Array(nodeCount);
  const edgeCount = new Int32Array(nodeCount);
  // A closure's function (its SharedFunctionInfo), that function's script, and the closure's line.
  const sharedOf = new Int32Array(nodeCount).fill(-1);
  const scriptOf = new Int32Array(nodeCount).fill(-1);
  const lineOf = new Int32Array(nodeCount).fill(-1);

  let section: 'meta' | 'nodes' | 'edges' | 'between' | 'locations' | 'done' = 'meta';
  let node = 0;
  let owner = 0;
  let ownerLeft = 0;
  let pending: number[] = [];
  for await (const line of lines(file)) {
    if (section === 'meta') {
      if (!line.startsWith('"nodes":[')) continue;
      section = 'nodes';
    } else if (section === 'nodes' && line.startsWith('"edges":[')) section = 'edges';
    else if (section === 'edges' && line.startsWith('"')) section = 'between';
    if (section === 'between' && line.startsWith('"locations":[')) section = 'locations';
    else if (section === 'locations' && line.startsWith('"')) section = 'done';
    if (section === 'nodes') {
      pending.push(...numbers(line));
      for (; pending.length >= nf; pending = pending.slice(nf), node++) {
        type[node] = pending[typeAt]!;
        name[node] = pending[nameAt]!;
        size[node] = pending[sizeAt]!;
        edgeCount[node] = pending[edgeCountAt]!;
      }
    } else if (section === 'edges') {
      pending.push(...numbers(line));
      for (; pending.length >= ef; pending = pending.slice(ef)) {
        while (ownerLeft === 0) ownerLeft = edgeCount[owner++]!;
        ownerLeft--;
        const from = owner - 1;
        if (pending[edgeTypeAt] !== internal) continue;
        const to = pending[edgeToAt]! / nf;
        if (pending[edgeNameAt] === sharedName && type[from] === closure) sharedOf[from] = to;
        else if (pending[edgeNameAt] === scriptName) scriptOf[from] = to;
      }
    } else if (section === 'locations') {
      const row = numbers(line);
      if (row.length >= meta.location_fields.length) lineOf[row[locObjectAt]! / nf] = row[locLineAt]! + 1;
    }
  }

  const groups = new Map<string, HeapGroup>();
  for (let i = 0; i < nodeCount; i++) {
    const kind = types[type[i]!]!;
    let key = NAMELESS.has(kind) ? kind : `${kind}:${strings[name[i]!] ?? '?'}`;
    if (type[i] === closure && sharedOf[i]! >= 0) {
      const script = scriptOf[sharedOf[i]!]!;
      if (script >= 0) key += ` ${shortScript(strings[name[script]!] ?? '?')}:${lineOf[i]}`;
    }
    const group = groups.get(key) ?? { count: 0, bytes: 0 };
    group.count++;
    group.bytes += size[i]!;
    groups.set(key, group);
  }
  return groups;
}

/**
 * What each socket added between two snapshots of the same process, by kind: (after − before) / sockets added, the
 * kinds that grew most first.
 */
export function perSocket(
  before: Map<string, HeapGroup>,
  after: Map<string, HeapGroup>,
  socketsAdded: number,
): { kind: string; count: number; bytes: number }[] {
  return [...after]
    .map(([kind, a]) => {
      const b = before.get(kind) ?? { count: 0, bytes: 0 };
      return { kind, count: (a.count - b.count) / socketsAdded, bytes: (a.bytes - b.bytes) / socketsAdded };
    })
    .sort((x, y) => y.bytes - x.bytes);
}
