// Preloaded into a CLI child (NODE_OPTIONS=--require): writes the process's peak RSS in KB to $LEDGER_MAX_RSS_FILE.
process.on('exit', () => {
  if (process.env.LEDGER_MAX_RSS_FILE)
    require('node:fs').writeFileSync(process.env.LEDGER_MAX_RSS_FILE, String(process.resourceUsage().maxRSS));
});
