#!/usr/bin/env sh
# Installs code-server 4.100.3 (VS Code 1.100.3's web build, the last that runs on Node 20) into
# $SVC_CODE_SERVER_DIR (default ~/.cache/svc-code-server) for `npm run test:vscode`. It needs Debian's
# ripgrep, Chromium and the headers of its native modules; it takes a few minutes, once.
set -eu
DIR="${SVC_CODE_SERVER_DIR:-$HOME/.cache/svc-code-server}"
if [ "$(id -u)" = 0 ]; then
  apt-get update -q && apt-get install -y -q libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev ripgrep chromium fonts-dejavu-core
fi
mkdir -p "$DIR" && cd "$DIR"
export npm_config_yes=true npm_config_unsafe_perm=true
# Its postinstall downloads ripgrep from outside the registry: install without scripts and do its
# steps here, with Debian's rg.
npm install --ignore-scripts --no-audit --no-fund code-server@4.100.3
cd node_modules/code-server/lib/vscode
npm install --omit=dev --ignore-scripts --no-audit --no-fund
mkdir -p node_modules/@vscode/ripgrep/bin && cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
npm rebuild
ln -sfn node_modules node_modules.asar
(cd bin/remote-cli && ln -sfn code-linux.sh code-server)
(cd bin/helpers && ln -sfn browser-linux.sh browser.sh)
(cd extensions && npm install --omit=dev --no-audit --no-fund)
cd "$DIR/node_modules/argon2" && node ../@mapbox/node-pre-gyp/bin/node-pre-gyp install --fallback-to-build
echo "code-server installed in $DIR"
