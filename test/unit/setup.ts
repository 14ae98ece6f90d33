// The unit tier is pure: a test here that opens a socket, starts a server or a child process fails at once and
// says where such a test belongs. Loaded by test/unit/.mocharc.json before any test file.
import childProcess from 'node:child_process';
import net from 'node:net';

function refuse(what: string): never {
  throw new Error(
    `${what} in the unit tier: unit tests are pure (no sockets, servers or child processes). Move this test to test/integration/.`,
  );
}

net.Socket.prototype.connect = function connect() {
  refuse('a socket connection');
} as typeof net.Socket.prototype.connect;
net.Server.prototype.listen = function listen() {
  refuse('a listening server');
} as typeof net.Server.prototype.listen;
for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const) {
  (childProcess as Record<string, unknown>)[name] = () => refuse(`child_process.${name}`);
}
