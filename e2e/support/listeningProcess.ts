// Which process of this machine listens on a TCP port, read from Linux's /proc: each listening socket's port and inode
// from the kernel's tables of TCP sockets, its process from the file descriptors that point at that inode. Lets a test
// ask a server it did not start (Playwright's webServer) what it runs on, without the server telling anyone over the
// network.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const LISTEN = '0A';

export interface ListeningProcess {
  pid: number;
  /** The program the process runs (/proc/<pid>/exe). */
  executable: string;
}

/** The sockets listening on these ports, by their link text in /proc/<pid>/fd (`socket:[<inode>]`). */
function listeningSockets(ports: number[]): Map<string, number> {
  const sockets = new Map<string, number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode ...
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      const port = Number.parseInt(local!.split(':')[1]!, 16);
      if (state === LISTEN && ports.includes(port)) sockets.set(`socket:[${inode}]`, port);
    }
  }
  return sockets;
}

/** The process listening on each of these ports (a port no process listens on is absent). */
export function processesListeningOn(ports: number[]): Map<number, ListeningProcess> {
  const sockets = listeningSockets(ports);
  const found = new Map<number, ListeningProcess>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    if (found.size === new Set(sockets.values()).size) break;
    let descriptors: string[];
    try {
      descriptors = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone meanwhile
    }
    for (const descriptor of descriptors) {
      let port: number | undefined;
      try {
        port = sockets.get(readlinkSync(`/proc/${pid}/fd/${descriptor}`));
      } catch {
        continue;
      }
      if (port !== undefined && !found.has(port))
        found.set(port, { pid: Number(pid), executable: readlinkSync(`/proc/${pid}/exe`) });
    }
  }
  return found;
}
