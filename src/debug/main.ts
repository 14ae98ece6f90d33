// `node dist/debug-adapter.js`: the debugger as a standalone Debug Adapter speaking DAP over stdin/stdout, for
// Neovim (nvim-dap), Emacs (dape) and any other DAP client.
import { LedgerMirrorDebugSession } from './adapter';
import { StandaloneHost } from './standalone-host';

const session = new LedgerMirrorDebugSession(new StandaloneHost(process.cwd()));
process.on('SIGTERM', () => session.shutdown());
session.start(process.stdin, process.stdout);
