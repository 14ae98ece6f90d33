// `node dist/debug-adapter.js`: the debugger as a standalone Debug Adapter speaking DAP over stdin/stdout, for
// Neovim (nvim-dap), Emacs (dape) and any other DAP client.
import { LedgerMirrorDebugSession } from './adapter';
import { DapFraming } from './framing';
import { StandaloneHost } from './standalone-host';

const session = new LedgerMirrorDebugSession(new StandaloneHost(process.cwd()));
process.on('SIGTERM', () => session.shutdown());
// The library reads only frames this reader has checked (see framing.ts).
session.start(process.stdin.pipe(new DapFraming((problem) => session.refuseFrame(problem))), process.stdout);
