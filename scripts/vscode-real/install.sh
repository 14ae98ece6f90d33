#!/usr/bin/env bash
# Installs what the in-VS-Code and e2e suites need, idempotently, into the git-ignored .cache/vscode-real/:
#   - Debian packages chromium (the e2e browser) and libkrb5-dev (code-server's kerberos module builds against it),
#     only when missing;
#   - Node 24 from the npm package node@24 (code-server 4.139 requires Node 24; the system Node is 20);
#   - code-server from npm, built with that Node and its headers.
# Only the npm registry and Debian apt are used. Writes .cache/vscode-real/paths.json for the Node launchers.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CACHE=$ROOT/.cache/vscode-real
CODE_SERVER_VERSION=4.139.1
NODE_SPEC=node@24
mkdir -p "$CACHE/logs"

ts() { date +%s%N; }
secs_since() { local d=$(( ($(ts) - $1) / 1000000 )); printf '%d.%01ds' $((d / 1000)) $((d % 1000 / 100)); }
log() { echo "[install] $*"; }
fail() { echo "[install] FAILED: $*" >&2; exit 1; }
T_ALL=$(ts)

# ---- Debian packages (root on CI; elsewhere they must already be there)
need=()
command -v chromium >/dev/null || need+=(chromium)
[ -e /usr/include/gssapi/gssapi.h ] || need+=(libkrb5-dev)
command -v g++ >/dev/null && command -v make >/dev/null || need+=(build-essential)
command -v python3 >/dev/null || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
  [ "$(id -u)" = 0 ] || fail "missing Debian packages: ${need[*]} (run: sudo apt-get install -y ${need[*]})"
  T=$(ts); log "apt-get install ${need[*]}"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}"; } \
    >"$CACHE/logs/apt.log" 2>&1 || { tail -20 "$CACHE/logs/apt.log" >&2; fail "apt-get install ${need[*]}"; }
  log "apt done in $(secs_since "$T")"
fi
CHROMIUM=$(command -v chromium)

# Each npm install runs in its own folder with its own package.json, so npm never walks up into the project.
npm_install_in() { # $1 dir, $2 log name, $3.. npm install arguments
  local dir=$1 name=$2; shift 2
  mkdir -p "$dir"
  [ -f "$dir/package.json" ] || echo "{\"name\":\"vscode-real-$name\",\"private\":true}" >"$dir/package.json"
  (cd "$dir" && npm install --no-audit --no-fund --no-save "$@") >"$CACHE/logs/npm-$name.log" 2>&1 \
    || { tail -40 "$CACHE/logs/npm-$name.log" >&2; fail "npm install $* (log: $CACHE/logs/npm-$name.log)"; }
}

# Under `npm test` the outer npm (system Node) exports npm_* variables; the npm runs below would take them as their
# own config (npm_config_user_agent would tell code-server's postinstall it runs on the system Node), so drop them.
while IFS= read -r name; do unset "$name"; done < <(compgen -e | grep '^npm_' || true)

# ---- Node 24 (the registry tarball carries the binary and the C headers, so node-gyp works offline)
T=$(ts)
NODE_BIN_DIR=$CACHE/node/node_modules/.bin
[ -x "$NODE_BIN_DIR/node" ] && [[ "$("$NODE_BIN_DIR/node" --version)" == v24.* ]] || npm_install_in "$CACHE/node" node "$NODE_SPEC"
NODE_HEADERS=$(find "$CACHE/node/node_modules" -path '*/include/node/node.h' -print -quit)
[ -n "$NODE_HEADERS" ] || fail "node@24 has no headers under $CACHE/node"
NODE_HEADERS=$(dirname "$(dirname "$(dirname "$NODE_HEADERS")")")
log "node $("$NODE_BIN_DIR/node" --version) in $(secs_since "$T")"

# ---- code-server, built against Node 24: ~/.npmrc may point nodedir at the system Node 20 headers (wrong ABI),
# and without any nodedir node-gyp would try to download headers from nodejs.org.
export PATH="$NODE_BIN_DIR:$PATH"
export npm_config_nodedir="$NODE_HEADERS"
export npm_config_yes=true                # postinstall scripts call `npx node-gyp`; an npmrc with yes=false blocks them
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export XDG_CONFIG_HOME="$CACHE/xdg-config" XDG_DATA_HOME="$CACHE/xdg-data" XDG_CACHE_HOME="$CACHE/xdg-cache"
export NODE_COMPILE_CACHE="$CACHE/node-compile-cache"
T=$(ts)
CS=$CACHE/cs/node_modules/.bin/code-server
if ! { [ -x "$CS" ] && "$CS" --version 2>/dev/null | grep -q "^$CODE_SERVER_VERSION "; }; then
  log "installing code-server $CODE_SERVER_VERSION (about 2 minutes on a cold npm cache)"
  npm_install_in "$CACHE/cs" code-server --foreground-scripts "code-server@$CODE_SERVER_VERSION"
fi
log "code-server $CODE_SERVER_VERSION in $(secs_since "$T")"

# ---- paths for the Node launchers (scripts/vscode-real/env.mjs reads this file)
cat >"$CACHE/paths.json" <<JSON
{
  "node": "$NODE_BIN_DIR/node",
  "codeServer": "$CS",
  "codeServerVersion": "$CODE_SERVER_VERSION",
  "chromium": "$CHROMIUM"
}
JSON
log "ready in $(secs_since "$T_ALL") ($CACHE)"
